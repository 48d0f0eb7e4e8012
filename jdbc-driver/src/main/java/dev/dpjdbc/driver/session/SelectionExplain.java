package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.perturb.QueryBudget;
import dev.dpjdbc.mechanisms.select.GaussianThresholdRule;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRuleChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The EXPLAIN PRIVACY row of a plan's partition selection: what decides that a group is released
 * (the chosen rule — optimal rule or Gaussian threshold — over the group's distinct-unit count,
 * sensitivity 1 per group), L0, and the whole query's ε and δ in the epsilon and delta columns like
 * every row; the selection's own share, the rule and why it was chosen (both rules' n½), the
 * threshold (n½: the group size released half the time; the smallest size released with probability
 * ≥ 0.99; for the optimal rule the size from which a group is always released, for the Gaussian
 * threshold σ and τ) and why selection is used in the bounds column. Computed from the plan and the
 * budget alone.
 */
final class SelectionExplain {
  private SelectionExplain() {}

  static Object[] row(PrivacyPlan plan, QueryBudget budget, int columns) {
    PartitionRuleChoice choice = budget.selectionChoice();
    PartitionRule rule = choice.rule();
    List<String> keys = new ArrayList<>();
    for (GroupKey k : plan.groupKeys()) {
      keys.add(k.column());
    }
    String detail =
        rule instanceof GaussianThresholdRule g
            ? String.format(
                Locale.ROOT,
                "never certain (noise sigma = %s, threshold tau = %s)",
                num(g.threshold().scale()),
                num(g.effectiveTau()))
            : "always from " + ((OptimalPartitionRule) rule).nCertain();
    String bounds =
        String.format(
            Locale.ROOT,
            "selection's share: epsilon=%s, delta=%s (the query's epsilon split over %d part(s)%s);"
                + " rule: %s (n½ %s for the optimal rule, %s for the Gaussian"
                + " threshold at L0 = %d; the smaller is used, ties keep the optimal rule);"
                + " threshold: n½ = %d distinct units (released half the time), released with"
                + " probability >= 0.99 from %d, %s, a group of 1 released with probability %s;"
                + " groups: %s",
            num(budget.selectionParams().epsilon()),
            num(budget.selectionParams().delta()),
            plan.coordinates().size() + 1,
            plan.coordinates().isEmpty() ? "" : ", delta halved",
            rule.name(),
            half(choice.optimalNHalf()),
            half(choice.gaussianNHalf()),
            plan.maxGroupsPerUnit(),
            rule.nHalf(),
            rule.sizeReleasedWith(0.99),
            detail,
            num(rule.keepProbability(1)),
            plan.selection().reason());
    List<String> shared = new ArrayList<>();
    for (BoundUse b : plan.bounds()) {
      if (!b.what().startsWith("[")) {
        shared.add(
            (b.column() == null || b.column().isBlank() ? "" : b.column() + " ")
                + b.what()
                + " ("
                + b.source()
                + ")");
      }
    }
    Object[] row = new Object[columns];
    row[0] = String.join(", ", keys);
    row[1] = "partition selection (" + rule.name() + ") over " + plan.selection().counted();
    row[2] = 1.0;
    row[3] =
        rule instanceof GaussianThresholdRule
            ? "Gaussian-threshold partition selection"
            : "optimal partition selection";
    row[6] = budget.cost().epsilon();
    row[7] = budget.cost().delta();
    row[8] = plan.maxGroupsPerUnit();
    row[12] = "dp_n";
    row[13] = bounds + (shared.isEmpty() ? "" : "; " + String.join("; ", shared));
    return row;
  }

  private static String half(int n) {
    return n < 0 ? "n/a (cannot be calibrated)" : Integer.toString(n);
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
