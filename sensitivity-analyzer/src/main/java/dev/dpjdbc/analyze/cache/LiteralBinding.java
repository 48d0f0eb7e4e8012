package dev.dpjdbc.analyze.cache;

import dev.dpjdbc.analyze.plan.ParameterSource;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a literal of a statement is bound in a cached plan: as the same Java class and JDBC type as
 * the literal that plan was made from, and only when the value converts exactly (no rounding, no
 * overflow, a date string that reads as a date). A value that does not is no hit: the statement is
 * then planned by its text, as it would have been without the cache, so the cache never changes
 * what a statement means.
 */
final class LiteralBinding {
  private LiteralBinding() {}

  private static final Pattern DECIMAL_CAST =
      Pattern.compile("(?:DECIMAL|NUMERIC)\\s*\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");

  /**
   * The constant {@code literal} binds as where the template bound {@code image} inside {@code
   * cast} (null: a bare {@code ?}); null when it does not bind exactly so.
   */
  static ParameterSource.Constant bind(
      ShapeLiteral literal, ParameterSource.Constant image, String cast) {
    Object v = convert(literal, image.value(), cast);
    return v == null ? null : new ParameterSource.Constant(v, image.jdbcType());
  }

  private static Object convert(ShapeLiteral literal, Object image, String cast) {
    String type = cast == null ? "" : cast.toUpperCase(Locale.ROOT);
    try {
      switch (literal.kind()) {
        case INTEGER, DECIMAL -> {
          BigDecimal v = (BigDecimal) literal.value();
          if (image instanceof Integer) {
            int i = v.intValueExact();
            return fits(i, type) ? i : null;
          }
          if (image instanceof Long) {
            long l = v.longValueExact();
            return fits(l, type) ? l : null;
          }
          if (image instanceof BigDecimal d) {
            BigDecimal scaled = v.setScale(d.scale(), RoundingMode.UNNECESSARY);
            return fitsDecimal(scaled, type) ? scaled : null;
          }
          if (image instanceof Double) {
            double d = v.doubleValue();
            return Double.isFinite(d) ? d : null;
          }
          return null;
        }
        case STRING -> {
          if (!(image instanceof String)) {
            return null;
          }
          String s = (String) literal.value();
          if (type.isEmpty() || type.startsWith("VARCHAR") || type.startsWith("CHAR")) {
            return s;
          }
          if (type.equals("DATE")) {
            return s.matches("\\d{4}-\\d{2}-\\d{2}") && LocalDate.parse(s) != null ? s : null;
          }
          if (type.startsWith("TIMESTAMP") && !type.contains("ZONE")) {
            return s.matches("\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?")
                    && LocalDateTime.parse(s.length() == 10 ? s + "T00:00:00" : s.replace(' ', 'T'))
                        != null
                ? s
                : null;
          }
          return null; // a string read as a number, boolean or interval: plan it by its text
        }
        case DATE -> {
          return image instanceof LocalDate ? literal.value() : null;
        }
        case TIMESTAMP -> {
          return image instanceof LocalDateTime ? literal.value() : null;
        }
        default -> {
          return null;
        }
      }
    } catch (ArithmeticException | java.time.DateTimeException e) {
      return null;
    }
  }

  private static boolean fits(long v, String type) {
    return switch (type) {
      case "TINYINT" -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
      case "SMALLINT" -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
      case "INTEGER" -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
      case "BIGINT", "" -> true;
      default ->
          type.startsWith("DECIMAL") || type.startsWith("NUMERIC")
              ? fitsDecimal(BigDecimal.valueOf(v), type)
              : type.startsWith("DOUBLE") || type.startsWith("REAL") || type.startsWith("FLOAT");
    };
  }

  /** {@code v} within DECIMAL(p, s): at most p − s digits before the point, at most s after. */
  private static boolean fitsDecimal(BigDecimal v, String type) {
    Matcher m = DECIMAL_CAST.matcher(type);
    if (!m.matches()) {
      return type.isEmpty() || type.equals("DECIMAL") || type.equals("NUMERIC");
    }
    int p = Integer.parseInt(m.group(1));
    int s = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
    BigDecimal stripped = v.stripTrailingZeros();
    int integerDigits = Math.max(stripped.precision() - stripped.scale(), 0);
    return stripped.scale() <= s && integerDigits <= p - s;
  }
}
