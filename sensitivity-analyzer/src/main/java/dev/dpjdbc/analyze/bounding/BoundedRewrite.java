package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.Selection;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.safety.Warranted;
import dev.dpjdbc.policy.Policy;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;

/**
 * Rebuilds the plan below the DP boundary so that its bounds hold (see the package Javadoc) and
 * ends it in one column per group key, then one per noisy coordinate.
 *
 * <p>Guarantees of {@link Rewritten#rel}: its rows are one per non-empty group; its first columns
 * are the group keys (in the boundary's key order), the rest the coordinates in {@link
 * Rewritten#coordinates} order (a SQL NULL stands for 0); whatever the data holds, adding or
 * removing one unit changes each coordinate of each group by at most its λ, in at most {@link
 * ContributionLimits#groupsPerUnit} groups.
 */
public final class BoundedRewrite {

  /** A per-group (or per-unit) aggregate over the row-level projection. */
  private record Partial(SqlKind kind, int field, int filter, boolean distinct) {
    Partial(SqlKind kind, int field, int filter) {
      this(kind, field, filter, false);
    }
  }

  /**
   * A coordinate: its value from the partials, and the per-unit clamp when pre-aggregating; or, for
   * a DISTINCT count of row field {@code distinctRow} (≥ 0) when pre-aggregating, that field.
   */
  private record Coord(
      int index,
      java.util.function.Function<List<RexNode>, RexNode> value,
      double lo,
      double hi,
      int distinctRow) {
    Coord(
        int index,
        java.util.function.Function<List<RexNode>, RexNode> value,
        double lo,
        double hi) {
      this(index, value, lo, hi, -1);
    }
  }

  private final Boundary boundary;
  private final ContributionLimits limits;
  private final RelNode below;
  private final List<Integer> unit;
  private final RexBuilder rex;
  private final RelBuilder b;
  private final List<RexNode> rowExprs = new ArrayList<>();
  private final Map<String, Integer> rowIndex = new LinkedHashMap<>();
  private final List<Partial> partials = new ArrayList<>();
  private final CoordinateSet coords = new CoordinateSet();
  private final Clamps clamps;
  private final Unclamped unclamped;
  private final List<Coord> coordExprs = new ArrayList<>();
  private final QuantileCalls quantiles;
  private final Selection selection;

  /** Per-(unit, group) first: to clamp, to keep L0 groups, or to count a selected group's units. */
  private final boolean preAggregate;

  private BoundedRewrite(
      Boundary boundary,
      ContributionLimits limits,
      RelNode below,
      List<Integer> unit,
      Unclamped unclamped,
      Selection selection) {
    this.boundary = boundary;
    this.selection = selection;
    this.preAggregate = limits.preAggregate() || selection != null;
    this.limits = limits;
    this.below = below;
    this.unit = unit;
    this.unclamped = unclamped;
    RelOptCluster cluster = below.getCluster();
    this.rex = cluster.getRexBuilder();
    this.clamps = new Clamps(rex);
    this.quantiles = new QuantileCalls(boundary, limits, below, unit, clamps);
    this.b =
        RelBuilder.proto(
                Contexts.of(
                    RelBuilder.Config.DEFAULT
                        .withSimplify(false)
                        .withPruneInputOfAggregate(false)
                        .withDedupAggregateCalls(false)))
            .create(cluster, null);
  }

  /**
   * Rewrites {@code boundary}'s input. A row-level clamp that {@code warranted} shows to change no
   * value is left out ({@link Unclamped}); when that rests on the catalog, the statement re-checks
   * it ({@link CatalogGuard}).
   *
   * @throws SQLException 0A000 when an aggregated value has no bound (naming the three ways to give
   *     one), when the unit cannot be made a column, or for an aggregate the rewrite does not bound
   *     yet
   */
  public static Rewritten rewrite(
      Boundary boundary, PrivacyAnalysis analysis, Policy policy, Warranted warranted)
      throws SQLException {
    ContributionLimits limits = ContributionLimits.of(boundary, policy);
    Selection selection = PartitionChoice.of(boundary, policy).orElse(null);
    RelNode below = boundary.below();
    List<Integer> unit = List.of();
    if (limits.preAggregate() || selection != null) {
      UnitColumns.Exposed e = UnitColumns.expose(below, analysis);
      below = e.rel();
      unit = e.columns();
    }
    return new BoundedRewrite(
            boundary, limits, below, unit, Unclamped.of(boundary, warranted), selection)
        .build();
  }

  private Rewritten build() throws SQLException {
    for (GroupKey k : boundary.keys()) {
      rowExprs.add(rex.makeInputRef(below, k.input())); // keys and unit: fixed positions
    }
    for (int u : unit) {
      rowExprs.add(rex.makeInputRef(below, u));
    }
    List<OutputExpr> outputs = new ArrayList<>();
    List<String> descriptions = new ArrayList<>();
    for (BoundaryCall call : boundary.calls()) {
      String d = describe(call);
      descriptions.add(d);
      outputs.add(call(call, d));
    }
    int keys = boundary.keys().size();
    b.push(below);
    List<String> rowNames = new ArrayList<>();
    for (int i = 0; i < rowExprs.size(); i++) {
      rowNames.add(
          i < keys
              ? "dp_k" + i
              : i < keys + unit.size() ? "dp_u" + (i - keys) : "dp_v" + (i - keys - unit.size()));
    }
    b.project(rowExprs, rowNames, true);
    if (!distinctRows().isEmpty()) {
      DistinctCounts.fence(b);
    }
    int groupFields = keys + (preAggregate ? unit.size() : 0);
    b.aggregate(
        b.groupKey(
            org.apache.calcite.util.ImmutableBitSet.range(0, groupFields)
                .union(org.apache.calcite.util.ImmutableBitSet.of(distinctRows()))),
        aggCalls());
    List<RexNode> coordinateValues = new ArrayList<>();
    if (preAggregate) {
      preAggregated(keys);
      for (int i = 0; i < coordExprs.size(); i++) {
        coordinateValues.add(b.field(keys + i));
      }
      if (selection != null) {
        coordinateValues.add(b.field(keys + coordExprs.size())); // dp_n: never released
      }
    } else {
      List<RexNode> ps = partialFields(keys);
      for (Coord c : coordExprs) {
        coordinateValues.add(c.value().apply(ps));
      }
    }
    List<RexNode> out = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < keys; i++) {
      out.add(b.field(i));
      names.add("dp_k" + i);
    }
    for (int i = 0; i < coordinateValues.size(); i++) {
      out.add(coordinateValues.get(i));
      names.add(i < coordExprs.size() ? "c" + i : "dp_n");
    }
    b.project(out, names, true);
    if (unclamped.catalogRelied()) {
      b.filter(CatalogGuard.condition(rex, unclamped.warrants())); // outermost: see CatalogGuard
    }
    int k = coords.size();
    outputs.replaceAll(o -> o instanceof OutputExpr.QuantileOf q ? q.shifted(k) : o);
    return new Rewritten(
        b.build(),
        coords.coordinates(),
        outputs,
        descriptions,
        limits,
        unclamped.uses(),
        quantiles.build(),
        selection);
  }

  /**
   * Over the per-(unit, group) partials: keeps L0 groups per unit when enforced, clamps each unit's
   * contribution to each coordinate, and sums per group.
   */
  private void preAggregated(int keys) {
    int u = unit.size();
    List<Integer> values = distinctRows();
    if (!values.isEmpty()) {
      DistinctCounts.keepValues(b, limits, clamps, keys, u, values.size(), partials.size());
    } else if (limits.enforceGroups()) {
      limits.keepGroupsPerUnit(
          b, clamps.literal(limits.groupsPerUnit(), SqlTypeName.BIGINT), keys, u);
    }
    List<RexNode> ps = partialFields(keys + u + values.size());
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
    if (selection != null) {
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
    if (selection != null) {
      sums.add(b.count(b.field("dp_unit")).as("dp_n")); // the group's distinct units
    }
    b.aggregate(b.groupKey(org.apache.calcite.util.ImmutableBitSet.range(0, keys)), sums);
  }

  private List<RexNode> partialFields(int from) {
    List<RexNode> ps = new ArrayList<>();
    for (int i = 0; i < partials.size(); i++) {
      ps.add(b.field(from + i));
    }
    return ps;
  }

  private List<RelBuilder.AggCall> aggCalls() {
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

  /** Registers the partials and coordinates of one call; returns its output expression. */
  private OutputExpr call(BoundaryCall call, String d) throws SQLException {
    int filter = call.filterColumn() < 0 ? -1 : row(rex.makeInputRef(below, call.filterColumn()));
    String f = call.filterColumn() < 0 ? "" : " FILTER (WHERE " + column(call.filterColumn()) + ")";
    long c = limits.rowsPerUnit();
    switch (call.kind()) {
      case COUNT_ROWS, COUNT_VALUES -> {
        int n = countPartial(call, filter);
        int i = count(n, countDescription(call) + f);
        coords.weigh(i, 1);
        return new OutputExpr.CountOf(i);
      }
      case SUM -> {
        Interval iv = bounded(call, d);
        int s = partial(new Partial(SqlKind.SUM, clamped(call.arguments().get(0), iv), filter));
        double lo = Math.min(0, c * iv.lower());
        double hi = Math.max(0, c * iv.upper());
        int i =
            coordinate(
                Coordinate.Kind.SUM,
                "SUM(" + column(call.arguments().get(0)) + ")" + f,
                c * Math.max(Math.abs(iv.lower()), Math.abs(iv.upper())),
                ps -> ps.get(s),
                lo,
                hi);
        double m = CoordinateSet.magnitude(iv.lower(), iv.upper());
        coords.weigh(i, 1 / (m * m));
        return new OutputExpr.SumOf(i, iv.lower(), iv.upper());
      }
      case AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
        return moments(call, d, filter, f);
      }
      case MIN, MAX, MEDIAN, PERCENTILE_CONT, PERCENTILE_DISC -> {
        return quantiles.add(call, d); // QuantileCalls: a histogram statement of its own
      }
      case COUNT_DISTINCT -> {
        return countDistinct(call, filter, f);
      }
      default ->
          throw new SQLException(
              d
                  + " over private data is not supported yet: use COUNT, SUM, AVG, VAR_POP,"
                  + " VAR_SAMP, STDDEV_POP or STDDEV_SAMP",
              AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  private OutputExpr moments(BoundaryCall call, String d, int filter, String f)
      throws SQLException {
    int arg = call.arguments().get(0);
    Interval iv = bounded(call, d);
    long c = limits.rowsPerUnit();
    double lower = iv.lower();
    double upper = iv.upper();
    double mid = (lower + upper) / 2;
    double h = (upper - lower) / 2;
    int v = clamped(arg, iv);
    int s = partial(new Partial(SqlKind.SUM, v, filter));
    int n = partial(new Partial(SqlKind.COUNT, nullable(arg) ? v : -1, filter));
    String x = column(arg);
    String m = BigDecimal.valueOf(mid).stripTrailingZeros().toPlainString();
    int count = count(n, (nullable(arg) ? "COUNT(" + x + ")" : "COUNT(*)") + f);
    int centred =
        coordinate(
            Coordinate.Kind.SUM,
            "SUM(" + x + " - " + m + ")" + f,
            c * h,
            ps -> clamps.centred(ps.get(s), ps.get(n), mid),
            -c * h,
            c * h);
    double mag = CoordinateSet.magnitude(lower, upper);
    double dd = CoordinateSet.standIn(lower, upper);
    if (call.kind() == BoundaryCall.Kind.AVG) {
      coords.weigh(centred, 1 / (mag * mag));
      coords.weigh(count, dd * dd / (mag * mag));
      return new OutputExpr.AvgOf(centred, count, lower, upper);
    }
    int sq = row(clamps.squaredDeviation(rowExprs.get(v), mid));
    int q = partial(new Partial(SqlKind.SUM, sq, filter));
    int squares =
        coordinate(
            Coordinate.Kind.SUM,
            "SUM((" + x + " - " + m + ")^2)" + f,
            c * h * h,
            ps -> ps.get(q),
            0,
            c * h * h);
    double var = dd * dd;
    boolean stddev =
        call.kind() == BoundaryCall.Kind.STDDEV_POP || call.kind() == BoundaryCall.Kind.STDDEV_SAMP;
    double scale = stddev ? 0.25 : 1;
    coords.weigh(squares, scale / (var * var));
    coords.weigh(centred, scale * 4 * dd * dd / (var * var));
    coords.weigh(count, scale);
    boolean sample =
        call.kind() == BoundaryCall.Kind.VAR_SAMP || call.kind() == BoundaryCall.Kind.STDDEV_SAMP;
    return new OutputExpr.VarianceOf(centred, squares, count, lower, upper, sample, stddev);
  }

  /** COUNT(DISTINCT x): λ = 1 when x is the unit, else C ({@link DistinctCounts}). */
  private OutputExpr countDistinct(BoundaryCall call, int filter, String f) {
    int arg = call.arguments().get(0);
    String d = "COUNT(DISTINCT " + column(arg) + ")" + f;
    boolean units = DistinctCounts.countsUnits(boundary, call);
    long c = units ? 1 : limits.rowsPerUnit();
    int i;
    if (units && limits.preAggregate()) {
      int n = partial(new Partial(SqlKind.COUNT, nullable(arg) ? row(ref(arg)) : -1, filter));
      i = coordinate(Coordinate.Kind.COUNT, d, 1, ps -> ps.get(n), 0, 1);
    } else {
      RexNode x = ref(arg);
      if (filter >= 0) { // FILTER (WHERE f): CASE WHEN f THEN x END
        RelDataType t = rex.getTypeFactory().createTypeWithNullability(x.getType(), true);
        x = rex.makeCall(SqlStdOperatorTable.CASE, rowExprs.get(filter), x, rex.makeNullLiteral(t));
      }
      int v = row(x);
      if (limits.preAggregate()) {
        i = coords.add(Coordinate.Kind.COUNT, d, c, true);
        if (i == coordExprs.size()) {
          coordExprs.add(new Coord(i, ps -> null, 0, c, v));
        }
      } else {
        int n = partial(new Partial(SqlKind.COUNT, v, -1, true));
        i = coordinate(Coordinate.Kind.COUNT, d, c, ps -> ps.get(n), 0, c);
      }
    }
    coords.weigh(i, 1);
    return new OutputExpr.CountOf(i);
  }

  /** The row fields a pre-aggregated DISTINCT count groups by, ascending. */
  private List<Integer> distinctRows() {
    return coordExprs.stream()
        .map(Coord::distinctRow)
        .filter(r -> r >= 0)
        .distinct()
        .sorted()
        .toList();
  }

  private RexNode ref(int column) {
    return rex.makeInputRef(below, column);
  }

  private int countPartial(BoundaryCall call, int filter) {
    if (call.kind() == BoundaryCall.Kind.COUNT_ROWS || !nullable(call.arguments().get(0))) {
      return partial(new Partial(SqlKind.COUNT, -1, filter));
    }
    return partial(
        new Partial(SqlKind.COUNT, row(rex.makeInputRef(below, call.arguments().get(0))), filter));
  }

  private String countDescription(BoundaryCall call) {
    return call.kind() == BoundaryCall.Kind.COUNT_ROWS || !nullable(call.arguments().get(0))
        ? "COUNT(*)"
        : "COUNT(" + column(call.arguments().get(0)) + ")";
  }

  private int count(int partial, String description) {
    long c = limits.rowsPerUnit();
    return coordinate(Coordinate.Kind.COUNT, description, c, ps -> ps.get(partial), 0, c);
  }

  private int coordinate(
      Coordinate.Kind kind,
      String description,
      double sensitivity,
      java.util.function.Function<List<RexNode>, RexNode> value,
      double lo,
      double hi) {
    int before = coords.size();
    int i = coords.add(kind, description, sensitivity, kind == Coordinate.Kind.COUNT);
    if (i == before) {
      coordExprs.add(new Coord(i, value, lo, hi));
    }
    return i;
  }

  private Interval bounded(BoundaryCall call, String d) throws SQLException {
    return CallText.bounded(boundary, call, d, limits.rowsPerUnit());
  }

  /** The row-level field holding input column {@code arg} clamped to {@code iv}. */
  private int clamped(int arg, Interval iv) {
    RexNode x = rex.makeInputRef(below, arg);
    if (!unclamped.needed(arg, iv.lower(), iv.upper(), column(arg))) {
      return row(x); // the clamp would change no value (Unclamped)
    }
    return row(clamps.clamp(x, iv.lower(), iv.upper()));
  }

  private int row(RexNode e) {
    String key = e.toString() + ":" + e.getType().getFullTypeString();
    Integer i = rowIndex.get(key);
    if (i != null) {
      return i;
    }
    rowExprs.add(e);
    rowIndex.put(key, rowExprs.size() - 1);
    return rowExprs.size() - 1;
  }

  private int partial(Partial p) {
    int i = partials.indexOf(p);
    if (i >= 0) {
      return i;
    }
    partials.add(p);
    return partials.size() - 1;
  }

  private boolean nullable(int column) {
    return below.getRowType().getFieldList().get(column).getType().isNullable();
  }

  private String column(int i) {
    return CallText.columnText(boundary, i);
  }

  /** See {@link CallText#columnText}. */
  public static String columnText(Boundary boundary, int i) {
    return CallText.columnText(boundary, i);
  }

  private String describe(BoundaryCall call) {
    return CallText.describe(boundary, call);
  }
}
