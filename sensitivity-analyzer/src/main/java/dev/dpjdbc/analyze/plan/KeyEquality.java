package dev.dpjdbc.analyze.plan;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Equality of group-key values in the key's SQL type, the rule by which the driver matches a
 * backend row to a released group of a public domain ({@link GroupKey#domain()}).
 *
 * <p>The guarantee: two values get equal canonical forms ({@link #canonical}) only when the backend
 * holds them equal as values of the key's type, so the driver never adds two backend groups into
 * one released group (which would move that group's value by 2C for one unit while λ was computed
 * for C). The forms, by the key's JDBC type:
 *
 * <ul>
 *   <li>text ({@code VARCHAR}, enums, types the analyzer reads as text): the exact string;
 *   <li>{@code CHAR(n)}: the string without trailing spaces (blank-padded comparison);
 *   <li>{@code BOOLEAN}: {@link Boolean} values only (no text such as {@code 't'});
 *   <li>integers: integral numbers, by value; {@code NUMERIC}: numbers by {@link
 *       BigDecimal#compareTo} (1, 1.0 and 1.00 are one value);
 *   <li>{@code REAL} / {@code DOUBLE}: the float (double) the number rounds to, -0 as 0, NaN equal
 *       to NaN, as PostgreSQL groups them (the backend returns these keys as Float and Double, so
 *       only the domain's values are rounded);
 *   <li>dates, times, timestamps: the value the backend's text output (or an ISO string in the
 *       domain) denotes; timestamps with time zone as instants, written with an offset;
 *   <li>NULL equals NULL (GROUP BY's grouping), nothing else.
 * </ul>
 *
 * A value that is not a value of the key's type (text for an integer key, 1.5 for an integer key,
 * {@code 't'} for a boolean key) has no canonical form: a backend row with it is dropped, a domain
 * with it is refused ({@link #requireDistinct}), as is a domain holding two equal values.
 */
public final class KeyEquality {
  private KeyEquality() {}

  private enum Kind {
    BOOLEAN,
    INTEGER,
    NUMERIC,
    REAL,
    DOUBLE,
    CHAR,
    TEXT,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMPTZ
  }

  /** SQL NULL in canonical form (a GROUP BY puts every NULL into one group). */
  private static final Object NULL =
      new Object() {
        @Override
        public String toString() {
          return "NULL";
        }
      };

  private static final DateTimeFormatter TIMESTAMP =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE)
          .optionalStart()
          .appendLiteral(' ')
          .optionalEnd()
          .optionalStart()
          .appendLiteral('T')
          .optionalEnd()
          .append(DateTimeFormatter.ISO_LOCAL_TIME)
          .toFormatter(Locale.ROOT);

  /** PostgreSQL's and H2's text output of a timestamptz ({@code +00}, {@code +05:30}, ...). */
  private static final DateTimeFormatter TIMESTAMPTZ =
      new DateTimeFormatterBuilder()
          .append(TIMESTAMP)
          .appendOffset("+HH:mm:ss", "Z")
          .toFormatter(Locale.ROOT);

  /**
   * Whether the driver reads the key column with {@code ResultSet.getString} (the backend's text
   * output of the value, which does not depend on the JVM's time zone) rather than {@code
   * getObject}: dates, times and timestamps, and text.
   */
  public static boolean readsText(GroupKey key) {
    return switch (kind(key)) {
      case CHAR, TEXT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ -> true;
      default -> false;
    };
  }

  /**
   * The canonical form of {@code value} as a value of {@code key}'s type: equal forms for equal
   * values (see the class comment); empty when {@code value} is not a value of that type. Canonical
   * forms of different keys are not comparable.
   */
  public static Optional<Object> canonical(GroupKey key, Object value) {
    if (value == null) {
      return Optional.of(NULL);
    }
    try {
      return Optional.ofNullable(canonical(kind(key), value));
    } catch (ArithmeticException | NumberFormatException | DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /**
   * Refuses a key whose public domain holds a value that is not a value of the key's type, or two
   * values equal in it (policy {@code values: [1, 1.0]} for an integer column, {@code CHECK (x IN
   * (1, 1.0))} on a NUMERIC column): released as two groups, the backend's one group would be added
   * into both or the two kept apart by a rule the backend does not share. SQLState {@code F0000}
   * when the domain comes from the policy's {@code values:}, else {@code 0A000}.
   */
  public static void requireDistinct(GroupKey key) throws SQLException {
    Map<Object, Object> seen = new HashMap<>();
    for (Object v : key.domain()) {
      Optional<Object> c = canonical(key, v);
      if (c.isEmpty()) {
        throw refusal(
            key,
            "the value "
                + quote(v)
                + " is not a value of the key's type "
                + key.typeName()
                + (kind(key) == Kind.TIMESTAMPTZ
                    ? " (write timestamps with time zone with their offset, e.g."
                        + " 2024-01-01 00:00:00+00)"
                    : ""));
      }
      if (seen.containsKey(c.get())) {
        Object prior = seen.get(c.get());
        String which =
            quote(prior).equals(quote(v))
                ? "the value " + quote(v) + " is listed twice (as written, e.g. 1 and 1.0)"
                : "the values " + quote(prior) + " and " + quote(v) + " are equal";
        throw refusal(
            key,
            which
                + " as "
                + key.typeName()
                + " values: the database groups them into one group, which dpjdbc cannot release"
                + " as two. List each value once");
      }
      seen.put(c.get(), v);
    }
  }

  private static SQLException refusal(GroupKey key, String what) {
    boolean policy = key.domainSource() != null && key.domainSource().startsWith("policy values");
    return new SQLException(
        "the public domain of GROUP BY key "
            + key.column()
            + " (from "
            + key.domainSource()
            + ") cannot be released: "
            + what
            + (policy
                ? " in the policy's values: list of that column"
                : "; group by a column whose declared values are distinct in its type"),
        policy
            ? AnalyzerSqlState.INVALID_POLICY.code()
            : AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  private static String quote(Object v) {
    return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
  }

  private static Kind kind(GroupKey key) {
    String name = key.typeName() == null ? "" : key.typeName().toLowerCase(Locale.ROOT);
    return switch (key.jdbcType()) {
      case Types.BOOLEAN, Types.BIT -> Kind.BOOLEAN;
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> Kind.INTEGER;
      case Types.NUMERIC, Types.DECIMAL -> Kind.NUMERIC;
      case Types.REAL -> Kind.REAL;
      case Types.FLOAT, Types.DOUBLE -> Kind.DOUBLE;
      case Types.CHAR, Types.NCHAR -> Kind.CHAR;
      case Types.DATE -> Kind.DATE;
      case Types.TIME ->
          name.equals("timetz") || name.contains("time zone") ? Kind.TEXT : Kind.TIME;
      case Types.TIMESTAMP ->
          name.equals("timestamptz") || name.contains("time zone")
              ? Kind.TIMESTAMPTZ
              : Kind.TIMESTAMP;
      case Types.TIMESTAMP_WITH_TIMEZONE -> Kind.TIMESTAMPTZ;
      default -> Kind.TEXT; // VARCHAR, enums and what the analyzer reads as text: exact strings
    };
  }

  /** The canonical form, or null when {@code v} is not a value of the kind. */
  private static Object canonical(Kind kind, Object v) {
    return switch (kind) {
      case BOOLEAN -> v instanceof Boolean b ? b : null;
      case INTEGER -> {
        BigDecimal d = number(v);
        yield d != null && d.scale() <= 0 ? d : null;
      }
      case NUMERIC -> number(v);
      case REAL -> v instanceof Number n ? Float.valueOf(n.floatValue() + 0f) : null;
      case DOUBLE -> v instanceof Number n ? Double.valueOf(n.doubleValue() + 0d) : null;
      case CHAR -> v instanceof String s ? s.replaceFirst(" +$", "") : null;
      case TEXT -> v instanceof String s ? s : null;
      case DATE ->
          v instanceof LocalDate d ? d : v instanceof String s ? LocalDate.parse(s.trim()) : null;
      case TIME ->
          v instanceof LocalTime t ? t : v instanceof String s ? LocalTime.parse(s.trim()) : null;
      case TIMESTAMP ->
          v instanceof LocalDateTime t
              ? t
              : v instanceof String s ? LocalDateTime.parse(s.trim(), TIMESTAMP) : null;
      case TIMESTAMPTZ ->
          v instanceof OffsetDateTime t
              ? t.toInstant()
              : v instanceof String s ? offsetTimestamp(s.trim()) : null;
    };
  }

  /** A number by value (stripped of trailing zeros), or null for non-numbers, NaN, infinities. */
  private static BigDecimal number(Object v) {
    BigDecimal d;
    if (v instanceof BigDecimal b) {
      d = b;
    } else if (v instanceof BigInteger b) {
      d = new BigDecimal(b);
    } else if (v instanceof Long
        || v instanceof Integer
        || v instanceof Short
        || v instanceof Byte) {
      d = BigDecimal.valueOf(((Number) v).longValue());
    } else if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      if (Double.isNaN(x) || Double.isInfinite(x)) {
        return null;
      }
      d = new BigDecimal(x); // exact: distinct doubles stay distinct
    } else {
      return null;
    }
    return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
  }

  private static Object offsetTimestamp(String s) {
    return OffsetDateTime.parse(s, TIMESTAMPTZ).toInstant();
  }
}
