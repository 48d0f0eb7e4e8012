package dev.dpjdbc.it.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Group keys match whatever JDBC type each side returns: the backend's exact answer and the
 * driver's released one may type the same key differently (an EXTRACT as NUMERIC or INTEGER, a
 * month as DATE or TIMESTAMP WITH TIME ZONE).
 */
class ResultTableTest {

  static Stream<Arguments> sameKeys() {
    return Stream.of(
        Arguments.of(1, new BigDecimal("1.000")),
        Arguments.of(1L, 1.0d),
        Arguments.of(new BigDecimal("0.00"), 0),
        Arguments.of(1.7e9d, new BigDecimal("1700000000")),
        Arguments.of(Date.valueOf("2024-03-01"), Timestamp.valueOf("2024-03-01 00:00:00")),
        Arguments.of(
            Date.valueOf("2024-03-01"), OffsetDateTime.of(2024, 3, 1, 0, 0, 0, 0, ZoneOffset.UTC)),
        Arguments.of(
            Timestamp.valueOf("2024-03-01 10:30:00"), LocalDateTime.of(2024, 3, 1, 10, 30)),
        Arguments.of(LocalDate.of(2024, 3, 1), LocalDateTime.of(2024, 3, 1, 0, 0)),
        Arguments.of(true, Boolean.TRUE),
        Arguments.of(null, null));
  }

  @ParameterizedTest
  @MethodSource("sameKeys")
  void keyText_sameValueInDifferentJdbcTypes_matches(Object a, Object b) {
    assertEquals(
        ResultTable.keyText(ResultTable.normalize(a)),
        ResultTable.keyText(ResultTable.normalize(b)));
  }

  @ParameterizedTest
  @MethodSource("sameKeys")
  void number_ofNumericKeys_isTheirValue(Object a, Object b) {
    double x = ResultTable.number(ResultTable.normalize(a));
    double y = ResultTable.number(ResultTable.normalize(b));
    if (!Double.isNaN(x) || !Double.isNaN(y)) {
      assertEquals(x, y, 1e-9 * Math.abs(x));
    }
  }
}
