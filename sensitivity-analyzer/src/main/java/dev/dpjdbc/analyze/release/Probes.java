package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.post.PostProcessor;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;

/** Plan surgery for the planner: empty-result probes and the post-processing leaf. */
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

  /**
   * {@code top} with {@code target} (found by identity on the single-input chain) replaced by a
   * placeholder scan of the released rows.
   */
  static RelNode replace(RelNode top, RelNode target, RelDataType released) {
    if (top == target) {
      return PostProcessor.placeholder(top.getCluster(), released);
    }
    return top.copy(top.getTraitSet(), List.of(replace(top.getInput(0), target, released)));
  }

  /** The private (not {@code public: true}) catalog tables {@code rel} scans, as schema.table. */
  static List<String> privateTables(RelNode rel, dev.dpjdbc.policy.Policy policy) {
    List<String> out = new java.util.ArrayList<>();
    rel.accept(
        new RelHomogeneousShuttle() {
          @Override
          public RelNode visit(RelNode other) {
            if (other instanceof org.apache.calcite.rel.core.TableScan scan) {
              var t = scan.getTable().unwrap(dev.dpjdbc.analyze.sql2rel.CatalogTable.class);
              if (t != null
                  && !policy
                      .table(t.meta().schema(), t.meta().name())
                      .map(dev.dpjdbc.policy.Policy.TablePolicy::isPublic)
                      .orElse(false)) {
                out.add(t.meta().name());
              }
            }
            return super.visit(other);
          }
        });
    return out;
  }

  /** The single input-less rel at the bottom of {@code rel}'s first-input chain. */
  static RelNode leaf(RelNode rel) {
    RelNode r = rel;
    while (!r.getInputs().isEmpty()) {
      r = r.getInput(0);
    }
    return r;
  }
}
