package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.perturb.QueryBudget;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The EXPLAIN PRIVACY row of a plan's partition selection: what decides that a group is released
 * (the optimal rule over the group's distinct-unit count, sensitivity 1 per group), L0, and the
 * whole query's ε and δ in the epsilon and delta columns like every row; the selection's own share,
 * the threshold (n½: the group size released half the time; the smallest size released with
 * probability ≥ 0.99; the size from which a group is always released) and why selection is used in
 * the bounds column. Computed from the plan and the budget alone.
 */
final class SelectionExplain {
  private SelectionExplain() {}

  /** The smallest group size released with probability at least {@code p}. */
  static int sizeReleasedWith(OptimalPartitionRule rule, double p) {
    for (int n = 0; n <= rule.nCertain(); n++) {
      if (rule.keepProbability(n) >= p) {
        return n;
      }
    }
    return rule.nCertain();
  }

  static Object[] row(PrivacyPlan plan, QueryBudget budget, int columns) {
    OptimalPartitionRule rule = budget.selection();
    List<String> keys = new ArrayList<>();
    for (GroupKey k : plan.groupKeys()) {
      keys.add(k.column());
    }
    String bounds =
        String.format(
            Locale.ROOT,
            "selection's share: epsilon=%s, delta=%s (the query's epsilon split over %d part(s),"
                + " delta halved); threshold: n½ = %d distinct units (released half the time),"
                + " released with probability >= 0.99 from %d, always from %d, a group of 1"
                + " released with probability %s; groups: %s",
            num(budget.selectionParams().epsilon()),
            num(budget.selectionParams().delta()),
            plan.coordinates().size() + 1,
            rule.nHalf(),
            sizeReleasedWith(rule, 0.99),
            rule.nCertain(),
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
    row[1] = "partition selection (optimal rule) over " + plan.selection().counted();
    row[2] = 1.0;
    row[3] = "optimal partition selection";
    row[6] = budget.cost().epsilon();
    row[7] = budget.cost().delta();
    row[8] = plan.maxGroupsPerUnit();
    row[12] = "dp_n";
    row[13] = bounds + (shared.isEmpty() ? "" : "; " + String.join("; ", shared));
    return row;
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
