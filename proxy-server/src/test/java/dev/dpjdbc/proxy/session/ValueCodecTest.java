package dev.dpjdbc.proxy.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValueCodecTest {
  static Stream<Arguments> numerics() {
    // layouts as PostgreSQL's numeric_send writes them
    return Stream.of(
        Arguments.of("0", "0000 0000 0000 0000"),
        Arguments.of("1", "0001 0000 0000 0000 0001"),
        Arguments.of("-12345.678", "0003 0001 4000 0003 0001 0929 1a7c"),
        Arguments.of("0.5", "0001 ffff 0000 0001 1388"),
        Arguments.of("10000", "0001 0001 0000 0000 0001"),
        Arguments.of("1.00", "0001 0000 0000 0002 0001"));
  }

  @ParameterizedTest
  @MethodSource("numerics")
  void numericBinary_matchesNumericSend(String value, String hex) {
    byte[] bytes = ValueCodec.numericBinary(new BigDecimal(value));
    assertEquals(hex.replace(" ", ""), HexFormat.of().formatHex(bytes));
    assertEquals(new BigDecimal(value), ValueCodec.numericFromBinary(bytes));
  }

  static Stream<Arguments> floats() {
    return Stream.of(
        Arguments.of(1.0, "1"),
        Arguments.of(-2.5, "-2.5"),
        Arguments.of(12345678.9, "12345678.9"),
        Arguments.of(1e20, "1e+20"),
        Arguments.of(1.5e-7, "1.5e-07"),
        Arguments.of(0.001, "0.001"),
        Arguments.of(Double.NaN, "NaN"),
        Arguments.of(Double.NEGATIVE_INFINITY, "-Infinity"));
  }

  @ParameterizedTest
  @MethodSource("floats")
  void floatText_matchesPostgresOutput(double v, String expected) {
    assertEquals(expected, ValueCodec.floatText(v));
  }

  @Test
  void pgType_byNameThenJdbcType() {
    assertEquals(PgType.INT8, PgType.of("int8", java.sql.Types.BIGINT));
    assertEquals(PgType.TEXT, PgType.of("_aclitem", java.sql.Types.ARRAY));
    assertEquals(PgType.TEXT, PgType.of("regclass", java.sql.Types.VARCHAR));
    assertEquals(PgType.FLOAT8, PgType.of(null, java.sql.Types.DOUBLE));
    assertEquals(PgType.VARCHAR, PgType.of("CHARACTER VARYING", java.sql.Types.VARCHAR));
    assertEquals(PgType.NAME, PgType.of("name", java.sql.Types.VARCHAR));
  }
}
