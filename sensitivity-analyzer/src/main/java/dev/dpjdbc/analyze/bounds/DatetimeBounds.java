package dev.dpjdbc.analyze.bounds;

import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;

/**
 * Turns the non-numeric constants of a CHECK ({@link CheckParser.Endpoint}) into an {@link
 * Interval} in the units of the column's type — the units Calcite uses inside a plan, so that the
 * relational analysis ({@code analyze.privacy.DatetimeRanges}) reads the same numbers from a scan
 * as from a literal in a WHERE:
 *
 * <ul>
 *   <li>DATE: days since 1970-01-01;
 *   <li>TIMESTAMP (without time zone): milliseconds since 1970-01-01 00:00, the wall-clock time
 *       read as if it were UTC;
 *   <li>TIMESTAMP WITH TIME ZONE: milliseconds since 1970-01-01 00:00 UTC (the instant).
 * </ul>
 *
 * <p>Conversions, each exact or rounded outwards (a weaker but still true guarantee): a DATE
 * constant on a TIMESTAMP column is its midnight; a TIMESTAMP constant on a DATE column bounds the
 * date from below by the day after (unless the time is midnight) and from above by its own day, as
 * PostgreSQL compares a date with a timestamp at the date's midnight; fractions of a millisecond
 * round outwards. A constant with a UTC offset bounds only a TIMESTAMP WITH TIME ZONE column, and a
 * constant without one only the other two: between them PostgreSQL converts in the session's time
 * zone, which a catalog read does not know, so no bound is taken.
 *
 * <p>Untyped string constants are read in the column's type only where the backend compares them so
 * ({@code untypedTakesColumnType}): H2 prints {@code "HIRED" BETWEEN '2015-01-01' AND ...} and
 * converts the strings to the column's DATE; PostgreSQL prints every typed constant with its cast,
 * so an untyped string left after the casts were dropped came from a text comparison ({@code
 * (x)::text >= '5'::text}), which orders differently and gives no bound.
 */
final class DatetimeBounds {
  /** Milliseconds per day. */
  static final long DAY_MS = 86_400_000L;

  private static final DateTimeFormatter LOCAL =
      new DateTimeFormatterBuilder()
          .appendPattern("uuuu-MM-dd")
          .optionalStart()
          .appendLiteral(' ')
          .optionalEnd()
          .optionalStart()
          .appendLiteral('T')
          .optionalEnd()
          .appendPattern("HH:mm")
          .optionalStart()
          .appendPattern(":ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .optionalEnd()
          .toFormatter(Locale.ROOT);

  private static final DateTimeFormatter OFFSET =
      new DateTimeFormatterBuilder()
          .append(LOCAL)
          .appendOffset("+HH:mm:ss", "Z")
          .toFormatter(Locale.ROOT);

  private DatetimeBounds() {}

  /**
   * A typed literal's value: {@code DATE} → LocalDate, {@code TIMESTAMP} → LocalDateTime, {@code
   * TIMESTAMP WITH [LOCAL] TIME ZONE} → OffsetDateTime (the text must carry its offset); null when
   * the text does not parse (no bound is taken from it).
   */
  static Object parse(String tag, String text) {
    String t = tag.toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    String v = text.strip();
    try {
      return switch (t) {
        case "DATE" -> LocalDate.parse(v);
        case "TIMESTAMP" -> LocalDateTime.parse(v, LOCAL);
        case "TIMESTAMP WITH LOCAL TIME ZONE", "TIMESTAMP WITH TIME ZONE" ->
            OffsetDateTime.parse(v, OFFSET);
        default -> null;
      };
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * The interval the endpoints give {@code column}, in its type's units (see the class comment);
   * {@link Interval#UNBOUNDED} for columns of other types or when no endpoint applies.
   */
  static Interval interval(
      ColumnMeta column, List<CheckParser.Endpoint> endpoints, boolean untyped, String source) {
    double lo = Double.NEGATIVE_INFINITY;
    double hi = Double.POSITIVE_INFINITY;
    for (CheckParser.Endpoint e : endpoints) {
      if (e.lower()) {
        Double v = units(column, e.value(), true, untyped);
        if (v != null) {
          lo = Math.max(lo, v);
        }
      }
      if (e.upper()) {
        Double v = units(column, e.value(), false, untyped);
        if (v != null) {
          hi = Math.min(hi, v);
        }
      }
    }
    return new Interval(
        lo,
        hi,
        lo == Double.NEGATIVE_INFINITY ? null : source,
        hi == Double.POSITIVE_INFINITY ? null : source);
  }

  /** {@code value} in the column's units, rounded down for a lower end and up for an upper one. */
  private static Double units(ColumnMeta c, Object value, boolean lower, boolean untyped) {
    Object v = value;
    if (v instanceof String s) {
      if (!untyped) {
        return null;
      }
      v = untypedValue(c, s);
      if (v == null) {
        return null;
      }
    }
    if (c.isNumeric()) {
      return v instanceof BigDecimal d ? d.doubleValue() : null;
    }
    return switch (c.jdbcType()) {
      case Types.DATE -> dateDays(v, lower);
      case Types.TIMESTAMP -> timestampMillis(v, lower);
      case Types.TIMESTAMP_WITH_TIMEZONE ->
          v instanceof OffsetDateTime o ? millis(o.toLocalDateTime(), lower, o) : null;
      default -> null;
    };
  }

  /** An untyped string as the backend reads it for a column of {@code c}'s type, or null. */
  private static Object untypedValue(ColumnMeta c, String s) {
    if (c.isNumeric()) {
      try {
        return new BigDecimal(s.strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return switch (c.jdbcType()) {
      case Types.DATE -> parse("DATE", s);
      case Types.TIMESTAMP -> {
        Object ts = parse("TIMESTAMP", s);
        yield ts != null ? ts : parse("DATE", s);
      }
      case Types.TIMESTAMP_WITH_TIMEZONE -> parse("TIMESTAMP WITH TIME ZONE", s);
      default -> null;
    };
  }

  private static Double dateDays(Object v, boolean lower) {
    if (v instanceof LocalDate d) {
      return (double) d.toEpochDay();
    }
    if (v instanceof LocalDateTime t) {
      long day = t.toLocalDate().toEpochDay();
      boolean midnight = t.toLocalTime().toNanoOfDay() == 0;
      return (double) (lower && !midnight ? day + 1 : day);
    }
    return null;
  }

  private static Double timestampMillis(Object v, boolean lower) {
    if (v instanceof LocalDate d) {
      try {
        return (double) Math.multiplyExact(d.toEpochDay(), DAY_MS);
      } catch (ArithmeticException e) {
        return null;
      }
    }
    if (v instanceof LocalDateTime t) {
      return millis(t, lower, null);
    }
    return null;
  }

  /**
   * Milliseconds of {@code t} (at {@code offset}, or read as UTC), sub-millisecond outwards; null
   * when they do not fit a long.
   */
  private static Double millis(LocalDateTime t, boolean lower, OffsetDateTime offset) {
    long seconds = offset != null ? offset.toEpochSecond() : t.toEpochSecond(ZoneOffset.UTC);
    int nanos = t.getNano();
    try {
      long ms = Math.addExact(Math.multiplyExact(seconds, 1000L), nanos / 1_000_000);
      return (double) (!lower && nanos % 1_000_000 != 0 ? ms + 1 : ms);
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
