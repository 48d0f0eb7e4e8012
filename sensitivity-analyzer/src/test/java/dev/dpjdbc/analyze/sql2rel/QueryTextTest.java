package dev.dpjdbc.analyze.sql2rel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** PostgreSQL spellings Calcite cannot read: interval strings and {@code $n} parameters. */
class QueryTextTest {
  static Stream<Arguments> intervals() {
    return Stream.of(
        Arguments.of("5 years", "'5' YEAR"),
        Arguments.of("1 year", "'1' YEAR"),
        Arguments.of("5 YEARS", "'5' YEAR"),
        Arguments.of("5years", "'5' YEAR"),
        Arguments.of("2 y", "'2' YEAR"),
        Arguments.of("18 months", "'18' MONTH"),
        Arguments.of("2 mons", "'2' MONTH"),
        Arguments.of("1 year 6 months", "'18' MONTH"),
        Arguments.of("1.5 years", "'18' MONTH"),
        Arguments.of("2 decades", "'20' YEAR"),
        Arguments.of("1 century", "'100' YEAR"),
        Arguments.of("30 days", "'30' DAY"),
        Arguments.of("1 day", "'1' DAY"),
        Arguments.of("1 week", "'7' DAY"),
        Arguments.of("2 weeks 1 day", "'15' DAY"),
        Arguments.of("1 day 12 hours", "'36' HOUR"),
        Arguments.of("3 hrs", "'3' HOUR"),
        Arguments.of("90 minutes", "'90' MINUTE"),
        Arguments.of("1.5 hours", "'90' MINUTE"),
        Arguments.of("10 seconds", "'10' SECOND"),
        Arguments.of("1.5 s", "'1.5' SECOND"),
        Arguments.of("250 ms", "'0.25' SECOND"),
        Arguments.of("3 months ago", "'-3' MONTH"),
        Arguments.of("@ 2 days", "'2' DAY"),
        Arguments.of("-5 days", "'-5' DAY"),
        Arguments.of("1 day -2 hours", "'22' HOUR"),
        Arguments.of("0 days", "'0' DAY"),
        Arguments.of("1:30", "'90' MINUTE"),
        Arguments.of("01:30:15", "'5415' SECOND"),
        Arguments.of("-1:00", "'-1' HOUR"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("intervals")
  void interval_postgresText_becomesStandardLiteral(String body, String expected)
      throws SQLException {
    assertEquals(expected, PostgresIntervals.standard(body));
  }

  static Stream<Arguments> badIntervals() {
    return Stream.of(
        Arguments.of("1 year 2 days", "two intervals"),
        Arguments.of("1 mon 1 sec", "two intervals"),
        Arguments.of("0.1 year", "whole number of months"),
        Arguments.of("soon", "does not understand"),
        Arguments.of("", "does not understand"),
        Arguments.of("5 fortnights", "does not understand"),
        Arguments.of("P1Y2M", "does not understand"),
        Arguments.of("5 days 5", "does not understand"));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @MethodSource("badIntervals")
  void interval_notUnderstood_is0A000(String body, String fragment) {
    SQLException e = assertThrows(SQLException.class, () -> PostgresIntervals.standard(body));
    assertEquals("0A000", e.getSQLState());
    assertEquals(true, e.getMessage().contains(fragment), e.getMessage());
  }

  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("SELECT $1", "SELECT ? ", List.of(1)),
        Arguments.of(
            "WHERE a = $2 AND b = $1 LIMIT $12",
            "WHERE a = ?  AND b = ?  LIMIT ?  ",
            List.of(2, 1, 12)),
        Arguments.of("WHERE a = ? AND b = ?", "WHERE a = ? AND b = ?", List.of()),
        Arguments.of("WHERE s = '$1'", "WHERE s = '$1'", List.of()),
        Arguments.of("x - INTERVAL '5 years'", "x - INTERVAL '5' YEAR", List.of()),
        Arguments.of("x - interval '1 day'", "x - interval '1' DAY", List.of()),
        Arguments.of(
            "x - INTERVAL  /* c */ '2 hours'", "x - INTERVAL  /* c */ '2' HOUR", List.of()),
        Arguments.of("x - INTERVAL '5' YEAR", "x - INTERVAL '5' YEAR", List.of()),
        Arguments.of("x - INTERVAL '5' years", "x - INTERVAL '5' years", List.of()),
        Arguments.of("s = 'INTERVAL ''5 years'''", "s = 'INTERVAL ''5 years'''", List.of()),
        Arguments.of("\"interval\" = '5 years'", "\"interval\" = '5 years'", List.of()),
        Arguments.of("-- INTERVAL '5 years'\nx", "-- INTERVAL '5 years'\nx", List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("texts")
  void text_respelled(String sql, String expected, List<Integer> numbers) throws SQLException {
    QueryText t = QueryText.of(sql);
    assertEquals(expected, t.sql());
    assertEquals(numbers, t.dollarNumbers());
  }

  static Stream<Arguments> badTexts() {
    return Stream.of(
        Arguments.of("WHERE a = ? AND b = $1", "not both"),
        Arguments.of("WHERE a = $0", "no parameter $0"),
        Arguments.of("WHERE a = $65536", "no parameter"),
        Arguments.of("WHERE a = $99999999999999", "no parameter"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTexts")
  void text_badParameters_are42601(String sql, String fragment) {
    SQLException e = assertThrows(SQLException.class, () -> QueryText.of(sql));
    assertEquals("42601", e.getSQLState());
    assertEquals(true, e.getMessage().contains(fragment), e.getMessage());
  }
}
