package dev.dpjdbc.analyze.sql2rel;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql2rel.RelDecorrelator;
import org.apache.calcite.tools.RelBuilder;

/**
 * The rewrites between {@code SqlToRelConverter} and the privacy analysis, each chosen because the
 * analysis needs the shape it gives and none changes a query's meaning:
 *
 * <ol>
 *   <li><b>Subquery removal</b> ({@code FILTER/PROJECT/JOIN_SUB_QUERY_TO_CORRELATE}): {@code IN},
 *       {@code EXISTS} and scalar subqueries become joins (Correlate where they are correlated), so
 *       the analysis sees every table as a RelNode input and not hidden in a RexSubQuery;
 *   <li><b>Decorrelation</b> ({@code RelDecorrelator}): correlated subqueries become joins with
 *       aggregates where Calcite can do it; a Correlate it cannot remove stays (the analysis
 *       refuses it);
 *   <li><b>Normalisation</b>, to a fixpoint, bottom-up:
 *       <ul>
 *         <li>{@code FILTER_INTO_JOIN} and {@code JOIN_CONDITION_PUSH}: {@code FROM a, b WHERE a.x
 *             = b.y} becomes a join on {@code a.x = b.y}, single-side conditions go below the join,
 *             so the analysis finds join keys (foreign key paths) in the join condition;
 *         <li>{@code FILTER_PROJECT_TRANSPOSE}, {@code FILTER_MERGE}: a wrapper's WHERE ({@code
 *             SELECT * FROM (...) t WHERE ...}) moves down next to the inner filter, so BI wrappers
 *             look like the query they wrap;
 *         <li>{@code PROJECT_MERGE}, {@code PROJECT_REMOVE}: wrappers' projections collapse,
 *             trivial ones vanish;
 *         <li>{@code AGGREGATE_PROJECT_MERGE}: an Aggregate reads its columns straight from the
 *             scan (or join) instead of through a narrowing Project, so the privacy unit column is
 *             still in its input's row type.
 *       </ul>
 * </ol>
 *
 * Deliberately not used: {@code RelFieldTrimmer} (it projects away columns the query does not name
 * — the privacy unit among them — which the bounded rewrite needs); filter push-down through
 * Aggregate (a HAVING must stay above the DP boundary, where it is post-processing); expression
 * reduction (it would fold {@code WHERE 1 = 0} into an empty Values and hide the wrapped query the
 * analysis must still check; it also evaluates constants in Calcite rather than the backend).
 */
final class RelNormalizer {
  private RelNormalizer() {}

  /** A guard against rule sets that do not converge; far above what any query needs. */
  private static final int MATCH_LIMIT = 10_000;

  private static final List<RelOptRule> SUB_QUERIES =
      List.of(
          CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
          CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
          CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);

  private static final List<RelOptRule> NORMALISE =
      List.of(
          CoreRules.FILTER_INTO_JOIN,
          CoreRules.JOIN_CONDITION_PUSH,
          CoreRules.FILTER_PROJECT_TRANSPOSE,
          CoreRules.FILTER_MERGE,
          CoreRules.PROJECT_MERGE,
          CoreRules.PROJECT_REMOVE,
          CoreRules.AGGREGATE_PROJECT_MERGE);

  /**
   * A normalised plan, and the inner sides of the correlated subqueries the query had before
   * decorrelation turned them into joins (what such a subquery reads, for the privacy check).
   */
  record Normalized(RelNode rel, List<RelNode> correlatedSubqueries) {}

  static Normalized normalize(RelNode rel, RelBuilder builder) {
    RelNode noSubQueries = run(SUB_QUERIES, rel);
    List<RelNode> correlated = new java.util.ArrayList<>();
    noSubQueries.accept(
        new org.apache.calcite.rel.RelHomogeneousShuttle() {
          @Override
          public RelNode visit(RelNode other) {
            if (other instanceof org.apache.calcite.rel.core.Correlate c) {
              correlated.add(c.getRight());
            }
            return super.visit(other);
          }
        });
    RelNode decorrelated = RelDecorrelator.decorrelateQuery(noSubQueries, builder);
    return new Normalized(run(NORMALISE, decorrelated), correlated);
  }

  private static RelNode run(List<RelOptRule> rules, RelNode rel) {
    HepProgram program =
        new HepProgramBuilder()
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addMatchLimit(MATCH_LIMIT)
            .addRuleCollection(rules)
            .build();
    HepPlanner planner = new HepPlanner(program);
    planner.setRoot(rel);
    return planner.findBestExp();
  }
}
