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
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Expression rewrites before interpretation, each keeping SQL meaning: {@code NULLIF(a, b)} becomes
 * {@code CASE WHEN a = b THEN NULL ELSE a END} (what {@code SqlToRelConverter} does; the
 * interpreter has no NULLIF), and the divisor of a DOUBLE/FLOAT/REAL division is wrapped in {@link
 * Divisors#nonZero} so division by zero is an error as in PostgreSQL.
 */
final class PostRex extends RexShuttle {
  private static final SqlUserDefinedFunction NON_ZERO =
      new SqlUserDefinedFunction(
          new SqlIdentifier("DP_NON_ZERO_DIVISOR", SqlParserPos.ZERO),
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.ARG0,
          InferTypes.FIRST_KNOWN,
          null,
          ScalarFunctionImpl.create(Divisors.class, "nonZero"));

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
      RexNode divisor = c.getOperands().get(1);
      RelDataType doubleType =
          rex.getTypeFactory()
              .createTypeWithNullability(
                  rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE),
                  divisor.getType().isNullable());
      RexNode asDouble =
          divisor.getType().getSqlTypeName() == SqlTypeName.DOUBLE
              ? divisor
              : rex.makeCast(doubleType, divisor);
      RexNode checked = rex.makeCall(doubleType, NON_ZERO, List.of(asDouble));
      return c.clone(c.getType(), List.of(c.getOperands().get(0), checked));
    }
    return c;
  }

  private static boolean approximate(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DOUBLE
        || t.getSqlTypeName() == SqlTypeName.FLOAT
        || t.getSqlTypeName() == SqlTypeName.REAL;
  }
}
