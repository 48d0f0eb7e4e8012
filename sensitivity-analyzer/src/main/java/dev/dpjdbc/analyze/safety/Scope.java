package dev.dpjdbc.analyze.safety;

import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import dev.dpjdbc.analyze.bounds.Interval;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;

/**
 * What the guards of the enclosing CASE branches guarantee about the rows that reach an expression.
 * Backends evaluate a CASE's branches in order and only when reached (PostgreSQL and H2 alike;
 * constant sub-expressions aside, which the preflight covers), so {@code CASE WHEN qty <> 0 THEN
 * price / qty END} never divides by 0. AND and OR give no such order: their operands narrow nothing
 * for each other.
 *
 * <p>A guard is read only through atoms comparing an expression with a literal ({@code e < 5},
 * {@code e <> 0}, {@code e BETWEEN a AND b} as SEARCH), combined with AND, OR (when false), NOT and
 * IS [NOT] TRUE/FALSE. Every fact is about non-NULL values, so "the guard is true or NULL" is read
 * like "true": an atom is NULL only when its expression is, and then every strict operator over it
 * is NULL too, without error. Anything else narrows nothing, which is always sound.
 */
final class Scope {
  static final Scope NONE = new Scope(Map.of(), Map.of());

  private final Map<RexNode, double[]> ranges;
  private final Map<RexNode, Set<Double>> excluded;

  private Scope(Map<RexNode, double[]> ranges, Map<RexNode, Set<Double>> excluded) {
    this.ranges = ranges;
    this.excluded = excluded;
  }

  /**
   * A guard rules out {@code v} for {@code e} ({@code e <> v}, or a branch after {@code e = v}).
   */
  boolean excludes(RexNode e, double v) {
    return excluded.getOrDefault(e, Set.of()).contains(v);
  }

  /** {@code f}, the fact of {@code e} alone, with what this scope knows about {@code e}. */
  Fact narrow(RexNode e, Fact f) {
    double[] r = ranges.get(e);
    Fact out = r == null ? f : f.intersect(r[0], r[1]);
    return excludes(e, 0) ? out.withNonzero() : out;
  }

  /** This scope where {@code condition} is true (or NULL). */
  Scope assumeTrue(RexNode condition) {
    Scope s = copy();
    s.add(condition, true);
    return s;
  }

  /** This scope where {@code condition} is false (or NULL): a later CASE branch. */
  Scope assumeNotTrue(RexNode condition) {
    Scope s = copy();
    s.add(condition, false);
    return s;
  }

  private Scope copy() {
    Map<RexNode, Set<Double>> ex = new HashMap<>();
    excluded.forEach((k, v) -> ex.put(k, new HashSet<>(v)));
    return new Scope(new HashMap<>(ranges), ex);
  }

  private void exclude(RexNode e, double v) {
    excluded.computeIfAbsent(e, k -> new HashSet<>()).add(v);
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
        }
      }
      case OR -> {
        if (!truth) {
          ops.forEach(o -> add(o, false));
        }
      }
      case NOT -> add(ops.get(0), !truth);
      case IS_TRUE, IS_NOT_FALSE -> add(ops.get(0), truth);
      case IS_FALSE, IS_NOT_TRUE -> add(ops.get(0), !truth);
      case SEARCH -> {
        if (truth) {
          search(ops.get(0), ops.get(1));
        }
      }
      case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
          compare(call, truth);
      default -> {}
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
    Double v = value(b);
    if (v == null || a instanceof RexLiteral) {
      return;
    }
    if (!truth) {
      kind = kind.negateNullSafe();
    }
    boolean whole = TypeLimits.isInteger(a.getType());
    double inf = Double.POSITIVE_INFINITY;
    switch (kind) {
      case EQUALS -> restrict(a, v, v);
      case NOT_EQUALS -> exclude(a, v);
      case LESS_THAN -> restrict(a, -inf, whole ? Math.ceil(v) - 1 : v);
      case LESS_THAN_OR_EQUAL -> restrict(a, -inf, whole ? Math.floor(v) : v);
      case GREATER_THAN -> restrict(a, whole ? Math.floor(v) + 1 : v, inf);
      case GREATER_THAN_OR_EQUAL -> restrict(a, whole ? Math.ceil(v) : v, inf);
      default -> {
        return;
      }
    }
    boolean zeroPasses =
        switch (kind) {
          case EQUALS -> v == 0;
          case NOT_EQUALS -> v != 0;
          case LESS_THAN -> 0 < v;
          case LESS_THAN_OR_EQUAL -> 0 <= v;
          case GREATER_THAN -> 0 > v;
          default -> 0 >= v;
        };
    if (!zeroPasses) {
      exclude(a, 0);
    }
  }

  private void search(RexNode a, RexNode sargNode) {
    if (!(sargNode instanceof RexLiteral lit) || a instanceof RexLiteral) {
      return;
    }
    Sarg<?> sarg = lit.getValueAs(Sarg.class);
    if (sarg == null || sarg.rangeSet.isEmpty()) {
      return;
    }
    Range<?> span = sarg.rangeSet.span();
    double lo = span.hasLowerBound() ? number(span.lowerEndpoint()) : Double.NEGATIVE_INFINITY;
    double hi = span.hasUpperBound() ? number(span.upperEndpoint()) : Double.POSITIVE_INFINITY;
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return;
    }
    restrict(a, lo, hi);
    if (span.hasLowerBound() && span.lowerEndpoint() instanceof BigDecimal) {
      @SuppressWarnings("unchecked")
      RangeSet<BigDecimal> numbers = (RangeSet<BigDecimal>) sarg.rangeSet;
      if (!numbers.contains(BigDecimal.ZERO)) {
        exclude(a, 0);
      }
    }
  }

  private void restrict(RexNode e, double lo, double hi) {
    double[] old = ranges.get(e);
    if (old != null) {
      lo = Math.max(lo, old[0]);
      hi = Math.min(hi, old[1]);
    }
    ranges.put(e, new double[] {lo, hi});
  }

  /** A non-NULL literal's value in Calcite's units (see {@link Fact}), or null. */
  static Double value(RexNode e) {
    if (!(e instanceof RexLiteral lit) || lit.isNull()) {
      return null;
    }
    Interval iv = Constants.INTERVALS.interval(lit);
    return iv.lower() == iv.upper() ? iv.lower() : null;
  }

  private static double number(Object v) {
    if (v instanceof BigDecimal d) {
      return d.doubleValue();
    }
    if (v instanceof DateString d) {
      return d.getDaysSinceEpoch();
    }
    if (v instanceof TimestampString t) {
      return t.getMillisSinceEpoch();
    }
    return Double.NaN;
  }
}
