package dev.dpjdbc.analyze.sql2rel;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type system adjusted where PostgreSQL differs and the difference changes a query's
 * meaning or makes valid PostgreSQL fail validation:
 *
 * <ul>
 *   <li>TIMESTAMP and TIME keep microseconds (Calcite's default stops at milliseconds);
 *   <li>NUMERIC holds up to 1000 digits (Calcite's default stops at 19, so {@code NUMERIC(30,2)}
 *       would not map);
 *   <li>an interval literal's leading field may have 9 digits ({@code INTERVAL '365' DAY} is valid
 *       PostgreSQL; Calcite's default of 2 digits refuses it);
 *   <li>{@code SUM} of SMALLINT/INTEGER is BIGINT, of BIGINT NUMERIC; {@code AVG} of an exact type
 *       is NUMERIC with 16 fraction digits — PostgreSQL's result types, so that expressions over
 *       aggregates ({@code ROUND(AVG(x), 2)}, {@code SUM(a) / COUNT(*)}) keep PostgreSQL's
 *       arithmetic;
 *   <li>CASE branches of different string lengths give VARCHAR, not blank-padded CHAR.
 * </ul>
 */
final class PostgresTypeSystem extends RelDataTypeSystemImpl {
  static final PostgresTypeSystem INSTANCE = new PostgresTypeSystem();

  private static final int MAX_NUMERIC = 1000;
  private static final int INTERVAL_LEADING_DIGITS = 9;
  private static final int MAX_FRACTION_DIGITS = 6;
  private static final int AVG_SCALE = 16;

  private PostgresTypeSystem() {}

  /** Still called by Calcite 1.38's decimal arithmetic; must agree with getMaxPrecision. */
  @Deprecated
  @Override
  public int getMaxNumericPrecision() {
    return MAX_NUMERIC;
  }

  /** Still called by Calcite 1.38's decimal arithmetic; must agree with getMaxScale. */
  @Deprecated
  @Override
  public int getMaxNumericScale() {
    return MAX_NUMERIC;
  }

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return switch (typeName) {
      case DECIMAL -> MAX_NUMERIC;
      case TIME, TIME_WITH_LOCAL_TIME_ZONE, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          MAX_FRACTION_DIGITS;
      default -> super.getMaxPrecision(typeName);
    };
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_NUMERIC : super.getMaxScale(typeName);
  }

  @Override
  public int getDefaultPrecision(SqlTypeName typeName) {
    if (typeName.getFamily() != null && SqlTypeName.INTERVAL_TYPES.contains(typeName)) {
      return INTERVAL_LEADING_DIGITS;
    }
    return super.getDefaultPrecision(typeName);
  }

  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory f, RelDataType argumentType) {
    RelDataType sum =
        switch (argumentType.getSqlTypeName()) {
          case TINYINT, SMALLINT, INTEGER -> f.createSqlType(SqlTypeName.BIGINT);
          case BIGINT -> f.createSqlType(SqlTypeName.DECIMAL, MAX_NUMERIC, 0);
          case DECIMAL ->
              f.createSqlType(SqlTypeName.DECIMAL, MAX_NUMERIC, argumentType.getScale());
          default -> argumentType;
        };
    return f.createTypeWithNullability(sum, argumentType.isNullable());
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory f, RelDataType argumentType) {
    if (!SqlTypeUtil.isExactNumeric(argumentType)) {
      return argumentType;
    }
    int scale = Math.max(AVG_SCALE, argumentType.getScale());
    return f.createTypeWithNullability(
        f.createSqlType(SqlTypeName.DECIMAL, MAX_NUMERIC, scale), argumentType.isNullable());
  }
}
