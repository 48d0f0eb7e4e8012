package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import dev.dpjdbc.driver.perturb.BudgetSplit;
import dev.dpjdbc.driver.perturb.QuantileResolution;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * EXPLAIN PRIVACY's rows for a plan's quantiles: one per quantile, mechanism {@code exponential},
 * {@code sensitivity} C (how far one unit moves a group's rank utility), {@code scale} ε′ =
 * ε_q/(C·L0) (the per-group ε the mechanism runs at), {@code rank_error} the bound t(10⁻⁶) on the
 * rank error of the chosen bucket (exceeded with probability at most 10⁻⁶), {@code
 * expected_rank_error} the bound on its expectation and {@code bucket_width} the width w of a
 * bucket ({@link QuantileResolution}); the released value is within w of a value of such a rank.
 */
final class ExplainQuantiles {
  private ExplainQuantiles() {}

  static List<Object[]> rows(
      PrivacyPlan plan, Allocation allocation, String objective, String bounds, int columns) {
    List<Object[]> rows = new ArrayList<>();
    QuantileRelease qr = plan.quantiles();
    double epsilonQ = BudgetSplit.of(plan, allocation.cost().epsilon(), 0).quantileEpsilon();
    int k = plan.coordinates().size();
    for (int i = 0; i < qr.quantiles().size(); i++) {
      QuantileRelease.Quantile q = qr.quantiles().get(i);
      QuantileRelease.Histogram h = qr.histograms().get(q.histogram());
      QuantileResolution r = QuantileResolution.of(h, epsilonQ);
      Object[] row = new Object[columns];
      row[0] = outputsOf(plan, k + i);
      row[1] = q.description();
      row[2] = (double) h.rowsPerUnit();
      row[3] = "exponential";
      row[4] = r.epsilon();
      row[5] = null;
      row[6] = allocation.cost().epsilon();
      row[7] = allocation.cost().delta();
      row[8] = (int) h.groupsPerUnit();
      row[9] = null;
      row[10] = objective;
      row[11] = null;
      row[12] =
          String.format(
              Locale.ROOT,
              "histogram of %s: %d bucket(s) of width %s over [%s, %s], epsilon_q = %s of the"
                  + " query's epsilon (1 of %d parts)",
              h.column(),
              r.buckets(),
              num(r.width()),
              num(h.lower()),
              num(h.upper()),
              num(epsilonQ),
              BudgetSplit.of(plan, allocation.cost().epsilon(), 0).parts());
      row[13] = bounds;
      row[14] = r.rankBound(QuantileResolution.FAILURE);
      row[15] = r.expectedRankError();
      row[16] = r.width();
      rows.add(row);
    }
    return rows;
  }

  private static String num(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String outputsOf(PrivacyPlan plan, int slot) {
    List<String> labels = new ArrayList<>();
    for (OutputColumn o : plan.outputs()) {
      if (o.expr() instanceof OutputExpr.QuantileOf q && q.slot() == slot) {
        labels.add(o.label());
      }
    }
    return String.join(", ", labels);
  }
}
