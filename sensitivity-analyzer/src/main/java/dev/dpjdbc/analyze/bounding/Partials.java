package dev.dpjdbc.analyze.bounding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The state {@link BoundedRewrite} collects before it builds: the row-level projection, the partial
 * aggregates over it, and each noisy coordinate's value expression over the partials; and the
 * aggregates built from them.
 *
 * <p>Guarantees: a row expression registered twice through {@link #row} (same text and type), and
 * an equal {@link Partial}, get the index of the first, so indices are stable and in first
 * registration order; {@link #aggCalls} returns one call {@code dp_p<i>} per partial, in partial
 * order; {@link #preAggregated}, over the per-(unit, group) partials, clamps each unit's
 * contribution to each coordinate to its {@link Coord#lo()}..{@link Coord#hi()} (keeping at most
 * the L0 groups per unit when enforced) and leaves one row per group: the keys, then one sum per
 * coordinate in coordinate order, then, with partition selection, the group's distinct units.
 */
final class Partials {

  /** A per-group (or per-unit) aggregate over the row-level projection. */
  record Partial(SqlKind kind, int field, int filter, boolean distinct) {
    Partial(SqlKind kind, int field, int filter) {
      this(kind, field, filter, false);
    }
  }

  /**
   * A coordinate: its value from the partials, and the per-unit clamp when pre-aggregating; or, for
   * a DISTINCT count of row field {@code distinctRow} (≥ 0) when pre-aggregating, that field.
   */
  record Coord(
      int index, Function<List<RexNode>, RexNode> value, double lo, double hi, int distinctRow) {
    Coord(int index, Function<List<RexNode>, RexNode> value, double lo, double hi) {
      this(index, value, lo, hi, -1);
    }
  }

  private final List<RexNode> rowExprs = new ArrayList<>();
  private final Map<String, Integer> rowIndex = new LinkedHashMap<>();
  private final List<Partial> partials = new ArrayList<>();
  private final List<Coord> coordExprs = new ArrayList<>();

  /** Appends a row field at a fixed position (a group key or a unit column), not shared. */
  void fixed(RexNode e) {
    rowExprs.add(e);
  }

  /** The row field computing {@code e}, added unless an equal one is already there. */
  int row(RexNode e) {
    String key = e.toString() + ":" + e.getType().getFullTypeString();
    Integer i = rowIndex.get(key);
    if (i != null) {
      return i;
    }
    rowExprs.add(e);
    rowIndex.put(key, rowExprs.size() - 1);
    return rowExprs.size() - 1;
  }

  RexNode rowExpr(int i) {
    return rowExprs.get(i);
  }

  List<RexNode> rowExprs() {
    return rowExprs;
  }

  /** The index of partial {@code p}, added unless an equal one is already there. */
  int partial(Partial p) {
    int i = partials.indexOf(p);
    if (i >= 0) {
      return i;
    }
    partials.add(p);
    return partials.size() - 1;
  }

  void addCoordinate(Coord c) {
    coordExprs.add(c);
  }

  int coordinateCount() {
    return coordExprs.size();
  }

  List<Coord> coordinates() {
    return coordExprs;
  }

  /** The row fields a pre-aggregated DISTINCT count groups by, ascending. */
  List<Integer> distinctRows() {
    return coordExprs.stream()
        .map(Coord::distinctRow)
        .filter(r -> r >= 0)
        .distinct()
        .sorted()
        .toList();
  }

  /** The partials as fields of {@code b}'s top, starting at field {@code from}. */
  List<RexNode> partialFields(RelBuilder b, int from) {
    List<RexNode> ps = new ArrayList<>();
    for (int i = 0; i < partials.size(); i++) {
      ps.add(b.field(from + i));
    }
    return ps;
  }

  /** One aggregate call {@code dp_p<i>} per partial, over the row-level projection on top of b. */
  List<RelBuilder.AggCall> aggCalls(RelBuilder b) {
    List<RelBuilder.AggCall> calls = new ArrayList<>();
    for (int i = 0; i < partials.size(); i++) {
      Partial p = partials.get(i);
      RelBuilder.AggCall c =
          switch (p.kind()) {
            case COUNT ->
                p.field() < 0 ? b.countStar(null) : b.count(p.distinct(), null, b.field(p.field()));
            default -> b.sum(b.field(p.field()));
          };
      if (p.filter() >= 0 && !distinctRows().isEmpty()) {
        c = DistinctCounts.folded(b, p.kind() == SqlKind.COUNT, p.field(), p.filter());
      } else if (p.filter() >= 0) {
        c = c.filter(b.field(p.filter()));
      }
      calls.add(c.as("dp_p" + i));
    }
    return calls;
  }

  /**
   * Over the per-(unit, group) partials on top of {@code b} ({@code keys} keys, then {@code u} unit
   * columns, then the DISTINCT row fields, then the partials): keeps L0 groups per unit when
   * enforced, clamps each unit's contribution to each coordinate, and sums per group; with {@code
   * selection}, also counts the group's units as {@code dp_n}.
   */
  void preAggregated(
      RelBuilder b, int keys, int u, ContributionLimits limits, Clamps clamps, boolean selection) {
    List<Integer> values = distinctRows();
    if (!values.isEmpty()) {
      DistinctCounts.keepValues(b, limits, clamps, keys, u, values.size(), partials.size());
    } else if (limits.enforceGroups()) {
      limits.keepGroupsPerUnit(
          b, clamps.literal(limits.groupsPerUnit(), SqlTypeName.BIGINT), keys, u);
    }
    List<RexNode> ps = partialFields(b, keys + u + values.size());
    List<RexNode> perUnit = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < keys; i++) {
      perUnit.add(b.field(i));
      names.add("dp_k" + i);
    }
    for (Coord c : coordExprs) {
      RexNode v =
          c.distinctRow() >= 0
              ? b.field(keys + u + values.indexOf(c.distinctRow()))
              : clamps.clamp(c.value().apply(ps), c.lo(), c.hi());
      perUnit.add(values.isEmpty() || c.distinctRow() >= 0 ? v : DistinctCounts.firstRowOnly(b, v));
      names.add("dp_c" + c.index());
    }
    if (selection) {
      // one marker per (unit, group): with DISTINCT values a unit has several rows per group
      RexNode one = b.literal(1);
      perUnit.add(values.isEmpty() ? one : DistinctCounts.firstRowOnly(b, one));
      names.add("dp_unit");
    }
    b.project(perUnit, names, true);
    List<RelBuilder.AggCall> sums = new ArrayList<>();
    for (int i = 0; i < coordExprs.size(); i++) {
      RexNode f = b.field(keys + i);
      sums.add(
          (coordExprs.get(i).distinctRow() >= 0 ? b.count(true, null, f) : b.sum(f))
              .as("dp_s" + i));
    }
    if (selection) {
      sums.add(b.count(b.field("dp_unit")).as("dp_n")); // the group's distinct units
    }
    b.aggregate(b.groupKey(ImmutableBitSet.range(0, keys)), sums);
  }
}
