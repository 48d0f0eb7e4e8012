package dev.dpjdbc.analyze.privacy;

import com.google.common.collect.BoundType;
import com.google.common.collect.RangeSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.Sarg;

/**
 * What the conditions of the enclosing CASE branches guarantee about the expressions a branch value
 * reads: for an expression {@code e}, a range that every non-NULL value of {@code e} lies in on the
 * rows that reach the branch. A branch is reached when its own condition is TRUE and every earlier
 * condition is not TRUE (FALSE or NULL), so {@code CASE WHEN x < 0 THEN 0 WHEN x > 50 THEN 50 ELSE
 * x END} gives the ELSE branch {@code x} in [0, 50].
 *
 * <p>Conditions are read only through atoms that compare one expression with a non-NULL literal of
 * the same units ({@code e < 5}, {@code 0 > e}, {@code e = 3}, {@code e BETWEEN a AND b} and IN
 * lists as SEARCH), {@code e IS [NOT] NULL}, and AND, OR, NOT and IS [NOT] TRUE/FALSE over those;
 * anything else narrows nothing, which is always sound. The facts are keyed by the compared
 * expression itself (a column, or {@code CASE WHEN x > 0 THEN x ELSE 0 END}, as Calcite turns
 * {@code LEAST(GREATEST(x, 0), 100)} into a CASE over the inner CASE), seen through casts that keep
 * every value.
 *
 * <p>Soundness:
 *
 * <ul>
 *   <li>NULL: an atom is NULL exactly when its expression is, and a fact speaks only of non-NULL
 *       values, so "the condition is TRUE or NULL" is read like TRUE, and "not TRUE" gives the
 *       complement (NULL or FALSE); a negated AND and a true OR keep only the hull of what each
 *       operand gives.
 *   <li>NaN and infinities: PostgreSQL (float, real and numeric) and H2 (double, real) order NaN
 *       above every number, +Infinity included, and equal to itself; comparisons with a literal
 *       follow that total order. A range with a finite upper end therefore excludes NaN and
 *       +Infinity, and {@code NOT (x > 50)} excludes them as {@code x <= 50} does; an upper end of
 *       +∞ means no bound, NaN included (see {@link RexIntervals}).
 *   <li>Every fact is read from the query's literals, never from data.
 * </ul>
 */
final class Guards {
  static final Guards NONE = new Guards(Map.of());

  private final Map<RexNode, Range> facts;

  private Guards(Map<RexNode, Range> facts) {
    this.facts = facts;
  }

  /** The range the conditions give {@code e}'s non-NULL values, or null when they give none. */
  Range of(RexNode e) {
    return facts.isEmpty() ? null : facts.get(key(e));
  }

  /** These guards where {@code condition} is TRUE: a CASE branch's own condition. */
  Guards assumeTrue(RexNode condition) {
    Guards g = copy();
    g.add(condition, true);
    return g;
  }

  /** These guards where {@code condition} is FALSE or NULL: the branches after it. */
  Guards assumeNotTrue(RexNode condition) {
    Guards g = copy();
    g.add(condition, false);
    return g;
  }

  private Guards copy() {
    return new Guards(new HashMap<>(facts));
  }

  /**
   * {@code e} without the casts that keep every value as it is (nullability only, to a wider
   * integer, an exact number to a DECIMAL with room for it, a 32-bit integer to DOUBLE): a fact
   * about {@code CAST(x AS BIGINT)} is a fact about {@code x}.
   */
  static RexNode key(RexNode e) {
    while (e instanceof RexCall c && c.getKind() == SqlKind.CAST && keepsValues(c)) {
      e = c.getOperands().get(0);
    }
    return e;
  }

  private static boolean keepsValues(RexCall cast) {
    RelDataType from = cast.getOperands().get(0).getType();
    RelDataType to = cast.getType();
    if (SqlTypeUtil.isDecimal(from) && SqlTypeUtil.isDecimal(to)) {
      return to.getScale() >= from.getScale()
          && to.getPrecision() - to.getScale() >= from.getPrecision() - from.getScale();
    }
    if (from.getSqlTypeName() == to.getSqlTypeName()) {
      return from.getPrecision() == to.getPrecision() && from.getScale() == to.getScale();
    }
    if (!SqlTypeUtil.isNumeric(from) || !SqlTypeUtil.isNumeric(to) || !exact(from)) {
      return false;
    }
    if (SqlTypeUtil.isApproximateNumeric(to)) { // |v| < 2^53 is exact in a double
      return to.getSqlTypeName() == SqlTypeName.DOUBLE
          && SqlTypeUtil.isIntType(from)
          && from.getSqlTypeName() != SqlTypeName.BIGINT;
    }
    return !Casts.narrower(from, to) && Casts.scale(to) >= Casts.scale(from);
  }

  private static boolean exact(RelDataType t) {
    return SqlTypeUtil.isIntType(t) || SqlTypeUtil.isDecimal(t);
  }

  private void add(RexNode c, boolean truth) {
    if (!(c instanceof RexCall call)) {
      return;
    }
    List<RexNode> ops = call.getOperands();
    switch (call.getKind()) {
      case AND -> {
        if (truth) {
          ops.forEach(o -> add(o, true));
        } else {
          anyOf(ops, false);
        }
      }
      case OR -> {
        if (truth) {
          anyOf(ops, true);
        } else {
          ops.forEach(o -> add(o, false));
        }
      }
      case NOT -> add(ops.get(0), !truth);
      case IS_TRUE, IS_NOT_FALSE -> add(ops.get(0), truth);
      case IS_FALSE, IS_NOT_TRUE -> add(ops.get(0), !truth);
      case IS_NULL -> {
        if (truth) {
          restrict(ops.get(0), Range.EMPTY); // always NULL here: no value at all
        }
      }
      case IS_NOT_NULL -> {
        if (!truth) {
          restrict(ops.get(0), Range.EMPTY);
        }
      }
      case SEARCH -> search(ops.get(0), ops.get(1), truth);
      case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
          compare(call, truth);
      default -> {}
    }
  }

  /**
   * One of {@code ops} is TRUE (an OR) or not TRUE (a negated AND): for an expression every case
   * narrows, the hull of their ranges.
   */
  private void anyOf(List<RexNode> ops, boolean truth) {
    List<Guards> cases =
        ops.stream().map(o -> truth ? NONE.assumeTrue(o) : NONE.assumeNotTrue(o)).toList();
    for (Map.Entry<RexNode, Range> e : cases.get(0).facts.entrySet()) {
      Range hull = Range.EMPTY;
      for (Guards g : cases) {
        Range r = g.facts.get(e.getKey());
        hull = r == null ? Range.ALL : hull.hull(r);
        if (r == null) {
          break;
        }
      }
      restrict(e.getKey(), hull);
    }
  }

  private void compare(RexCall call, boolean truth) {
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    if (a instanceof RexLiteral && !(b instanceof RexLiteral)) {
      RexNode t = a;
      a = b;
      b = t;
      kind = kind.reverse();
    }
    if (a instanceof RexLiteral || !(b instanceof RexLiteral lit) || !sameUnits(a, lit.getType())) {
      return;
    }
    Range point = DatetimeRanges.literal(lit);
    if (point.isEmpty() || point.lo() != point.hi() || Double.isNaN(point.lo())) {
      return; // NULL, or a literal without a number
    }
    double v = point.lo();
    boolean whole = integral(key(a).getType());
    double inf = Double.POSITIVE_INFINITY;
    switch (truth ? kind : kind.negateNullSafe()) {
      case EQUALS -> restrict(a, point);
      case LESS_THAN -> restrict(a, new Range(-inf, whole ? Math.ceil(v) - 1 : v));
      case LESS_THAN_OR_EQUAL -> restrict(a, new Range(-inf, whole ? Math.floor(v) : v));
      case GREATER_THAN -> restrict(a, new Range(whole ? Math.floor(v) + 1 : v, inf));
      case GREATER_THAN_OR_EQUAL -> restrict(a, new Range(whole ? Math.ceil(v) : v, inf));
      default -> {} // <>: a range cannot leave out one value
    }
  }

  /** {@code a} SEARCH {@code sarg} is TRUE (the span of its ranges) or not (their complement's). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private void search(RexNode a, RexNode sargNode, boolean truth) {
    if (!(sargNode instanceof RexLiteral lit)
        || a instanceof RexLiteral
        || !sameUnits(a, lit.getType())) {
      return;
    }
    Sarg<?> sarg = lit.getValueAs(Sarg.class);
    if (sarg == null) {
      return;
    }
    RangeSet<?> set = truth ? sarg.rangeSet : ((RangeSet) sarg.rangeSet).complement();
    if (set.isEmpty()) {
      restrict(a, Range.EMPTY); // no non-NULL value passes: a is NULL here
      return;
    }
    com.google.common.collect.Range<?> span = set.span();
    boolean whole = integral(key(a).getType());
    double lo = Double.NEGATIVE_INFINITY;
    double hi = Double.POSITIVE_INFINITY;
    if (span.hasLowerBound()) {
      lo = FilterNarrowing.number(span.lowerEndpoint());
      if (whole && span.lowerBoundType() == BoundType.OPEN) {
        lo = Math.floor(lo) + 1;
      } else if (whole) {
        lo = Math.ceil(lo);
      }
    }
    if (span.hasUpperBound()) {
      hi = FilterNarrowing.number(span.upperEndpoint());
      if (whole && span.upperBoundType() == BoundType.OPEN) {
        hi = Math.ceil(hi) - 1;
      } else if (whole) {
        hi = Math.floor(hi);
      }
    }
    if (!Double.isNaN(lo) && !Double.isNaN(hi)) {
      restrict(a, new Range(lo, hi));
    }
  }

  /** Values of {@code e} and of a literal of type {@code literal} are compared as numbers alike. */
  private static boolean sameUnits(RexNode e, RelDataType literal) {
    RelDataType t = e.getType();
    if (SqlTypeUtil.isNumeric(t) || SqlTypeUtil.isNumeric(literal)) {
      return SqlTypeUtil.isNumeric(t) && SqlTypeUtil.isNumeric(literal);
    }
    boolean ordered = SqlTypeUtil.isDate(t) || SqlTypeUtil.isTimestamp(t);
    return ordered && t.getSqlTypeName() == literal.getSqlTypeName();
  }

  private static boolean integral(RelDataType t) {
    return SqlTypeUtil.isIntType(t) || SqlTypeUtil.isDate(t);
  }

  private void restrict(RexNode e, Range r) {
    RexNode k = key(e);
    Range old = facts.get(k);
    Range n = old == null ? r : old.intersect(r);
    facts.put(k, n.isEmpty() ? Range.EMPTY : n);
  }
}
