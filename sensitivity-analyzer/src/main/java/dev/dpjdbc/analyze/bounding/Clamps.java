package dev.dpjdbc.analyze.bounding;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The row expressions of the bounded rewrite: NULL-preserving clamps, the centred sum {@code s −
 * m·n}, casts to DOUBLE PRECISION and numeric literals typed like the value they bound (an INTEGER
 * column is clamped with INTEGER literals, so the backend compares integers).
 */
final class Clamps {
  /** A random number per row, printed {@code RANDOM()} (PostgreSQL and H2 both have it). */
  static final SqlFunction RANDOM =
      new SqlFunction(
          "RANDOM",
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.DOUBLE,
          null,
          OperandTypes.NILADIC,
          SqlFunctionCategory.NUMERIC) {
        @Override
        public boolean isDeterministic() {
          return false;
        }
      };

  private final RexBuilder rex;

  Clamps(RexBuilder rex) {
    this.rex = rex;
  }

  /** s − m·n in DOUBLE PRECISION; a NULL sum (no values) counts as 0. */
  RexNode centred(RexNode s, RexNode n, double mid) {
    RexNode sum =
        rex.makeCall(SqlStdOperatorTable.COALESCE, asDouble(s), literal(0, SqlTypeName.DOUBLE));
    if (mid == 0) {
      return sum;
    }
    return rex.makeCall(
        SqlStdOperatorTable.MINUS,
        sum,
        rex.makeCall(SqlStdOperatorTable.MULTIPLY, literal(mid, SqlTypeName.DOUBLE), asDouble(n)));
  }

  /** {@code CASE WHEN x < lo THEN lo WHEN x > hi THEN hi ELSE x END} (NULL stays NULL). */
  RexNode clamp(RexNode x, double lo, double hi) {
    SqlTypeName t = x.getType().getSqlTypeName();
    RexNode l = literal(lo, t);
    RexNode h = literal(hi, t);
    RelDataType type =
        rex.getTypeFactory().leastRestrictive(List.of(x.getType(), l.getType(), h.getType()));
    return rex.makeCall(
        type,
        SqlStdOperatorTable.CASE,
        List.of(
            rex.makeCall(SqlStdOperatorTable.LESS_THAN, x, l),
            rex.makeCast(type, l),
            rex.makeCall(SqlStdOperatorTable.GREATER_THAN, x, h),
            rex.makeCast(type, h),
            rex.makeCast(type, x)));
  }

  /**
   * The smallest deviation whose square is computed as such: its square, 1e-300, is far above the
   * smallest double (2.2e-308). PostgreSQL raises "value out of range: underflow" when a nonzero
   * product rounds to 0, so {@code (x − m)²} of a double x within 1e-154 of m would fail for that
   * row alone; the rewrite squares {@code max(|x − m|, 1e-150)} instead, which adds at most 1e-300
   * per row to the sum of squares and keeps it within [0, h²].
   */
  static final double SMALLEST_DEVIATION = 1e-150;

  /**
   * {@code (x − m)²} in DOUBLE PRECISION. A whole x minus a whole m is 0 or at least 1 in
   * magnitude, so its square cannot underflow; otherwise the deviation is floored first ({@link
   * #SMALLEST_DEVIATION}).
   */
  RexNode squaredDeviation(RexNode x, double mid) {
    RexNode y =
        rex.makeCall(SqlStdOperatorTable.MINUS, asDouble(x), literal(mid, SqlTypeName.DOUBLE));
    boolean whole =
        org.apache.calcite.sql.type.SqlTypeUtil.isIntType(x.getType()) && mid == Math.rint(mid);
    RexNode w = whole ? y : awayFromZero(y);
    return rex.makeCall(SqlStdOperatorTable.MULTIPLY, w, w);
  }

  /** {@code CASE WHEN ABS(y) < 1e-150 THEN 1e-150 ELSE ABS(y) END} (NULL stays NULL). */
  private RexNode awayFromZero(RexNode y) {
    RexNode abs = rex.makeCall(SqlStdOperatorTable.ABS, y);
    RexNode tiny = literal(SMALLEST_DEVIATION, SqlTypeName.DOUBLE);
    return rex.makeCall(
        SqlStdOperatorTable.CASE,
        List.of(rex.makeCall(SqlStdOperatorTable.LESS_THAN, abs, tiny), tiny, abs));
  }

  /** A number as a literal of {@code like}'s type when it fits exactly, else DECIMAL or DOUBLE. */
  RexNode literal(double v, SqlTypeName like) {
    BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
    if (d.scale() < 0) {
      d = d.setScale(0);
    }
    boolean integral = d.scale() == 0;
    switch (like) {
      case TINYINT, SMALLINT, INTEGER -> {
        if (integral && Math.abs(v) <= Integer.MAX_VALUE) {
          return rex.makeExactLiteral(d, rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
        }
      }
      case BIGINT -> {
        if (integral && Math.abs(v) < 9e18) {
          return rex.makeExactLiteral(d, rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT));
        }
      }
      case REAL, FLOAT, DOUBLE -> {
        return rex.makeApproxLiteral(d, rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE));
      }
      default -> {}
    }
    return rex.makeExactLiteral(d);
  }

  RexNode asDouble(RexNode e) {
    return rex.makeCast(
        rex.getTypeFactory()
            .createTypeWithNullability(
                rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), e.getType().isNullable()),
        e);
  }
}
