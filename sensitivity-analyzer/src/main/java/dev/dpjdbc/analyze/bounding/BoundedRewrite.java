package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.Selection;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.safety.Warranted;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
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

  private final Boundary boundary;
  private final ContributionLimits limits;
  private final RelNode below;
  private final List<Integer> unit;
  private final RexBuilder rex;
  private final RelBuilder b;
  private final Partials partials = new Partials();
  private final CoordinateSet coords = new CoordinateSet();
  private final Clamps clamps;
  private final Unclamped unclamped;
  private final QuantileCalls quantiles;
  private final CallCoordinates calls;
  private final Selection selection;

  /** Per-(unit, group) first: to clamp, to keep L0 groups, or to count a selected group's units. */
  private final boolean preAggregate;

  private BoundedRewrite(
      Boundary boundary,
      ContributionLimits limits,
      RelNode below,
      List<Integer> unit,
      Unclamped unclamped,
      Selection selection,
      SharedBasis basis) {
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
    this.calls =
        new CallCoordinates(
            boundary, limits, below, clamps, unclamped, coords, quantiles, partials, basis);
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
    RelNode input = below;
    List<Integer> units = unit;
    Build build =
        basis ->
            new BoundedRewrite(
                boundary,
                limits,
                input,
                units,
                Unclamped.of(boundary, warranted),
                selection,
                basis);
    return shared(build);
  }

  /** A rewrite of the same boundary with a given sharing basis. */
  private interface Build {
    BoundedRewrite with(SharedBasis basis);
  }

  /**
   * The rewrite whose coordinates give the smallest allocator objective over the sharing bases
   * ({@link SharedBasis}; the separate basis wins ties): every combination of the families' options
   * when there are at most 64, else one family at a time.
   */
  private static Rewritten shared(Build build) throws SQLException {
    BoundedRewrite separate = build.with(SharedBasis.SEPARATE_ALL);
    Map<String, List<SharedBasis.Basis>> options =
        separate.calls.options(separate.boundary.calls());
    Rewritten best = separate.build();
    if (options.isEmpty() || SharedBasis.disabled()) {
      return best;
    }
    double[] reference = SharedBasis.scores(best.coordinates());
    double bestRatio = 1;
    List<SharedBasis> combinations = SharedBasis.combinations(options);
    if (combinations != null) {
      for (SharedBasis b : combinations.subList(1, combinations.size())) {
        Rewritten r = build.with(b).build();
        double ratio = SharedBasis.ratio(SharedBasis.scores(r.coordinates()), reference);
        if (SharedBasis.better(ratio, bestRatio)) {
          best = r;
          bestRatio = ratio;
        }
      }
      return best;
    }
    SharedBasis current = SharedBasis.SEPARATE_ALL;
    for (Map.Entry<String, List<SharedBasis.Basis>> e : options.entrySet()) {
      for (SharedBasis.Basis option : e.getValue()) {
        SharedBasis b = current.with(e.getKey(), option);
        Rewritten r = build.with(b).build();
        double ratio = SharedBasis.ratio(SharedBasis.scores(r.coordinates()), reference);
        if (SharedBasis.better(ratio, bestRatio)) {
          best = r;
          bestRatio = ratio;
          current = b;
        }
      }
    }
    return best;
  }

  private Rewritten build() throws SQLException {
    for (GroupKey k : boundary.keys()) {
      partials.fixed(rex.makeInputRef(below, k.input())); // keys and unit: fixed positions
    }
    for (int u : unit) {
      partials.fixed(rex.makeInputRef(below, u));
    }
    List<OutputExpr> outputs = new ArrayList<>();
    List<String> descriptions = new ArrayList<>();
    for (BoundaryCall call : boundary.calls()) {
      String d = describe(call);
      descriptions.add(d);
      outputs.add(calls.call(call, d));
    }
    int keys = boundary.keys().size();
    b.push(below);
    List<String> rowNames = new ArrayList<>();
    List<RexNode> rowExprs = partials.rowExprs();
    for (int i = 0; i < rowExprs.size(); i++) {
      rowNames.add(
          i < keys
              ? "dp_k" + i
              : i < keys + unit.size() ? "dp_u" + (i - keys) : "dp_v" + (i - keys - unit.size()));
    }
    b.project(rowExprs, rowNames, true);
    if (!partials.distinctRows().isEmpty()) {
      DistinctCounts.fence(b);
    }
    int groupFields = keys + (preAggregate ? unit.size() : 0);
    b.aggregate(
        b.groupKey(
            org.apache.calcite.util.ImmutableBitSet.range(0, groupFields)
                .union(org.apache.calcite.util.ImmutableBitSet.of(partials.distinctRows()))),
        partials.aggCalls(b));
    List<RexNode> coordinateValues = new ArrayList<>();
    if (preAggregate) {
      partials.preAggregated(b, keys, unit.size(), limits, clamps, selection != null);
      for (int i = 0; i < partials.coordinateCount(); i++) {
        coordinateValues.add(b.field(keys + i));
      }
      if (selection != null) {
        coordinateValues.add(b.field(keys + partials.coordinateCount())); // dp_n: never released
      }
    } else {
      List<RexNode> ps = partials.partialFields(b, keys);
      for (Partials.Coord c : partials.coordinates()) {
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
      names.add(i < partials.coordinateCount() ? "c" + i : "dp_n");
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

  /** See {@link CallText#columnText}. */
  public static String columnText(Boundary boundary, int i) {
    return CallText.columnText(boundary, i);
  }

  private String describe(BoundaryCall call) {
    return CallText.describe(boundary, call);
  }
}
