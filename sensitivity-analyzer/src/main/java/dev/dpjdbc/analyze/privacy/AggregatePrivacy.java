package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;

/**
 * Aggregates. Over public rows the result is public; over released rows it is released
 * (post-processing). Over private rows:
 *
 * <ul>
 *   <li>when the (single) grouping set contains a unit alternative, every output row is computed
 *       from one unit's rows: the aggregate is a per-unit transformation, still PRIVATE, with the
 *       unit at its group-key positions and at most as many rows per unit as its input (exactly one
 *       when it groups by the unit alone). This is what IN-subqueries become (a DISTINCT over the
 *       unit) and what an analyst's per-person pre-aggregation is;
 *   <li>otherwise it is the DP boundary: {@link RelPrivacy.Status#BOUNDARY}, with its input's
 *       facts.
 * </ul>
 *
 * Group keys keep their input facts. Aggregate values: MIN, MAX, ANY_VALUE and SINGLE_VALUE keep
 * the argument's interval and domain, AVG its interval; COUNT is in [0, n] and SUM in [min(lo,
 * n·lo), max(hi, n·hi)] where n is a guaranteed bound on the rows of a group (per-unit aggregates
 * only); anything else is unbounded. At the boundary the values are pre-noise and carry no facts.
 */
final class AggregatePrivacy {
  private AggregatePrivacy() {}

  static RelPrivacy of(Aggregate agg, RelPrivacy in) {
    List<String> names = agg.getRowType().getFieldNames();
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(List.of(in), names, "the aggregate");
    if (beyond.isPresent()) {
      return beyond.get();
    }
    List<Integer> keys = agg.getGroupSet().asList();
    List<ColumnFacts> cols = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      cols.add(in.column(keys.get(i)).withName(names.get(i)));
    }
    if (in.isPublic()) {
      addCalls(agg, in, null, cols, names);
      return RelPrivacy.publicRel(cols);
    }
    PrivacyUnit u = in.unit();
    List<List<Integer>> alts = new ArrayList<>();
    if (agg.getGroupSets().size() == 1) {
      for (List<Integer> a : u.alternatives()) {
        if (keys.containsAll(a)) {
          alts.add(a.stream().map(keys::indexOf).toList());
        }
      }
    }
    if (alts.isEmpty()) {
      for (int i = keys.size(); i < names.size(); i++) {
        cols.add(ColumnFacts.unknown(names.get(i))); // pre-noise values: no facts
      }
      return RelPrivacy.boundary(in, cols);
    }
    boolean byUnitAlone = false;
    for (List<Integer> a : alts) {
      byUnitAlone |= new HashSet<>(a).size() == keys.size();
    }
    RowBound rows =
        byUnitAlone
            ? RowBound.guaranteed(1, "grouped by the unit: one row per unit")
            : in.rowsPerUnit();
    RowBound perGroup = in.rowsPerUnit();
    addCalls(agg, in, perGroup.guaranteed() ? perGroup.max() : null, cols, names);
    String path = u.path() + "; grouped by the unit";
    return RelPrivacy.privateRel(u.with(alts, path, null, u.nullable()), rows, cols);
  }

  private static void addCalls(
      Aggregate agg, RelPrivacy in, Long n, List<ColumnFacts> cols, List<String> names) {
    int at = agg.getGroupCount();
    for (AggregateCall call : agg.getAggCallList()) {
      cols.add(call(call, in, n, names.get(at++)));
    }
  }

  private static ColumnFacts call(AggregateCall call, RelPrivacy in, Long n, String name) {
    List<Integer> args = call.getArgList();
    ColumnFacts arg = args.size() == 1 ? in.column(args.get(0)) : null;
    String text = call.getAggregation().getName();
    switch (call.getAggregation().getKind()) {
      case MIN, MAX, ANY_VALUE, SINGLE_VALUE -> {
        return arg == null
            ? ColumnFacts.unknown(name)
            : new ColumnFacts(name, arg.interval(), arg.domain(), null);
      }
      case AVG -> {
        return arg == null
            ? ColumnFacts.unknown(name)
            : new ColumnFacts(name, arg.interval(), null, null);
      }
      case COUNT -> {
        double hi = n == null ? Double.POSITIVE_INFINITY : n;
        return new ColumnFacts(
            name,
            new Interval(0, hi, "COUNT", n == null ? null : "COUNT of at most " + n + " rows"),
            null,
            null);
      }
      case SUM, SUM0 -> {
        if (arg == null || n == null || !arg.interval().bounded()) {
          return ColumnFacts.unknown(name);
        }
        double lo = arg.interval().lower();
        double hi = arg.interval().upper();
        double sumLo = Math.min(lo, n * lo);
        double sumHi = Math.max(hi, n * hi);
        if (call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.SUM0) {
          sumLo = Math.min(sumLo, 0);
          sumHi = Math.max(sumHi, 0);
        }
        return new ColumnFacts(
            name,
            Interval.of(sumLo, sumHi, text + " of at most " + n + " values of " + arg.name()),
            null,
            null);
      }
      default -> {
        return ColumnFacts.unknown(name);
      }
    }
  }
}
