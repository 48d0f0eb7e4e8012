package dev.dpjdbc.analyze.post;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Expression rewrites before interpretation, giving PostgreSQL's meaning: {@code NULLIF(a, b)}
 * becomes {@code CASE WHEN a = b THEN NULL ELSE a END} (what {@code SqlToRelConverter} does; the
 * interpreter has no NULLIF); the divisor of a DOUBLE/FLOAT/REAL division is wrapped in {@link
 * PgFloats#nonZero} so division by zero is an error; {@code ROUND(float)} and casts of a float to
 * an integer type round half to even ({@link PgFloats#rint}); casts of a DECIMAL with a fraction to
 * an integer type round half away from zero (Calcite's {@code ROUND}) where Calcite truncates.
 */
final class PostRex extends RexShuttle {
  private static final SqlUserDefinedFunction NON_ZERO =
      new SqlUserDefinedFunction(
          new SqlIdentifier("DP_NON_ZERO_DIVISOR", SqlParserPos.ZERO),
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.ARG0,
          InferTypes.FIRST_KNOWN,
          null,
          ScalarFunctionImpl.create(PgFloats.class, "nonZero"));

  private static final SqlUserDefinedFunction RINT =
      new SqlUserDefinedFunction(
          new SqlIdentifier("DP_RINT", SqlParserPos.ZERO),
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.ARG0,
          InferTypes.FIRST_KNOWN,
          null,
          ScalarFunctionImpl.create(PgFloats.class, "rint"));

  private static final SqlUserDefinedFunction RINT_TO_LONG =
      new SqlUserDefinedFunction(
          new SqlIdentifier("DP_RINT_TO_LONG", SqlParserPos.ZERO),
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.BIGINT_NULLABLE,
          InferTypes.FIRST_KNOWN,
          null,
          ScalarFunctionImpl.create(PgFloats.class, "rintToLong"));

  private final RexBuilder rex;

  PostRex(RexBuilder rex) {
    this.rex = rex;
  }

  @Override
  public RexNode visitCall(RexCall call) {
    RexCall c = (RexCall) super.visitCall(call);
    if (c.getKind() == SqlKind.NULLIF) {
      RexNode a = c.getOperands().get(0);
      return rex.makeCall(
          c.getType(),
          SqlStdOperatorTable.CASE,
          List.of(
              rex.makeCall(SqlStdOperatorTable.EQUALS, a, c.getOperands().get(1)),
              rex.makeNullLiteral(c.getType()),
              rex.makeCast(c.getType(), a, true, false)));
    }
    if (c.getKind() == SqlKind.DIVIDE && approximate(c.getType())) {
      RexNode checked = floatCall(NON_ZERO, c.getOperands().get(1));
      return c.clone(c.getType(), List.of(c.getOperands().get(0), checked));
    }
    if (c.getOperator() == SqlStdOperatorTable.ROUND
        && c.getOperands().size() == 1
        && approximate(c.getOperands().get(0).getType())) {
      return rex.makeCast(c.getType(), floatCall(RINT, c.getOperands().get(0)), true, false);
    }
    if (c.getKind() == SqlKind.CAST && SqlTypeUtil.isIntType(c.getType())) {
      RexNode arg = c.getOperands().get(0);
      if (approximate(arg.getType())) {
        RelDataType bigint =
            rex.getTypeFactory()
                .createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT),
                    arg.getType().isNullable());
        RexNode asDouble =
            arg.getType().getSqlTypeName() == SqlTypeName.DOUBLE
                ? arg
                : rex.makeCast(
                    rex.getTypeFactory()
                        .createTypeWithNullability(
                            rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE),
                            arg.getType().isNullable()),
                    arg);
        RexNode rounded = rex.makeCall(bigint, RINT_TO_LONG, List.of(asDouble));
        return c.getType().getSqlTypeName() == SqlTypeName.BIGINT
            ? rounded
            : c.clone(c.getType(), List.of(rounded));
      }
      if (arg.getType().getSqlTypeName() == SqlTypeName.DECIMAL && arg.getType().getScale() > 0) {
        return c.clone(c.getType(), List.of(rex.makeCall(SqlStdOperatorTable.ROUND, arg)));
      }
    }
    return c;
  }

  /** {@code fn(CAST(arg AS DOUBLE))}, nullable as {@code arg}. */
  private RexNode floatCall(SqlUserDefinedFunction fn, RexNode arg) {
    RelDataType doubleType =
        rex.getTypeFactory()
            .createTypeWithNullability(
                rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), arg.getType().isNullable());
    RexNode asDouble =
        arg.getType().getSqlTypeName() == SqlTypeName.DOUBLE ? arg : rex.makeCast(doubleType, arg);
    return rex.makeCall(doubleType, fn, List.of(asDouble));
  }

  private static boolean approximate(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DOUBLE
        || t.getSqlTypeName() == SqlTypeName.FLOAT
        || t.getSqlTypeName() == SqlTypeName.REAL;
  }
}
