package dev.dpjdbc.analyze.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
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
 * Expression rewrites before interpretation, giving PostgreSQL's meaning where Calcite's generated
 * code differs: {@code NULLIF(a, b)} becomes {@code CASE WHEN a = b THEN NULL ELSE a END} (what
 * {@code SqlToRelConverter} does; the interpreter has no NULLIF); the divisor of a float division
 * is checked by {@link PgFloats#nonZero} so division by zero is an error; {@code ROUND(float)} and
 * float-to-integer casts round half to even ({@link PgFloats}); casts of a DECIMAL with a fraction
 * to an integer type round half away from zero (Calcite's {@code ROUND}) where Calcite truncates;
 * INTEGER/BIGINT {@code + - *} are exact ({@link PgInts}), overflow is an error.
 *
 * <p>The helper functions take and return primitives and are called only on non-NULL values, inside
 * {@code CASE WHEN arg IS NULL THEN NULL ELSE f(arg) END}: Calcite's generated code unboxes the
 * result of a function call under a CAST, so a function must never return NULL.
 */
final class PostRex extends RexShuttle {
  private static final SqlUserDefinedFunction NON_ZERO =
      udf("DP_NON_ZERO", PgFloats.class, "nonZero");
  private static final SqlUserDefinedFunction RINT = udf("DP_RINT", PgFloats.class, "rint");
  private static final SqlUserDefinedFunction RINT_TO_LONG =
      udf("DP_RINT_TO_LONG", PgFloats.class, "rintToLong");
  private static final SqlUserDefinedFunction TO_INTEGER =
      udf("DP_TO_INTEGER", PgInts.class, "toInteger");
  private static final Map<SqlKind, SqlUserDefinedFunction> EXACT =
      Map.of(
          SqlKind.PLUS, udf("DP_EXACT_PLUS", PgInts.class, "plus"),
          SqlKind.MINUS, udf("DP_EXACT_MINUS", PgInts.class, "minus"),
          SqlKind.TIMES, udf("DP_EXACT_TIMES", PgInts.class, "times"));

  private final RexBuilder rex;

  PostRex(RexBuilder rex) {
    this.rex = rex;
  }

  @Override
  public RexNode visitCall(RexCall call) {
    RexCall c = (RexCall) super.visitCall(call);
    RelDataType type = c.getType();
    List<RexNode> ops = c.getOperands();
    if (c.getKind() == SqlKind.NULLIF) {
      RexNode a = ops.get(0);
      return rex.makeCall(
          type,
          SqlStdOperatorTable.CASE,
          List.of(
              rex.makeCall(SqlStdOperatorTable.EQUALS, a, ops.get(1)),
              rex.makeNullLiteral(type),
              rex.makeCast(type, a, true, false)));
    }
    if (c.getKind() == SqlKind.DIVIDE && approximate(type)) {
      RexNode divisor = ops.get(1);
      RexNode checked = guarded(typed(SqlTypeName.DOUBLE, divisor.getType()), NON_ZERO, divisor);
      return c.clone(type, List.of(ops.get(0), checked));
    }
    if (c.getOperator() == SqlStdOperatorTable.ROUND
        && ops.size() == 1
        && approximate(ops.get(0).getType())) {
      return rex.makeCast(
          type, guarded(typed(SqlTypeName.DOUBLE, type), RINT, ops.get(0)), true, false);
    }
    if (c.getKind() == SqlKind.CAST && SqlTypeUtil.isIntType(type)) {
      RexNode arg = ops.get(0);
      if (approximate(arg.getType())) {
        SqlTypeName target = type.getSqlTypeName();
        return target == SqlTypeName.BIGINT
            ? guarded(type, RINT_TO_LONG, arg)
            : target == SqlTypeName.INTEGER
                ? guarded(
                    type, TO_INTEGER, guarded(typed(SqlTypeName.BIGINT, type), RINT_TO_LONG, arg))
                : c.clone(
                    type,
                    List.of(guarded(typed(SqlTypeName.BIGINT, arg.getType()), RINT_TO_LONG, arg)));
      }
      if (arg.getType().getSqlTypeName() == SqlTypeName.DECIMAL && arg.getType().getScale() > 0) {
        return c.clone(type, List.of(rex.makeCall(SqlStdOperatorTable.ROUND, arg)));
      }
    }
    SqlUserDefinedFunction exact = EXACT.get(c.getKind());
    if (exact != null
        && ops.size() == 2
        && exactType(type)
        && exactType(ops.get(0).getType())
        && exactType(ops.get(1).getType())) {
      if (type.getSqlTypeName() == SqlTypeName.BIGINT) {
        return guarded(type, exact, ops.toArray(new RexNode[0]));
      }
      RexNode wide = guarded(typed(SqlTypeName.BIGINT, type), exact, ops.toArray(new RexNode[0]));
      return guarded(type, TO_INTEGER, wide);
    }
    return c;
  }

  /**
   * {@code fn(args)} of type {@code type}; when an argument may be NULL, {@code CASE WHEN arg IS
   * NULL OR ... THEN NULL ELSE fn(args) END}, the call itself seeing non-NULL values only.
   */
  private RexNode guarded(RelDataType type, SqlUserDefinedFunction fn, RexNode... args) {
    RelDataType notNull = rex.getTypeFactory().createTypeWithNullability(type, false);
    List<RexNode> nullChecks = new ArrayList<>();
    List<RexNode> values = new ArrayList<>();
    for (RexNode arg : args) {
      if (arg.getType().isNullable()) {
        nullChecks.add(rex.makeCall(SqlStdOperatorTable.IS_NULL, arg));
        values.add(rex.makeNotNull(arg));
      } else {
        values.add(arg);
      }
    }
    RexNode call = rex.makeCall(notNull, fn, values);
    if (nullChecks.isEmpty()) {
      return type.isNullable() ? rex.makeCast(type, call, true, false) : call;
    }
    RelDataType nullable = rex.getTypeFactory().createTypeWithNullability(type, true);
    return rex.makeCall(
        nullable,
        SqlStdOperatorTable.CASE,
        List.of(RexUtil.composeDisjunction(rex, nullChecks), rex.makeNullLiteral(nullable), call));
  }

  /** {@code name} with the nullability of {@code like}. */
  private RelDataType typed(SqlTypeName name, RelDataType like) {
    return rex.getTypeFactory()
        .createTypeWithNullability(rex.getTypeFactory().createSqlType(name), like.isNullable());
  }

  private static SqlUserDefinedFunction udf(String name, Class<?> type, String method) {
    return new SqlUserDefinedFunction(
        new SqlIdentifier(name, SqlParserPos.ZERO),
        SqlKind.OTHER_FUNCTION,
        ReturnTypes.ARG0,
        InferTypes.FIRST_KNOWN,
        null,
        ScalarFunctionImpl.create(type, method));
  }

  private static boolean exactType(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.BIGINT || t.getSqlTypeName() == SqlTypeName.INTEGER;
  }

  private static boolean approximate(RelDataType t) {
    return t.getSqlTypeName() == SqlTypeName.DOUBLE
        || t.getSqlTypeName() == SqlTypeName.FLOAT
        || t.getSqlTypeName() == SqlTypeName.REAL;
  }
}
