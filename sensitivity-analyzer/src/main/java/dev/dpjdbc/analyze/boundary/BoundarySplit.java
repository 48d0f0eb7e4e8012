package dev.dpjdbc.analyze.boundary;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexUtil;

/**
 * Cuts a plan at its DP boundary: {@link #split} returns the {@link Boundary} or refuses the plan.
 *
 * <p>Refusals (each message names the construct and a rewrite the analyst can use):
 *
 * <ul>
 *   <li>42501: private rows reach the output (no aggregate over them, or an aggregate grouped by
 *       the privacy unit); private rows meet released ones or the unit cannot be told (the privacy
 *       analysis' AMBIGUOUS, with its reason);
 *   <li>ZD002: the aggregated rows reach their privacy unit only through a join the query does not
 *       make (a table whose foreign key leads to the unit, queried alone);
 *   <li>0A000: more than one aggregate over private data; an operator above the boundary other than
 *       Project, Filter, Sort or Aggregate (a join or set operation over released rows); grouping
 *       sets; an aggregate function the rewrite cannot bound (see {@link Classifier}).
 * </ul>
 */
public final class BoundarySplit {
  private static final String ROW_LEVEL_FIX =
      ", a row-level result: only aggregates over many units can be released. Aggregate across units, e.g."
          + " SELECT region, COUNT(*), AVG(salary) FROM employees GROUP BY region.";

  private BoundarySplit() {}

  /**
   * The boundary of {@code root}'s plan.
   *
   * @param root the plan from the relational front end
   * @param analysis the privacy analysis of that plan (its memo is reused)
   * @throws SQLException 42501 or 0A000 as listed in the class Javadoc
   */
  public static Boundary split(RelRoot root, PrivacyAnalysis analysis) throws SQLException {
    RelNode top = root.rel;
    RelPrivacy facts = analysis.privacy(top);
    switch (facts.status()) {
      case PUBLIC -> {
        requireAllPublic(top, analysis);
        return Boundary.publicPlan(root);
      }
      case PRIVATE -> throw rowLevel(top, facts);
      case AMBIGUOUS -> throw ambiguous(top, analysis);
      case BOUNDARY, RELEASED -> {}
    }
    List<Aggregate> boundaries = new ArrayList<>();
    collectBoundaries(top, analysis, boundaries);
    if (boundaries.isEmpty()) {
      throw new IllegalStateException("released rows without a boundary below: " + facts);
    }
    if (boundaries.size() > 1) {
      throw refusal(
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
          "The query has "
              + boundaries.size()
              + " aggregates over private data (one aggregate over private data per query for"
              + " now). Send each aggregate as its own query and combine the results in the"
              + " client.");
    }
    Aggregate aggregate = boundaries.get(0);
    List<RelNode> above = pathAbove(top, aggregate);
    RelPrivacy input = analysis.privacy(aggregate).boundaryInput();
    if (!input.isPrivate() || !analysis.privacy(aggregate.getInput()).isPrivate()) {
      throw new IllegalStateException("a boundary over a non-private input: " + input);
    }
    if (input.unit().liftOccurrence() != null) { // e.g. order_items alone: its unit is in orders
      throw refusal(
          AnalyzerSqlState.MISSING_PRIVACY_UNIT,
          "The query cannot be answered privately: " + input.rowsPerUnit().source() + ".");
    }
    return new Boundary(
        root,
        false,
        aggregate,
        aggregate.getInput(),
        input,
        above,
        Classifier.keys(aggregate, input),
        Classifier.calls(aggregate));
  }

  /** Defence in depth: a public plan has no node that is not PUBLIC. */
  private static void requireAllPublic(RelNode node, PrivacyAnalysis analysis) throws SQLException {
    RelPrivacy facts = analysis.privacy(node);
    if (!facts.isPublic()) {
      throw refusal(
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
          "The query reads private data at "
              + describe(node)
              + " although its result looks public ("
              + facts
              + "); aggregate the private data explicitly.");
    }
    for (RelNode in : node.getInputs()) {
      requireAllPublic(in, analysis);
    }
  }

  /** Every BOUNDARY aggregate of the plan (a boundary's input is private: none below one). */
  private static void collectBoundaries(
      RelNode node, PrivacyAnalysis analysis, List<Aggregate> out) {
    if (analysis.privacy(node).status() == Status.BOUNDARY && node instanceof Aggregate a) {
      out.add(a);
      return;
    }
    for (RelNode in : node.getInputs()) {
      collectBoundaries(in, analysis, out);
    }
  }

  /** The single-input chain from the aggregate up to {@code top}; else 0A000 naming the node. */
  private static List<RelNode> pathAbove(RelNode top, Aggregate aggregate) throws SQLException {
    List<RelNode> path = new ArrayList<>();
    RelNode node = top;
    while (node != aggregate) {
      if (node instanceof Join && aggregate.getAggCallList().isEmpty()) {
        // an aggregate with no calls only says which keys occur: joined to other rows it filters
        // them by whether some person's row exists (an IN/EXISTS subquery), a per-person fact with
        // no noisy statistic to post-process, so it is refused for privacy, not as unsupported
        throw refusal(
            AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
            describe(node)
                + " filters rows by whether private rows exist for them (an IN/EXISTS subquery or"
                + " a join to SELECT DISTINCT over private data): that releases per-person facts"
                + " without noise. Count instead: join the tables in FROM and aggregate (SELECT"
                + " d.name, COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id"
                + " WHERE e.salary > 199000 GROUP BY d.name).");
      }
      if (!(node instanceof Project
          || node instanceof Filter
          || node instanceof Sort
          || node instanceof Aggregate)) {
        throw refusal(
            AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
            describe(node)
                + (node instanceof Join ? " (or an IN/EXISTS/scalar subquery)" : "")
                + " over the result of an aggregate over private data is not supported yet: only"
                + " expressions, filters (HAVING), ORDER BY/LIMIT and further aggregates may"
                + " follow it. "
                + (node instanceof Join
                    ? "Join the public table inside the aggregate and GROUP BY its columns"
                        + " (SELECT d.name, COUNT(*) FROM employees e JOIN departments d"
                        + " ON e.dept_id = d.id GROUP BY d.name), or send the subquery as its own"
                        + " query."
                    : "Send the parts as separate queries and combine them in the client."));
      }
      if (containsSubQuery(node)) {
        throw refusal(
            AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
            "A subquery inside "
                + describe(node)
                + " above the aggregate could not be turned into a join, so it would read rows"
                + " outside the aggregate. Send the subquery as its own query, or write it as a"
                + " join in FROM.");
      }
      path.add(node);
      node = node.getInput(0);
    }
    Collections.reverse(path);
    return path;
  }

  private static boolean containsSubQuery(RelNode node) {
    if (node instanceof Filter f) {
      return RexUtil.SubQueryFinder.find(f.getCondition()) != null
          || !f.getVariablesSet().isEmpty();
    }
    if (node instanceof Project p) {
      return RexUtil.SubQueryFinder.find(p.getProjects()) != null || !p.getVariablesSet().isEmpty();
    }
    return false;
  }

  private static SQLException rowLevel(RelNode top, RelPrivacy facts) {
    boolean perUnit = containsAggregate(top);
    String what =
        perUnit
            ? "The query aggregates per privacy unit ("
                + facts.unit().identity()
                + "), so each output row describes one person"
            : "The query returns rows of private data (privacy unit "
                + facts.unit().identity()
                + ")";
    return refusal(
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
        what
            + (perUnit
                ? ROW_LEVEL_FIX + " Or wrap the per-unit query: SELECT AVG(n) FROM (...) t."
                : ROW_LEVEL_FIX));
  }

  private static boolean containsAggregate(RelNode node) {
    if (node instanceof Aggregate) {
      return true;
    }
    return node.getInputs().stream().anyMatch(BoundarySplit::containsAggregate);
  }

  /** 42501 with the reason of the lowest AMBIGUOUS node (where the unit got lost). */
  private static SQLException ambiguous(RelNode top, PrivacyAnalysis analysis) {
    RelNode origin = top;
    boolean descended = true;
    while (descended) {
      descended = false;
      for (RelNode in : origin.getInputs()) {
        if (analysis.privacy(in).status() == Status.AMBIGUOUS) {
          origin = in;
          descended = true;
          break;
        }
      }
    }
    if (!containsAggregate(top)) {
      return refusal(
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
          "The query returns rows of private data"
              + ROW_LEVEL_FIX
              + " (Besides, at "
              + describe(origin)
              + ": "
              + analysis.privacy(origin).reason()
              + ".)");
    }
    return refusal(
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
        "The query cannot be answered privately at "
            + describe(origin)
            + ": "
            + analysis.privacy(origin).reason());
  }

  /** The analyst's name for a node: "a join", "a UNION", ... */
  static String describe(RelNode node) {
    if (node instanceof Join j) {
      String type = j.getJoinType().lowerName;
      return (type.startsWith("i") || type.startsWith("a") ? "an " : "a ") + type + " join";
    }
    if (node instanceof SetOp s) {
      return "a " + s.kind + (s.all ? " ALL" : "");
    }
    if (node instanceof Sort) {
      return "an ORDER BY/LIMIT";
    }
    if (node instanceof Aggregate) {
      return "an aggregate";
    }
    if (node instanceof Filter) {
      return "a WHERE/HAVING filter";
    }
    if (node instanceof Project) {
      return "a SELECT list";
    }
    return "a " + node.getRelTypeName().replace("Logical", "");
  }

  static SQLException refusal(AnalyzerSqlState state, String message) {
    return new SQLException(message, state.code());
  }
}
