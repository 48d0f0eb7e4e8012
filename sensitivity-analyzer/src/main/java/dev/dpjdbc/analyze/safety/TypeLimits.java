package dev.dpjdbc.analyze.safety;

import java.time.LocalDate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The values each type can hold without the backend raising an error, in Calcite's units, taken as
 * the narrower of PostgreSQL's and H2's limits:
 *
 * <ul>
 *   <li>SMALLINT, INTEGER, BIGINT: two's complement ranges (both backends raise 22003 outside);
 *   <li>REAL, DOUBLE: finite values (PostgreSQL raises "value out of range: overflow");
 *   <li>NUMERIC: any finite double — PostgreSQL's numeric holds 131072 digits before the point,
 *       H2's 100000, far beyond the 309 digits of a double;
 *   <li>DATE and TIMESTAMP: PostgreSQL's timestamp range, 4714-11-24 BC to 294276-12-31, less a day
 *       at each end for time zones (date ± interval is computed as a timestamp in PostgreSQL);
 *   <li>intervals: 2^31 − 1 months; 9·10^15 milliseconds (PostgreSQL keeps microseconds in 64 bits
 *       and days in 32).
 * </ul>
 */
final class TypeLimits {
  static final double FLOAT8_MAX = Double.MAX_VALUE;
  static final double FLOAT4_MAX = Float.MAX_VALUE;
  static final double MIN_DAY = LocalDate.of(-4713, 11, 25).toEpochDay();
  static final double MAX_DAY = LocalDate.of(294276, 12, 30).toEpochDay();
  private static final double DAY_MS = 86_400_000d;
  private static final double BIGINT_SAFE = 9.2e18; // below 2^63 whatever the double rounding

  private TypeLimits() {}

  /**
   * Lowest value of {@code t} a result may reach without the backend raising an error, or −∞ when
   * the type has no lower limit here (for BIGINT a margin inside −2^63, whatever the rounding of
   * doubles; see {@link #lowest} for what a column can hold).
   */
  static double min(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case TINYINT -> Byte.MIN_VALUE;
      case SMALLINT -> Short.MIN_VALUE;
      case INTEGER -> Integer.MIN_VALUE;
      case BIGINT -> -BIGINT_SAFE;
      default -> Double.NEGATIVE_INFINITY;
    };
  }

  /** Highest value of {@code t}, or +∞ when the type has no upper limit here. */
  static double max(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case TINYINT -> Byte.MAX_VALUE;
      case SMALLINT -> Short.MAX_VALUE;
      case INTEGER -> Integer.MAX_VALUE;
      case BIGINT -> BIGINT_SAFE;
      default -> Double.POSITIVE_INFINITY;
    };
  }

  /**
   * The lowest value a stored {@code t} can hold: {@link #min} but for BIGINT, whose −2^63 lies
   * below {@link #min}'s safe margin (a column's range must not leave out its extremes: {@code
   * abs(big)} and {@code -big} fail for −2^63).
   */
  static double lowest(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.BIGINT ? -0x1p63 : min(t);
  }

  /** The highest value a stored {@code t} can hold (2^63 for BIGINT, as a double). */
  static double highest(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.BIGINT ? 0x1p63 : max(t);
  }

  static boolean isInteger(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> true;
      default -> false;
    };
  }

  static boolean isFloat(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case REAL, FLOAT, DOUBLE -> true;
      default -> false;
    };
  }

  static boolean isDecimal(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DECIMAL;
  }

  static boolean isNumeric(RelDataType t) {
    return isInteger(t) || isFloat(t) || isDecimal(t);
  }

  /** Largest finite magnitude of a floating type. */
  static double floatMax(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.REAL ? FLOAT4_MAX : FLOAT8_MAX;
  }

  /**
   * Every non-NULL value described by {@code f} is a value of {@code t} (no overflow): for numbers,
   * every finite value (NaN and ±Infinity are values of the types that hold them, see {@link
   * Fact#special}); for dates, timestamps and intervals, every value, which is then finite too
   * (PostgreSQL raises "cannot subtract infinite dates").
   */
  static boolean fits(Fact f, RelDataType t) {
    if (f.alwaysNull()) {
      return true;
    }
    SqlTypeName n = t.getSqlTypeName();
    if (!isNumeric(t) && f.mayBeSpecial()) {
      return false;
    }
    if (isInteger(t)) {
      return f.lo() >= min(t) && f.hi() <= max(t);
    }
    if (isFloat(t)) {
      return f.bounded() && f.magnitude() <= floatMax(t);
    }
    if (isDecimal(t)) {
      return f.bounded();
    }
    switch (n) {
      case DATE -> {
        return f.lo() >= MIN_DAY && f.hi() <= MAX_DAY;
      }
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
        return f.lo() >= MIN_DAY * DAY_MS && f.hi() <= MAX_DAY * DAY_MS;
      }
      default -> {}
    }
    SqlTypeFamily family = n.getFamily();
    if (family == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
      return f.bounded() && f.magnitude() <= Integer.MAX_VALUE;
    }
    if (family == SqlTypeFamily.INTERVAL_DAY_TIME) {
      return f.bounded() && f.magnitude() <= 9e15;
    }
    return true;
  }

  /** The type as the analyst would write it in PostgreSQL. */
  static String name(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case TINYINT, SMALLINT -> "smallint";
      case INTEGER -> "integer";
      case BIGINT -> "bigint";
      case REAL -> "real";
      case FLOAT, DOUBLE -> "double precision";
      case DECIMAL -> "numeric";
      case CHAR, VARCHAR -> "text";
      case TIMESTAMP -> "timestamp";
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "timestamptz";
      default -> t.getSqlTypeName().getName().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
