package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CHECK constants in the units of the column's type (DATE days, TIMESTAMP milliseconds read as UTC,
 * TIMESTAMPTZ milliseconds of the instant), rounded outwards, and untyped strings only where the
 * backend reads them in the column's type.
 */
class DatetimeBoundsTest {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final long DAY = DatetimeBounds.DAY_MS;

  private static ColumnMeta col(int jdbcType) {
    return new ColumnMeta("c", jdbcType, "t", 0, 0, true, null);
  }

  private static double day(String iso) {
    return LocalDate.parse(iso).toEpochDay();
  }

  private static CheckParser.Endpoint lo(Object v) {
    return new CheckParser.Endpoint(v, true, false);
  }

  private static CheckParser.Endpoint hi(Object v) {
    return new CheckParser.Endpoint(v, false, true);
  }

  static Stream<Arguments> cases() {
    LocalDate d0 = LocalDate.of(2015, 1, 1);
    LocalDate d1 = LocalDate.of(2025, 12, 31);
    LocalDateTime noon = LocalDateTime.of(2015, 1, 1, 12, 0);
    OffsetDateTime plus2 = OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2));
    double plus2Ms = plus2.toInstant().toEpochMilli();
    return Stream.of(
        Arguments.of(
            "date on DATE",
            col(Types.DATE),
            List.of(lo(d0), hi(d1)),
            false,
            day("2015-01-01"),
            day("2025-12-31")),
        Arguments.of(
            "date on TIMESTAMP: midnight",
            col(Types.TIMESTAMP),
            List.of(lo(d0), hi(d1)),
            false,
            day("2015-01-01") * DAY,
            day("2025-12-31") * DAY),
        Arguments.of(
            "timestamp on DATE: lower end the next day, upper end its own day",
            col(Types.DATE),
            List.of(lo(noon), hi(noon)),
            false,
            day("2015-01-02"),
            day("2015-01-01")),
        Arguments.of(
            "timestamp at midnight on DATE: that day",
            col(Types.DATE),
            List.of(lo(d0.atStartOfDay())),
            false,
            day("2015-01-01"),
            INF),
        Arguments.of(
            "sub-millisecond rounds outwards",
            col(Types.TIMESTAMP),
            List.of(lo(noon.withNano(1_500_000)), hi(noon.withNano(1_500_000))),
            false,
            day("2015-01-01") * DAY + 43_200_001,
            day("2015-01-01") * DAY + 43_200_002),
        Arguments.of(
            "timestamptz: the instant",
            col(Types.TIMESTAMP_WITH_TIMEZONE),
            List.of(lo(plus2)),
            false,
            plus2Ms,
            INF),
        Arguments.of(
            "offset constant on TIMESTAMP: session time zone unknown, no bound",
            col(Types.TIMESTAMP),
            List.of(lo(plus2)),
            false,
            -INF,
            INF),
        Arguments.of(
            "local constant on TIMESTAMPTZ: no bound",
            col(Types.TIMESTAMP_WITH_TIMEZONE),
            List.of(lo(noon), hi(d1)),
            false,
            -INF,
            INF),
        Arguments.of(
            "untyped strings on PostgreSQL (a text comparison): no bound",
            col(Types.DATE),
            List.of(lo("2015-01-01"), hi("2025-12-31")),
            false,
            -INF,
            INF),
        Arguments.of(
            "untyped strings on H2: read as the column's type",
            col(Types.DATE),
            List.of(lo("2015-01-01"), hi("2025-12-31")),
            true,
            day("2015-01-01"),
            day("2025-12-31")),
        Arguments.of(
            "untyped number on an H2 INTEGER column",
            col(Types.INTEGER),
            List.of(lo("-2"), hi("not a number")),
            true,
            -2.0,
            INF),
        Arguments.of(
            "several lower ends: the largest",
            col(Types.DATE),
            List.of(lo(d0), lo(LocalDate.of(2016, 1, 1)), new CheckParser.Endpoint(d1, true, true)),
            false,
            day("2025-12-31"),
            day("2025-12-31")),
        Arguments.of(
            "numbers never reach here, other types give nothing",
            col(Types.VARCHAR),
            List.of(lo("a"), lo(new BigDecimal("1"))),
            true,
            -INF,
            INF));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void interval_inColumnUnits(
      String name,
      ColumnMeta column,
      List<CheckParser.Endpoint> ends,
      boolean untyped,
      double lower,
      double upper) {
    Interval iv = DatetimeBounds.interval(column, ends, untyped, "CHECK c");
    assertEquals(lower, iv.lower(), name);
    assertEquals(upper, iv.upper(), name);
  }
}
