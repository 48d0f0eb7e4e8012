package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.privacy.RexIntervals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Constant sub-expressions: what reads no row, so that whether it raises an error cannot depend on
 * the data — provided it is evaluated whatever the data holds, which is the preflight's job ({@link
 * Preflight}). The error rule ({@link ErrorFreedom}) and the preflight share these definitions, so
 * that every constant the rule lets through unchecked is one the preflight evaluates.
 *
 * <p>A constant is built from literals, the analyst's parameters and calls of deterministic
 * operators or of the session's clock (CURRENT_DATE, now(), ...; stable within a transaction). It
 * holds no column, correlation variable, window or subquery.
 */
final class Constants {
  /** Interval arithmetic over no input columns: the value range of a constant. */
  static final RexIntervals INTERVALS = new RexIntervals(List.of());

  /** Kinds that raise no error of their own once their operands are evaluated. */
  private static final Set<SqlKind> NO_FAILURE =
      EnumSet.of(
          SqlKind.AND,
          SqlKind.OR,
          SqlKind.NOT,
          SqlKind.EQUALS,
          SqlKind.NOT_EQUALS,
          SqlKind.LESS_THAN,
          SqlKind.LESS_THAN_OR_EQUAL,
          SqlKind.GREATER_THAN,
          SqlKind.GREATER_THAN_OR_EQUAL,
          SqlKind.IS_DISTINCT_FROM,
          SqlKind.IS_NOT_DISTINCT_FROM,
          SqlKind.SEARCH,
          SqlKind.IS_NULL,
          SqlKind.IS_NOT_NULL,
          SqlKind.IS_TRUE,
          SqlKind.IS_FALSE,
          SqlKind.IS_NOT_TRUE,
          SqlKind.IS_NOT_FALSE,
          SqlKind.IS_UNKNOWN,
          SqlKind.CASE,
          SqlKind.COALESCE,
          SqlKind.NULLIF);

  private Constants() {}

  /** {@code e} reads no row and is the same on every row of one statement. */
  static boolean isConstant(RexNode e) {
    if (e instanceof RexLiteral || e instanceof RexDynamicParam) {
      return true;
    }
    if (!(e instanceof RexCall call) || e instanceof org.apache.calcite.rex.RexOver) {
      return false; // columns, correlation variables, subqueries, windows
    }
    if (!call.getOperator().isDeterministic() && !call.getOperator().isDynamicFunction()) {
      return false;
    }
    for (RexNode o : call.getOperands()) {
      if (!isConstant(o)) {
        return false;
      }
    }
    return true;
  }

  /** The constant {@code e} may raise an error (it must be evaluated by the preflight). */
  static boolean canFail(RexNode e) {
    if (!(e instanceof RexCall call)) {
      return false;
    }
    if (call.getOperands().isEmpty() && call.getOperator().isDynamicFunction()) {
      return false; // CURRENT_DATE, now(), ...
    }
    if (call.getKind() == SqlKind.CAST && safeLiteralCast(call)) {
      return false;
    }
    if (!NO_FAILURE.contains(call.getKind())) {
      return true;
    }
    return call.getOperands().stream().anyMatch(Constants::canFail);
  }

  /** A cast of a number or datetime literal whose value the target type holds. */
  private static boolean safeLiteralCast(RexCall cast) {
    if (!(cast.getOperands().get(0) instanceof RexLiteral lit)) {
      return false;
    }
    if (lit.isNull()) {
      return true;
    }
    SqlTypeFamily from = lit.getType().getSqlTypeName().getFamily();
    SqlTypeFamily to = cast.getType().getSqlTypeName().getFamily();
    if (from == SqlTypeFamily.NUMERIC && to == SqlTypeFamily.NUMERIC) {
      Fact f = fact(lit);
      return TypeLimits.fits(f, cast.getType())
          && (!TypeLimits.isDecimal(cast.getType())
              || Math.abs(f.magnitude())
                  < Math.pow(10, cast.getType().getPrecision() - cast.getType().getScale()) / 2);
    }
    boolean datetimes =
        (from == SqlTypeFamily.DATE || from == SqlTypeFamily.TIMESTAMP)
            && (to == SqlTypeFamily.DATE || to == SqlTypeFamily.TIMESTAMP);
    return datetimes && TypeLimits.fits(fact(lit), lit.getType());
  }

  /**
   * What is known about a constant's value before it is evaluated; a parameter or a computed
   * constant of a type that holds NaN or infinities may be one (a parameter bound to NaN).
   */
  static Fact fact(RexNode constant) {
    if (constant instanceof RexLiteral lit) {
      return literal(lit);
    }
    RelDataType t = constant.getType();
    boolean integer = TypeLimits.isInteger(t);
    Fact f = Fact.range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, integer, 0);
    if (constant instanceof RexCall call && !call.getOperands().isEmpty()) {
      List<Fact> ops = new ArrayList<>();
      call.getOperands().forEach(o -> ops.add(fact(o)));
      f = Arithmetic.intervalResult(call, ops);
    }
    return Fact.range(f.lo(), f.hi(), integer, integer ? 0 : Fact.ANY_SCALE)
        .intersect(TypeLimits.lowest(t), TypeLimits.highest(t))
        .withSpecial(Specials.ofType(t));
  }

  private static Fact literal(RexLiteral lit) {
    if (lit.isNull()) {
      return Fact.NULL;
    }
    Interval iv = INTERVALS.interval(lit);
    if (Double.isNaN(iv.lower()) || Double.isNaN(iv.upper())) {
      return Fact.ALL; // a NaN literal
    }
    boolean point = iv.lower() == iv.upper();
    BigDecimal d =
        SqlTypeName.NUMERIC_TYPES.contains(lit.getTypeName())
            ? lit.getValueAs(BigDecimal.class)
            : null;
    int scale = d == null ? 0 : Math.max(0, d.stripTrailingZeros().scale());
    boolean whole = point && iv.lower() == Math.rint(iv.lower()) && scale == 0;
    return Fact.range(iv.lower(), iv.upper(), whole, scale);
  }

  /** Holds the session clock (CURRENT_DATE, now(), ...): its value changes between statements. */
  static boolean readsClock(RexNode e) {
    if (!(e instanceof RexCall call)) {
      return false;
    }
    return call.getOperator().isDynamicFunction()
        || call.getOperands().stream().anyMatch(Constants::readsClock);
  }
}
