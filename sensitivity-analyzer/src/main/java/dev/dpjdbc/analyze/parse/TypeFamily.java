package dev.dpjdbc.analyze.parse;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Type families for {@link WhereAllowList}: values of one family compare without the backend
 * converting them, and the casts that can never fail (widening integers, identity casts, integers
 * to a long enough string).
 */
enum TypeFamily {
  CHAR,
  EXACT,
  APPROX,
  DATE,
  TIME,
  TIMESTAMP,
  BOOLEAN,
  INTERVAL,
  UNKNOWN;

  static boolean widening(RelDataType from, RelDataType to) {
    SqlTypeName f = from.getSqlTypeName();
    SqlTypeName t = to.getSqlTypeName();
    if (f == t && (f != SqlTypeName.DECIMAL || fitsDecimal(from, to)) && !isSizedChar(to)) {
      return true;
    }
    int digits = integerDigits(f);
    if (digits == 0) {
      return f == t && isSizedChar(to) && to.getPrecision() >= from.getPrecision();
    }
    return switch (t) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> integerDigits(t) >= digits && rank(t) >= rank(f);
      case DECIMAL -> to.getPrecision() - to.getScale() >= digits;
      case REAL, FLOAT, DOUBLE -> true;
      case CHAR, VARCHAR -> to.getPrecision() < 0 || to.getPrecision() >= digits + 1;
      default -> false;
    };
  }

  private static boolean isSizedChar(RelDataType t) {
    return (t.getSqlTypeName() == SqlTypeName.CHAR || t.getSqlTypeName() == SqlTypeName.VARCHAR)
        && t.getPrecision() >= 0;
  }

  private static boolean fitsDecimal(RelDataType from, RelDataType to) {
    return to.getScale() >= from.getScale()
        && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
  }

  static int integerDigits(SqlTypeName t) {
    return switch (t) {
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INTEGER -> 10;
      case BIGINT -> 19;
      default -> 0;
    };
  }

  private static int rank(SqlTypeName t) {
    return List.of(
            SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.BIGINT)
        .indexOf(t);
  }

  static TypeFamily of(RelDataType t) {
    if (t == null) {
      return UNKNOWN;
    }
    return switch (t.getSqlTypeName()) {
      case CHAR, VARCHAR -> CHAR;
      case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> EXACT;
      case REAL, FLOAT, DOUBLE -> APPROX;
      case DATE -> DATE;
      case TIME, TIME_WITH_LOCAL_TIME_ZONE -> TIME;
      case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIMESTAMP;
      case BOOLEAN -> BOOLEAN;
      default ->
          t.getSqlTypeName().getFamily() == null
              ? UNKNOWN
              : switch (t.getSqlTypeName().getFamily()) {
                case INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> INTERVAL;
                default -> UNKNOWN;
              };
    };
  }
}
