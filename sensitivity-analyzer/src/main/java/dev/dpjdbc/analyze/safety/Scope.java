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
import org.apache.calcite.rel.type.RelDataType;
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
 * {@code e <> 0}, {@code e BETWEEN a AND b} and IN lists as SEARCH), combined with AND, OR, NOT and
 * IS [NOT] TRUE/FALSE; a true OR keeps what all its operands imply (the hull of their ranges).
 * Every fact is about non-NULL values, so "the guard is true or NULL" is read like "true": an atom
 * is NULL only when its expression is, and then every strict operator over it is NULL too, without
 * error. Anything else narrows nothing, which is always sound.
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
    return excluded.getOrDefault(key(e), Set.of()).contains(v);
  }

  /**
   * {@code e} without casts that keep every value as it is (to a wider integer or numeric, or
   * nullability only): facts about {@code CAST(small AS INTEGER)} are facts about {@code small}.
   */
  static RexNode key(RexNode e) {
    while (e instanceof RexCall c && c.getKind() == SqlKind.CAST && lossless(c)) {
      e = c.getOperands().get(0);
    }
    return e;
  }

  private static boolean lossless(RexCall cast) {
    RelDataType from = cast.getOperands().get(0).getType();
    RelDataType to = cast.getType();
    if (from.getSqlTypeName() == to.getSqlTypeName() && !TypeLimits.isDecimal(to)) {
      return from.getPrecision() <= to.getPrecision(); // nullability, a longer string
    }
    if (TypeLimits.isInteger(from) && TypeLimits.isInteger(to)) {
      return TypeLimits.min(to) <= TypeLimits.min(from)
          && TypeLimits.max(to) >= TypeLimits.max(from);
    }
    boolean exactFrom = TypeLimits.isInteger(from) || TypeLimits.isDecimal(from);
    if (exactFrom && TypeLimits.isDecimal(to)) {
      int scale = TypeLimits.isInteger(from) ? 0 : from.getScale();
      int digits = TypeLimits.isInteger(from) ? 19 : from.getPrecision() - scale;
      return to.getScale() >= scale && to.getPrecision() - to.getScale() >= digits;
    }
    return false;
  }

  /** {@code f}, the fact of {@code e} alone, with what this scope knows about {@code e}. */
  Fact narrow(RexNode e, Fact f) {
    double[] r = ranges.get(key(e));
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
    excluded.computeIfAbsent(key(e), k -> new HashSet<>()).add(v);
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
        } else {
          anyOf(ops);
        }
      }
      case NOT -> add(ops.get(0), !truth);
      case IS_TRUE, IS_NOT_FALSE -> add(ops.get(0), truth);
      case IS_FALSE, IS_NOT_TRUE -> add(ops.get(0), !truth);
      case SEARCH -> search(ops.get(0), ops.get(1), truth);
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

  /** One of {@code disjuncts} is true: what holds in every case (the hull, the common holes). */
  private void anyOf(List<RexNode> disjuncts) {
    List<Scope> cases = disjuncts.stream().map(NONE::assumeTrue).toList();
    Scope first = cases.get(0);
    for (Map.Entry<RexNode, double[]> e : first.ranges.entrySet()) {
      double lo = e.getValue()[0];
      double hi = e.getValue()[1];
      boolean everywhere = true;
      for (Scope c : cases) {
        double[] r = c.ranges.get(e.getKey());
        everywhere &= r != null;
        if (r != null) {
          lo = Math.min(lo, r[0]);
          hi = Math.max(hi, r[1]);
        }
      }
      if (everywhere) {
        restrict(e.getKey(), lo, hi);
      }
    }
    for (Map.Entry<RexNode, Set<Double>> e : first.excluded.entrySet()) {
      for (double v : e.getValue()) {
        if (cases.stream().allMatch(c -> c.excludes(e.getKey(), v))) {
          exclude(e.getKey(), v);
        }
      }
    }
  }

  /** {@code a} SEARCH {@code sarg} is true (the sarg's span) or false (its complement's). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private void search(RexNode a, RexNode sargNode, boolean truth) {
    if (!(sargNode instanceof RexLiteral lit) || a instanceof RexLiteral) {
      return;
    }
    Sarg<?> sarg = lit.getValueAs(Sarg.class);
    if (sarg == null) {
      return;
    }
    RangeSet<?> set = truth ? sarg.rangeSet : ((RangeSet) sarg.rangeSet).complement();
    if (set.isEmpty() || sarg.rangeSet.isEmpty()) {
      return;
    }
    Range<?> span = set.span();
    Object sample = null; // any endpoint: tells numbers from text and dates
    for (Range<?> r : sarg.rangeSet.asRanges()) {
      sample = r.hasLowerBound() ? r.lowerEndpoint() : r.hasUpperBound() ? r.upperEndpoint() : null;
      if (sample != null) {
        break;
      }
    }
    double lo = span.hasLowerBound() ? number(span.lowerEndpoint()) : Double.NEGATIVE_INFINITY;
    double hi = span.hasUpperBound() ? number(span.upperEndpoint()) : Double.POSITIVE_INFINITY;
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return;
    }
    restrict(a, lo, hi);
    if (sample instanceof BigDecimal && !((RangeSet<BigDecimal>) set).contains(BigDecimal.ZERO)
        || sample instanceof Double && !((RangeSet<Double>) set).contains(0.0)) {
      exclude(a, 0); // a Sarg over DOUBLE holds its ends as doubles
    }
  }

  private void restrict(RexNode e, double lo, double hi) {
    e = key(e);
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
    if (v instanceof Double d) {
      return d;
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
