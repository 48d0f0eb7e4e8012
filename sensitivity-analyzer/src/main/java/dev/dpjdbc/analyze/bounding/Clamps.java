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

  /** The largest width U − L whose doubled deviations are squared in BIGINT: (U − L)² ≤ 2^62. */
  static final double WIDEST_WHOLE_SQUARE = 0x1p31;

  /**
   * Whether {@link #doubledSquare} applies to values of {@code x}'s type clamped to [lo, hi]: an
   * integer type, whole bounds of magnitude at most 2^53 (exact in a double and a BIGINT) and a
   * width of at most 2^31, so that every term {@code (2x − (L+U))²} is a whole number of at most (U
   * − L)² ≤ 2^62 and fits a BIGINT. Their SUM is NUMERIC on PostgreSQL and H2 (the SUM of a
   * BIGINT), so it cannot overflow either.
   */
  static boolean wholeSquares(RelDataType x, double lo, double hi) {
    return org.apache.calcite.sql.type.SqlTypeUtil.isIntType(x)
        && lo == Math.rint(lo)
        && hi == Math.rint(hi)
        && Math.abs(lo) <= 0x1p53
        && Math.abs(hi) <= 0x1p53
        && hi - lo <= WIDEST_WHOLE_SQUARE;
  }

  /**
   * {@code (2x − (L+U))²} in BIGINT, four times the squared deviation of an integer x from the
   * midpoint (L+U)/2 and a whole number even when the midpoint is not: exact, with no cast of the
   * row to DOUBLE PRECISION and no underflow floor (a whole deviation is 0 or at least 1/2). Only
   * where {@link #wholeSquares} holds. The per-group sum is scaled back by {@link #quarter}.
   */
  RexNode doubledSquare(RexNode x, double lo, double hi) {
    RelDataType bigint =
        rex.getTypeFactory()
            .createTypeWithNullability(
                rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT), x.getType().isNullable());
    RexNode d =
        rex.makeCall(
            SqlStdOperatorTable.MINUS,
            rex.makeCall(
                SqlStdOperatorTable.MULTIPLY,
                literal(2, SqlTypeName.BIGINT),
                rex.makeCast(bigint, x)),
            literal(lo + hi, SqlTypeName.BIGINT));
    return rex.makeCall(SqlStdOperatorTable.MULTIPLY, d, d);
  }

  /**
   * {@code s · 0.25} for a sum of {@link #doubledSquare}s: exact (the sum is NUMERIC, and a quarter
   * has two decimal digits); NULL (no values) counts as 0, as a sum of squares of no values.
   */
  RexNode quarter(RexNode s) {
    RexNode sum = rex.makeCall(SqlStdOperatorTable.COALESCE, s, literal(0, SqlTypeName.DECIMAL));
    return rex.makeCall(SqlStdOperatorTable.MULTIPLY, sum, rex.makeExactLiteral(QUARTER));
  }

  private static final BigDecimal QUARTER = new BigDecimal("0.25");

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
