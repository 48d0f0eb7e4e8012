package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** CHECK texts as PostgreSQL ({@code pg_get_constraintdef}) and H2 print them. */
class CheckParserTest {

  static Stream<Arguments> intervals() {
    double inf = Double.POSITIVE_INFINITY;
    return Stream.of(
        Arguments.of("CHECK (salary >= 0 AND salary <= 200000)", "salary", 0.0, 200000.0),
        Arguments.of("CHECK (((salary >= 0) AND (salary <= 200000)))", "salary", 0.0, 200000.0),
        Arguments.of(
            "CHECK ((salary >= (0)::numeric) AND (salary <= 2.5e5))", "salary", 0.0, 250000.0),
        Arguments.of(
            "CHECK (((x)::numeric >= 1.5) AND ((x)::numeric <= (10)::numeric))", "x", 1.5, 10.0),
        Arguments.of("CHECK (x BETWEEN -5 AND 5)", "x", -5.0, 5.0),
        Arguments.of(
            "(\"SALARY\" >= CAST(0 AS NUMERIC(1))) AND (\"SALARY\" <= CAST(200000 AS NUMERIC(6)))",
            "SALARY",
            0.0,
            200000.0),
        Arguments.of("\"SALARY\" BETWEEN 0 AND 100", "SALARY", 0.0, 100.0),
        Arguments.of("CHECK (x > -1)", "x", -1.0, inf),
        Arguments.of("CHECK (10 >= x)", "x", -inf, 10.0),
        Arguments.of("CHECK (x >= 0 AND x >= 3 AND x < 9 AND x <= 20)", "x", 3.0, 9.0),
        Arguments.of("CHECK (x = ANY (ARRAY[1, 2, 7]))", "x", 1.0, 7.0),
        Arguments.of("CHECK ((x >= 0) OR (x <= 10))", "x", -inf, inf),
        Arguments.of("CHECK (NOT (x BETWEEN 0 AND 1))", "x", -inf, inf),
        Arguments.of("CHECK (abs(x) <= 10)", "x", -inf, inf),
        Arguments.of("CHECK (x NOT BETWEEN 0 AND 1)", "x", -inf, inf));
  }

  @ParameterizedTest
  @MethodSource("intervals")
  void parse_check_givesInterval(String text, String column, double lower, double upper) {
    Interval iv =
        CheckParser.parse(text, "CHECK c", null)
            .intervals()
            .getOrDefault(column, Interval.UNBOUNDED);
    assertEquals(lower, iv.lower(), text);
    assertEquals(upper, iv.upper(), text);
  }

  static Stream<Arguments> valueSets() {
    return Stream.of(
        Arguments.of(
            "CHECK (((region)::text = ANY ((ARRAY['N'::character varying, 'S'::character varying,"
                + " 'E'::character varying, 'W'::character varying])::text[])))",
            "region",
            List.of("N", "S", "E", "W")),
        Arguments.of(
            "CHECK ((kind = ANY (ARRAY['web'::text, 'shop'::text])))",
            "kind",
            List.of("web", "shop")),
        Arguments.of("\"REGION\" IN('N', 'S')", "REGION", List.of("N", "S")),
        Arguments.of("CHECK (x IN (1, 2) AND x IN (2, 3))", "x", List.of(new BigDecimal("2"))),
        Arguments.of("CHECK (flag = true)", "flag", List.of(true)),
        Arguments.of("CHECK (a IN ('it''s', 'b'))", "a", List.of("it's", "b")));
  }

  @ParameterizedTest
  @MethodSource("valueSets")
  void parse_inList_givesValueSet(String text, String column, List<Object> values) {
    assertEquals(values, CheckParser.parse(text, "CHECK c", null).values().get(column), text);
  }

  @ParameterizedTest
  @MethodSource("intervals")
  void parse_domainCheck_mapsValueToColumn(String text, String column, double lower, double upper) {
    String domainText =
        text.replace("\"" + column + "\"", "VALUE").replaceAll("\\b" + column + "\\b", "VALUE");
    Interval iv =
        CheckParser.parse(domainText, "domain d", "col")
            .intervals()
            .getOrDefault("col", Interval.UNBOUNDED);
    assertEquals(lower, iv.lower(), domainText);
    assertEquals(upper, iv.upper(), domainText);
  }

  @org.junit.jupiter.api.Test
  void parse_garbage_givesNothing() {
    assertNull(CheckParser.parse("CHECK (((", "c", null).intervals().get("x"));
  }
}
