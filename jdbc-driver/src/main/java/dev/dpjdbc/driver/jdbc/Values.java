package dev.dpjdbc.driver.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;

/**
 * Conversions from a released cell (Long, Double, BigDecimal, Integer, Boolean, String, date/time,
 * or null) to the type a getter asks for, following JDBC's conversion table where it applies. A
 * conversion that makes no sense is SQLState 22018 naming both types.
 */
final class Values {
  private Values() {}

  /**
   * The value as text; a {@code LocalDateTime} (a released TIMESTAMP key or a post-processed
   * timestamp) as PostgreSQL prints a timestamp, {@code 2024-01-01 00:00:00[.ffffff]}, not as
   * {@code LocalDateTime.toString}'s ISO {@code 2024-01-01T00:00}.
   */
  static String asString(Object v) {
    if (v instanceof LocalDateTime t) {
      String s = t.toLocalDate() + " " + TIME_OF_DAY.format(t);
      String micros =
          String.format(java.util.Locale.ROOT, "%06d", t.getNano() / 1000).replaceFirst("0+$", "");
      return micros.isEmpty() ? s : s + "." + micros;
    }
    return v == null ? null : v.toString();
  }

  private static final java.time.format.DateTimeFormatter TIME_OF_DAY =
      java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss", java.util.Locale.ROOT);

  static boolean asBoolean(Object v) throws SQLException {
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    String s = v.toString().trim().toLowerCase(java.util.Locale.ROOT);
    return switch (s) {
      case "t", "true", "y", "yes", "on", "1" -> true;
      case "f", "false", "n", "no", "off", "0" -> false;
      default -> throw cannot(v, "boolean");
    };
  }

  static long asLong(Object v) throws SQLException {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      try {
        return dev.dpjdbc.driver.perturb.NearestLong.of(n); // nearest, never truncated
      } catch (ArithmeticException e) {
        throw cannot(v, "long");
      }
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    try {
      return new BigDecimal(v.toString().trim())
          .setScale(0, java.math.RoundingMode.HALF_UP)
          .longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw cannot(v, "long");
    }
  }

  static double asDouble(Object v) throws SQLException {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    try {
      return Double.parseDouble(v.toString().trim());
    } catch (NumberFormatException e) {
      throw cannot(v, "double");
    }
  }

  static BigDecimal asBigDecimal(Object v) throws SQLException {
    if (v == null) {
      return null;
    }
    if (v instanceof BigDecimal b) {
      return b;
    }
    if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        throw cannot(v, "BigDecimal");
      }
      return BigDecimal.valueOf(d);
    }
    if (v instanceof Number n) {
      return new BigDecimal(n.toString());
    }
    try {
      return new BigDecimal(v.toString().trim());
    } catch (NumberFormatException e) {
      throw cannot(v, "BigDecimal");
    }
  }

  static Date asDate(Object v) throws SQLException {
    if (v == null) {
      return null;
    }
    if (v instanceof Date d) {
      return d;
    }
    if (v instanceof Timestamp t) {
      return Date.valueOf(t.toLocalDateTime().toLocalDate());
    }
    if (v instanceof LocalDate d) {
      return Date.valueOf(d);
    }
    try {
      return Date.valueOf(v.toString().trim());
    } catch (IllegalArgumentException e) {
      throw cannot(v, "Date");
    }
  }

  static Timestamp asTimestamp(Object v) throws SQLException {
    if (v == null) {
      return null;
    }
    if (v instanceof Timestamp t) {
      return t;
    }
    if (v instanceof Date d) {
      return Timestamp.valueOf(d.toLocalDate().atStartOfDay());
    }
    if (v instanceof LocalDateTime t) {
      return Timestamp.valueOf(t);
    }
    if (v instanceof OffsetDateTime t) {
      return Timestamp.from(t.toInstant());
    }
    try {
      return Timestamp.valueOf(v.toString().trim());
    } catch (IllegalArgumentException e) {
      throw cannot(v, "Timestamp");
    }
  }

  static java.sql.Time asTime(Object v) throws SQLException {
    if (v == null) {
      return null;
    }
    if (v instanceof java.sql.Time t) {
      return t;
    }
    if (v instanceof java.time.LocalTime t) {
      return java.sql.Time.valueOf(t);
    }
    if (v instanceof Timestamp t) {
      return java.sql.Time.valueOf(t.toLocalDateTime().toLocalTime());
    }
    try {
      return java.sql.Time.valueOf(v.toString().trim());
    } catch (IllegalArgumentException e) {
      throw cannot(v, "Time");
    }
  }

  /** {@code getObject(column, type)}. */
  @SuppressWarnings("unchecked")
  static <T> T as(Object v, Class<T> type) throws SQLException {
    if (v == null) {
      return null;
    }
    if (type.isInstance(v)) {
      return (T) v;
    }
    Object out;
    if (type == String.class) {
      out = asString(v);
    } else if (type == Long.class) {
      out = asLong(v);
    } else if (type == Integer.class) {
      out = (int) asLong(v);
    } else if (type == Short.class) {
      out = (short) asLong(v);
    } else if (type == Double.class) {
      out = asDouble(v);
    } else if (type == Float.class) {
      out = (float) asDouble(v);
    } else if (type == BigDecimal.class) {
      out = asBigDecimal(v);
    } else if (type == Boolean.class) {
      out = asBoolean(v);
    } else if (type == Date.class) {
      out = asDate(v);
    } else if (type == Timestamp.class) {
      out = asTimestamp(v);
    } else if (type == LocalDate.class) {
      out = asDate(v).toLocalDate();
    } else if (type == LocalDateTime.class) {
      out = asTimestamp(v).toLocalDateTime();
    } else {
      throw cannot(v, type.getName());
    }
    return (T) out;
  }

  private static SQLException cannot(Object v, String target) {
    return new SQLException(
        "cannot convert a " + v.getClass().getSimpleName() + " value to " + target, "22018");
  }
}
