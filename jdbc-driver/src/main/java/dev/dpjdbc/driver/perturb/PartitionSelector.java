package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import dev.dpjdbc.mechanisms.select.GaussianThresholdRule;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Partition selection of a plan's backend groups ({@link PrivacyPlan#selects}): each group, whose
 * last value is n (its exact number of distinct units, from the rewritten SQL), is decided by the
 * rule charged in the {@link QueryBudget}, independently of every other group, from the secure
 * {@link RandomSource}: the {@link OptimalPartitionRule} keeps it with probability exactly π(n) (a
 * Bernoulli draw against π(n) as an exact binary fraction); the {@link GaussianThresholdRule} adds
 * exact discrete Gaussian noise of the calibrated σ to n on a grid of about 2^40 steps per σ and
 * keeps it iff the sum reaches τ plus one grid step (compared exactly in integer grid units). n is
 * dropped from the kept groups: it is never released. Only the kept groups go on to noise and
 * post-processing (HAVING, ORDER BY ... LIMIT run over them).
 */
public final class PartitionSelector {
  private static final RandomSource SOURCE = RandomSource.secure();

  private PartitionSelector() {}

  /**
   * The kept groups of {@code raw}, their values cut to the plan's coordinates; requires the {@link
   * Grant} the ledger gave for this release (the selection was charged with it).
   */
  public static RawResult select(RawResult raw, PrivacyPlan plan, QueryBudget budget, Grant grant) {
    if (grant == null || budget.selection() == null || !plan.selects()) {
      throw new IllegalStateException("partition selection needs a selection plan and its grant");
    }
    return select(raw, plan.coordinates().size(), budget.selection(), SOURCE);
  }

  static RawResult select(RawResult raw, int k, PartitionRule rule, RandomSource random) {
    List<RawResult.Group> kept = new ArrayList<>();
    for (RawResult.Group g : raw.groups()) {
      double count = g.values()[k];
      long n = count > 0 ? (long) count : 0;
      if (rule.keep(n, random)) {
        kept.add(new RawResult.Group(g.keys(), Arrays.copyOf(g.values(), k)));
      }
    }
    return new RawResult(kept);
  }
}
