package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
        Arguments.of("CHECK (x NOT BETWEEN 0 AND 1)", "x", -inf, inf),
        // PostgreSQL prints negative constants quoted, with a cast (pg_get_constraintdef)
        Arguments.of("CHECK (a >= '-2'::integer AND a <= 3)", "a", -2.0, 3.0),
        Arguments.of("CHECK (b >= '-2.5'::numeric AND b <= 2.5)", "b", -2.5, 2.5),
        Arguments.of("CHECK (c >= '-2'::integer AND c <= '-1'::integer)", "c", -2.0, -1.0),
        Arguments.of(
            "CHECK (e >= '-1000'::numeric::double precision"
                + " AND e <= '1000'::numeric::double precision)",
            "e",
            -1000.0,
            1000.0),
        Arguments.of("CHECK (bi >= '-9000000000'::bigint)", "bi", -9e9, inf),
        Arguments.of("CHECK (s > '-5'::integer)", "s", -5.0, inf),
        Arguments.of("CHECK (n >= '-1.5e2'::numeric(5,2))", "n", -150.0, inf),
        Arguments.of("CHECK ((x >= (- 2)) AND (x <= +3))", "x", -2.0, 3.0),
        Arguments.of("CHECK (((x)::numeric >= '-0.5'::numeric))", "x", -0.5, inf),
        // H2's print forms of the same
        Arguments.of("(\"C\" >= -2) AND (\"C\" <= -1)", "C", -2.0, -1.0),
        Arguments.of("\"D\" >= CAST(-2 AS DECFLOAT)", "D", -2.0, inf),
        Arguments.of(
            "\"E\" BETWEEN CAST(-1E+3 AS DECFLOAT) AND CAST(1E+3 AS DECFLOAT)",
            "E",
            -1000.0,
            1000.0),
        // not numeric comparisons: no bound
        Arguments.of("CHECK (((x)::text >= '-2'::text))", "x", -inf, inf),
        Arguments.of("CHECK (x >= 'NaN'::numeric)", "x", -inf, inf),
        Arguments.of("CHECK (x <= 'Infinity'::double precision)", "x", -inf, inf),
        Arguments.of("CHECK (x >= '-2'::integer::text)", "x", -inf, inf),
        Arguments.of(
            "CHECK (((s)::text <> 'a''::integer'::text) AND (x >= '-1'::integer))",
            "x",
            -1.0,
            inf));
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
        Arguments.of("CHECK (a IN ('it''s', 'b'))", "a", List.of("it's", "b")),
        Arguments.of(
            "CHECK ((d = ANY (ARRAY['2020-01-01'::date, '2020-02-01'::date])))",
            "d",
            List.of("2020-01-01", "2020-02-01")),
        Arguments.of(
            "CHECK (x = ANY (ARRAY['-1'::integer, 2]))",
            "x",
            List.of(new BigDecimal("-1"), new BigDecimal("2"))));
  }

  static Stream<Arguments> endpoints() {
    LocalDate from = LocalDate.of(2015, 1, 1);
    LocalDate to = LocalDate.of(2025, 12, 31);
    return Stream.of(
        Arguments.of(
            "CHECK (hired >= '2015-01-01'::date AND hired <= '2025-12-31'::date)",
            "hired",
            List.of(lower(from), upper(to))),
        Arguments.of(
            "CHECK (ts >= '2020-01-01 00:00:00'::timestamp without time zone"
                + " AND ts < '2021-01-01 00:00:00.5'::timestamp(3) without time zone)",
            "ts",
            List.of(
                lower(LocalDateTime.of(2020, 1, 1, 0, 0)),
                upper(LocalDateTime.of(2021, 1, 1, 0, 0, 0, 500_000_000)))),
        Arguments.of(
            "CHECK (tz >= '2020-01-01 00:00:00+05:30'::timestamp with time zone)",
            "tz",
            List.of(
                lower(
                    OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHoursMinutes(5, 30))))),
        Arguments.of(
            "CHECK (d = '2020-02-29'::date)",
            "d",
            List.of(new CheckParser.Endpoint(LocalDate.of(2020, 2, 29), true, true))),
        Arguments.of("CHECK ('2015-01-01'::date <= d)", "d", List.of(lower(from))),
        Arguments.of(
            "\"HIRED\" BETWEEN '2015-01-01' AND '2025-12-31'",
            "HIRED",
            List.of(lower("2015-01-01"), upper("2025-12-31"))),
        Arguments.of("\"H\" >= DATE '2010-01-01'", "H", List.of(lower(LocalDate.of(2010, 1, 1)))),
        Arguments.of(
            "\"TZ\" >= TIMESTAMP WITH TIME ZONE '2020-01-01 00:00:00+02'",
            "TZ",
            List.of(lower(OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2))))),
        Arguments.of(
            "CHECK ((hired)::text >= '2015-01-01'::text)", "hired", List.of(lower("2015-01-01"))),
        Arguments.of("CHECK (hired >= 'infinity'::date)", "hired", List.of(lower("infinity"))),
        Arguments.of("CHECK (hired >= '2015-02-30'::date)", "hired", List.of()));
  }

  @ParameterizedTest
  @MethodSource("endpoints")
  void parse_nonNumericConstant_givesEndpoint(
      String text, String column, List<CheckParser.Endpoint> expected) {
    assertEquals(
        expected,
        CheckParser.parse(text, "CHECK c", null).endpoints().getOrDefault(column, List.of()),
        text);
  }

  private static CheckParser.Endpoint lower(Object v) {
    return new CheckParser.Endpoint(v, true, false);
  }

  private static CheckParser.Endpoint upper(Object v) {
    return new CheckParser.Endpoint(v, false, true);
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
