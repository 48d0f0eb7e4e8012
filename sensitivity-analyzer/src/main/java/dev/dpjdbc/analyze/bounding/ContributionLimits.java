package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.privacy.RowBound;
import dev.dpjdbc.analyze.sql2rel.CatalogTable;
import dev.dpjdbc.policy.Policy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

/**
 * How much one privacy unit may contribute to the DP aggregate, and whether the rewrite must
 * enforce it.
 *
 * @param rowsPerUnit C: rows (or, after per-unit pre-aggregation, the count) one unit contributes
 *     to one group
 * @param rowsGuaranteed the data cannot exceed C (the privacy analysis proved it); else the rewrite
 *     enforces C
 * @param rowsSource where C came from, for EXPLAIN PRIVACY
 * @param groupsPerUnit L0: groups one unit contributes to
 * @param enforceGroups the rewrite keeps at most L0 groups per unit; else L0 holds without it
 * @param groupsSource where L0 came from
 * @param combinations the number of released groups (product of the keys' domain sizes), 1 without
 *     keys; {@code Long.MAX_VALUE} under partition selection ({@link PartitionChoice}), whose
 *     groups come from the data, so L0 is the policy's {@code max_groups_per_unit} (default 1),
 *     enforced, unless one row per unit is proven
 */
public record ContributionLimits(
    long rowsPerUnit,
    boolean rowsGuaranteed,
    String rowsSource,
    long groupsPerUnit,
    boolean enforceGroups,
    String groupsSource,
    long combinations) {

  /** The rewrite aggregates per (unit, group) first: to clamp per unit, or to rank groups. */
  public boolean preAggregate() {
    return !rowsGuaranteed || enforceGroups;
  }

  /**
   * The limits for {@code boundary}: C from the privacy analysis when it is guaranteed, else the
   * largest {@code max_rows_per_unit} the policy sets for a private table the query reads (default
   * 1); L0 as the package Javadoc says.
   */
  public static ContributionLimits of(Boundary boundary, Policy policy) {
    RowBound rows = boundary.boundaryInput().rowsPerUnit();
    List<TableSetting> tables = privateTablePolicies(boundary.below(), policy);
    long c;
    boolean guaranteed;
    String source;
    if (rows.bounded() && rows.guaranteed()) {
      c = rows.max();
      guaranteed = true;
      source = rows.source();
    } else if (rows.bounded()) {
      c = rows.max();
      guaranteed = false;
      source = rows.source() + ", enforced per unit";
    } else {
      Optional<TableSetting> cap = largest(tables, Policy.TablePolicy::maxRowsPerUnit);
      c = cap.map(TableSetting::value).orElse(1);
      guaranteed = false;
      source =
          cap.map(t -> t.describe("max_rows_per_unit"))
                  .orElse("default 1 (raise it with max_rows_per_unit in the policy)")
              + ", enforced per unit ("
              + rows.source()
              + ")";
    }
    long combinations = 1;
    for (GroupKey k : boundary.keys()) {
      combinations = PartitionChoice.times(combinations, PartitionChoice.combinations(boundary, k));
    }
    if (PartitionChoice.of(boundary, policy).isPresent()) {
      combinations = Long.MAX_VALUE; // partition selection: the released groups are not bounded
    }
    if (boundary.keys().isEmpty()) {
      return new ContributionLimits(c, guaranteed, source, 1, false, "no GROUP BY", 1);
    }
    Optional<TableSetting> l0 = largest(tables, Policy.TablePolicy::maxGroupsPerUnit);
    long policyGroups = l0.map(TableSetting::value).orElse(1);
    String policySource =
        l0.map(t -> t.describe("max_groups_per_unit"))
            .orElse("default 1 (raise it with max_groups_per_unit in the policy)");
    if (guaranteed && c <= combinations && c <= policyGroups) {
      return new ContributionLimits(
          c, true, source, c, false, "at most C rows per unit, so at most C groups", combinations);
    }
    if (combinations <= policyGroups) {
      return new ContributionLimits(
          c,
          guaranteed,
          source,
          combinations,
          false,
          "all " + combinations + " groups",
          combinations);
    }
    return new ContributionLimits(
        c,
        guaranteed,
        source,
        policyGroups,
        true,
        policySource + ", enforced per unit",
        combinations);
  }

  /**
   * Over per-(unit, group) rows on {@code b}'s stack whose unit is fields {@code from} .. {@code
   * from + units - 1}: keeps L0 rows per unit chosen at random, {@code ROW_NUMBER() OVER (PARTITION
   * BY unit ORDER BY RANDOM()) <= l0} (one row per group, so exactly L0 groups where a unit has
   * more).
   */
  void keepGroupsPerUnit(RelBuilder b, RexNode l0, int from, int units) {
    List<RexNode> partition = new ArrayList<>();
    for (int i = 0; i < units; i++) {
      partition.add(b.field(from + i));
    }
    RexNode rank =
        b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
            .over()
            .partitionBy(partition)
            .orderBy(b.call(Clamps.RANDOM))
            .toRex();
    b.projectPlus(b.alias(rank, "dp_rank"));
    b.filter(b.lessThanOrEqual(b.field("dp_rank"), l0));
  }

  /** A private table the query reads, with its policy entry. */
  record TableSetting(String table, Policy.TablePolicy policy, Integer value) {
    /** "policy max_rows_per_unit of visits", naming the table whose setting was taken. */
    String describe(String key) {
      return "policy " + key + " of " + table;
    }
  }

  /** The table with the largest value of {@code setting} among those that set it. */
  private static Optional<TableSetting> largest(
      List<TableSetting> tables, Function<Policy.TablePolicy, Integer> setting) {
    return tables.stream()
        .map(t -> new TableSetting(t.table(), t.policy(), setting.apply(t.policy())))
        .filter(t -> t.value() != null)
        .max(Comparator.comparing(TableSetting::value));
  }

  /** The policies of the private tables {@code rel} scans (tables without a policy entry: none). */
  static List<TableSetting> privateTablePolicies(RelNode rel, Policy policy) {
    List<TableSetting> out = new ArrayList<>();
    for (CatalogTable t : CatalogTable.scannedBy(rel)) {
      policy
          .table(t.meta().schema(), t.meta().name())
          .filter(p -> !p.isPublic())
          .ifPresent(p -> out.add(new TableSetting(t.meta().name(), p, null)));
    }
    return out;
  }
}
