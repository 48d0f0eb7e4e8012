package dev.dpjdbc.analyze.privacy;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.NlsString;

/**
 * Intervals of dates and times, in Calcite's internal units (DATE: days since 1970-01-01;
 * TIMESTAMP: milliseconds since 1970-01-01 00:00; TIME: milliseconds of the day).
 *
 * <ul>
 *   <li>EXTRACT/DATE_PART of a field with a fixed range takes it from the field alone: MONTH 1..12,
 *       DAY 1..31, QUARTER 1..4, WEEK 1..53, DOY 1..366, ISODOW 1..7, HOUR 0..23, MINUTE 0..59,
 *       SECOND 0..61 (leap seconds, fractions), and DOW 0..7, the hull of PostgreSQL's 0..6 (Sunday
 *       = 0) and H2's and Calcite's 1..7 (Sunday = 1). YEAR, ISOYEAR, DECADE, CENTURY, MILLENNIUM
 *       and EPOCH are non-decreasing in the date, so they map its interval's ends.
 *   <li>Truncation (date_trunc, FLOOR(x TO unit)) is non-decreasing: the ends are truncated; CEIL
 *       adds one unit to the truncated upper end. An unknown unit keeps only the upper end.
 *   <li>date ± interval literal (or bounded interval) shifts the ends; months are added as
 *       calendars add them (non-decreasing); date + integer adds days, as PostgreSQL does.
 *   <li>CAST between DATE and TIMESTAMP converts the units (TIMESTAMP to DATE drops the time).
 * </ul>
 */
final class DatetimeRanges {
  static final long DAY_MS = 86_400_000L;

  private DatetimeRanges() {}

  /** A literal's value as a point; NULL is {@link Range#EMPTY}; text and booleans unbounded. */
  static Range literal(RexLiteral lit) {
    if (lit.isNull()) {
      return Range.EMPTY;
    }
    SqlTypeName t = lit.getTypeName();
    if (SqlTypeName.NUMERIC_TYPES.contains(t) || SqlTypeName.INTERVAL_TYPES.contains(t)) {
      BigDecimal v = lit.getValueAs(BigDecimal.class);
      return v == null ? Range.ALL : Range.point(v.doubleValue());
    }
    return switch (t) {
      case DATE -> Range.point(lit.getValueAs(Integer.class));
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Range.point(lit.getValueAs(Long.class));
      case TIME -> Range.point(lit.getValueAs(Integer.class));
      default -> Range.ALL;
    };
  }

  /** The time unit a flag or text literal names ('month', MONTH), or null. */
  static TimeUnitRange unit(RexNode e) {
    if (!(e instanceof RexLiteral lit) || lit.isNull()) {
      return null;
    }
    Object v = lit.getValue();
    if (v instanceof TimeUnitRange u) {
      return u;
    }
    String name = v instanceof NlsString s ? s.getValue() : String.valueOf(v);
    try {
      return TimeUnitRange.valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e2) {
      return null;
    }
  }

  static Range extract(RexCall call, RexIntervals ix) {
    List<RexNode> ops = call.getOperands();
    TimeUnitRange u = unit(ops.get(0));
    RexNode arg = ops.get(ops.size() - 1);
    if (u == null) {
      return Range.ALL;
    }
    return switch (u) {
      case QUARTER -> new Range(1, 4);
      case MONTH -> new Range(1, 12);
      case WEEK -> new Range(1, 53);
      case DAY -> new Range(1, 31);
      case DOY -> new Range(1, 366);
      case DOW -> new Range(0, 7);
      case ISODOW -> new Range(1, 7);
      case HOUR -> new Range(0, 23);
      case MINUTE -> new Range(0, 59);
      case SECOND -> new Range(0, 61);
      case MILLISECOND -> new Range(0, 61_000);
      case MICROSECOND -> new Range(0, 61_000_000);
      case YEAR, ISOYEAR, DECADE, CENTURY, MILLENNIUM -> years(u, arg, ix.range(arg));
      case EPOCH -> epoch(arg.getType(), ix.range(arg));
      default -> Range.ALL;
    };
  }

  private static Range years(TimeUnitRange u, RexNode arg, Range r) {
    if (!SqlTypeUtil.isDate(arg.getType()) && !SqlTypeUtil.isTimestamp(arg.getType())) {
      return Range.ALL;
    }
    boolean date = SqlTypeUtil.isDate(arg.getType());
    return r.monotone(
        v -> {
          LocalDate d = LocalDate.ofEpochDay(date ? (long) v : Math.floorDiv((long) v, DAY_MS));
          int y = d.getYear();
          return switch (u) {
            case ISOYEAR -> d.get(IsoFields.WEEK_BASED_YEAR);
            case DECADE -> Math.floorDiv(y, 10);
            case CENTURY -> y > 0 ? (y + 99) / 100 : -((99 - y) / 100);
            case MILLENNIUM -> y > 0 ? (y + 999) / 1000 : -((999 - y) / 1000);
            default -> y;
          };
        });
  }

  private static Range epoch(RelDataType t, Range r) {
    if (SqlTypeUtil.isDate(t)) {
      return r.monotone(v -> v * 86_400);
    }
    return SqlTypeUtil.isTimestamp(t) ? r.monotone(v -> v / 1000) : Range.ALL;
  }

  /** date_trunc('unit', x), DATE_TRUNC(x, unit), TIMESTAMP_TRUNC(x, unit). */
  static Range dateTrunc(RexCall call, RexIntervals ix) {
    RexNode value = null;
    TimeUnitRange u = null;
    for (RexNode o : call.getOperands()) {
      if (SqlTypeUtil.isDatetime(o.getType())) {
        value = o;
      } else {
        u = unit(o);
      }
    }
    if (value == null) {
      return Range.ALL;
    }
    return trunc(u, false, value.getType(), call.getType(), ix.range(value));
  }

  /** FLOOR/CEIL(x TO unit) and date truncation, in the result type's units. */
  static Range trunc(TimeUnitRange u, boolean ceil, RelDataType from, RelDataType to, Range r) {
    boolean date = SqlTypeUtil.isDate(from);
    if (!date && !SqlTypeUtil.isTimestamp(from)) {
      return Range.ALL;
    }
    LongUnaryOperator f = u == null ? null : floor(u, date);
    Range out;
    if (f == null) {
      out = new Range(Double.NEGATIVE_INFINITY, r.hi()); // truncation never increases a value
    } else {
      out = r.monotone(v -> f.applyAsLong((long) v));
      if (ceil) {
        LongUnaryOperator next = step(u, date);
        out = new Range(out.lo(), out.monotone(v -> next.applyAsLong((long) v)).hi());
      }
    }
    return convert(out, from, to);
  }

  static LongUnaryOperator floor(TimeUnitRange u, boolean date) {
    long unitMs =
        switch (u) {
          case HOUR -> 3_600_000L;
          case MINUTE -> 60_000L;
          case SECOND -> 1_000L;
          case MILLISECOND, MICROSECOND, NANOSECOND -> 1L;
          default -> 0L;
        };
    if (unitMs > 0) {
      return date ? v -> v : v -> Math.floorDiv(v, unitMs) * unitMs;
    }
    java.util.function.UnaryOperator<LocalDate> g =
        switch (u) {
          case DAY -> d -> d;
          case WEEK -> d -> d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
          case MONTH -> d -> d.withDayOfMonth(1);
          case QUARTER -> d -> d.withDayOfMonth(1).withMonth((d.getMonthValue() - 1) / 3 * 3 + 1);
          case YEAR -> d -> d.withDayOfYear(1);
          case DECADE -> d -> LocalDate.of(d.getYear() - Math.floorMod(d.getYear(), 10), 1, 1);
          case CENTURY -> d -> LocalDate.of(Math.floorDiv(d.getYear() - 1, 100) * 100 + 1, 1, 1);
          case MILLENNIUM ->
              d -> LocalDate.of(Math.floorDiv(d.getYear() - 1, 1000) * 1000 + 1, 1, 1);
          default -> null;
        };
    if (g == null) {
      return null;
    }
    if (date) {
      return v -> g.apply(LocalDate.ofEpochDay(v)).toEpochDay();
    }
    return v -> g.apply(LocalDate.ofEpochDay(Math.floorDiv(v, DAY_MS))).toEpochDay() * DAY_MS;
  }

  /** One unit later (for CEIL's upper end). */
  static LongUnaryOperator step(TimeUnitRange u, boolean date) {
    return switch (u) {
      case MONTH -> v -> addMonths(v, date, 1);
      case QUARTER -> v -> addMonths(v, date, 3);
      case YEAR -> v -> addMonths(v, date, 12);
      case DECADE -> v -> addMonths(v, date, 120);
      case CENTURY -> v -> addMonths(v, date, 1200);
      case MILLENNIUM -> v -> addMonths(v, date, 12_000);
      case WEEK -> v -> v + (date ? 7 : 7 * DAY_MS);
      case DAY -> v -> v + (date ? 1 : DAY_MS);
      default -> v -> v + (date ? 1 : DAY_MS);
    };
  }

  private static long addMonths(long v, boolean date, long months) {
    if (date) {
      return LocalDate.ofEpochDay(v).plusMonths(months).toEpochDay();
    }
    long day = Math.floorDiv(v, DAY_MS);
    long rest = Math.floorMod(v, DAY_MS);
    return LocalDate.ofEpochDay(day).plusMonths(months).toEpochDay() * DAY_MS + rest;
  }

  /** datetime ± interval (or ± integer days for a DATE), in the result type's units. */
  static Range shift(RexCall call, RexIntervals ix, boolean minus) {
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    if (!SqlTypeUtil.isDatetime(a.getType())) {
      if (minus) {
        return Range.ALL; // interval − date is not a date
      }
      RexNode t = a;
      a = b;
      b = t;
    }
    RelDataType to = call.getType();
    if (!SqlTypeUtil.isDatetime(a.getType())
        || (!SqlTypeUtil.isDate(to) && !SqlTypeUtil.isTimestamp(to))) {
      return Range.ALL;
    }
    Range base = convert(ix.range(a), a.getType(), to);
    Range by = ix.range(b);
    if (minus) {
      by = Range.negate(by);
    }
    boolean date = SqlTypeUtil.isDate(to);
    RelDataType bt = b.getType();
    if (bt.getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
      if (!by.bounded() || base.isEmpty()) {
        return by.isEmpty() ? Range.EMPTY : Range.ALL;
      }
      long mlo = (long) by.lo();
      long mhi = (long) by.hi();
      return new Range(
          base.monotone(v -> addMonths((long) v, date, mlo)).lo(),
          base.monotone(v -> addMonths((long) v, date, mhi)).hi());
    }
    if (SqlTypeUtil.isInterval(bt)) {
      Range units =
          date ? new Range(Math.floor(by.lo() / DAY_MS), Math.ceil(by.hi() / DAY_MS)) : by;
      return Range.add(base, units);
    }
    if (SqlTypeUtil.isIntType(bt) && date) {
      return Range.add(base, by);
    }
    return Range.ALL;
  }

  /** Between DATE and TIMESTAMP units (same type: unchanged; anything else unbounded). */
  static Range convert(Range r, RelDataType from, RelDataType to) {
    boolean fd = SqlTypeUtil.isDate(from);
    boolean td = SqlTypeUtil.isDate(to);
    boolean fts = SqlTypeUtil.isTimestamp(from);
    boolean tts = SqlTypeUtil.isTimestamp(to);
    if (fts && tts && to.getPrecision() < from.getPrecision()) {
      return Range.add(r, new Range(-1000, 1000)); // rounded to whole seconds or finer
    }
    if ((fd && td) || (fts && tts) || (from.getSqlTypeName() == to.getSqlTypeName())) {
      return r;
    }
    if (fd && tts) {
      return r.monotone(v -> v * DAY_MS);
    }
    if (fts && td) {
      return r.monotone(v -> Math.floorDiv((long) v, DAY_MS));
    }
    return Range.ALL;
  }
}
