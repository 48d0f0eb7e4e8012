package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.sql2rel.CatalogTable;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;

/** What the planner asks of a whole plan: is it a probe, which private tables does it read. */
final class Probes {
  private Probes() {}

  /**
   * The plan returns no row whatever the tables hold: a filter whose condition simplifies to FALSE
   * from literals alone ({@code WHERE 1 = 0}), or a {@code LIMIT 0}, on the path of every output
   * row (Calcite's maximum-row-count metadata decides; a global aggregate over an empty input still
   * returns its row, so it is not a probe).
   */
  static boolean provablyEmpty(RelNode rel) {
    RelNode simplified;
    try {
      simplified =
          rel.accept(
              new RelHomogeneousShuttle() {
                @Override
                public RelNode visit(RelNode other) {
                  RelNode v = super.visit(other);
                  if (v instanceof Filter f) {
                    RexSimplify simplify =
                        new RexSimplify(
                            f.getCluster().getRexBuilder(),
                            RelOptPredicateList.EMPTY,
                            RexUtil.EXECUTOR);
                    RexNode c = simplify.simplifyUnknownAsFalse(f.getCondition());
                    if (c.isAlwaysFalse()) {
                      return f.copy(f.getTraitSet(), f.getInput(), c);
                    }
                  }
                  return v;
                }
              });
    } catch (RuntimeException e) {
      return false; // a constant that cannot be folded here: not provably empty
    }
    Double max = simplified.getCluster().getMetadataQuery().getMaxRowCount(simplified);
    return max != null && max == 0;
  }

  /** The private (not {@code public: true}) catalog tables {@code rel} scans, as schema.table. */
  static List<String> privateTables(RelNode rel, dev.dpjdbc.policy.Policy policy) {
    List<String> out = new java.util.ArrayList<>();
    for (CatalogTable t : CatalogTable.scannedBy(rel)) {
      boolean isPublic =
          policy
              .table(t.meta().schema(), t.meta().name())
              .map(dev.dpjdbc.policy.Policy.TablePolicy::isPublic)
              .orElse(false);
      if (!isPublic) {
        out.add(t.meta().name());
      }
    }
    return out;
  }
}
