package dev.dpjdbc.analyze.privacy;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/** What a numeric CAST can do to values: lose digits left of the point, or digits right of it. */
final class Casts {
  private Casts() {}

  /** Digits after the point a value of {@code t} can have (integers 0, floating types many). */
  static int scale(RelDataType t) {
    if (SqlTypeUtil.isIntType(t)) {
      return 0;
    }
    if (SqlTypeUtil.isDecimal(t)) {
      return t.getScale();
    }
    return Integer.MAX_VALUE;
  }

  /** Some value of {@code from} may not fit {@code to} (an error in the backend). */
  static boolean narrower(RelDataType from, RelDataType to) {
    if (SqlTypeUtil.isIntType(to)) {
      return !SqlTypeUtil.isIntType(from) || rank(from) > rank(to);
    }
    if (SqlTypeUtil.isDecimal(to)) {
      int toDigits = to.getPrecision() - to.getScale();
      if (SqlTypeUtil.isDecimal(from)) {
        return from.getPrecision() - from.getScale() > toDigits;
      }
      if (SqlTypeUtil.isIntType(from)) {
        return digits(from) > toDigits;
      }
      return true; // floating point
    }
    return false; // to a floating type: nothing overflows
  }

  private static int rank(RelDataType t) {
    return switch (t.getSqlTypeName()) {
      case TINYINT -> 1;
      case SMALLINT -> 2;
      case INTEGER -> 3;
      default -> 4;
    };
  }

  private static int digits(RelDataType t) {
    SqlTypeName n = t.getSqlTypeName();
    return switch (n) {
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INTEGER -> 10;
      default -> 19;
    };
  }
}
