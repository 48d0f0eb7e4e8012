package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.sample.ExactRational;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Partition selection of a plan's backend groups ({@link PrivacyPlan#selects}): each group, whose
 * last value is n (its exact number of distinct units, from the rewritten SQL), is kept with
 * probability exactly π(n) of the {@link OptimalPartitionRule} charged in the {@link QueryBudget}
 * (a Bernoulli draw from the secure {@link RandomSource} against π(n) as an exact binary fraction),
 * independently of every other group. n is dropped from the kept groups: it is never released. Only
 * the kept groups go on to noise and post-processing (HAVING, ORDER BY ... LIMIT run over them).
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

  static RawResult select(RawResult raw, int k, OptimalPartitionRule rule, RandomSource random) {
    List<RawResult.Group> kept = new ArrayList<>();
    for (RawResult.Group g : raw.groups()) {
      double count = g.values()[k];
      long n = count > 0 ? (long) count : 0;
      if (keep(rule.keepProbability(n), random)) {
        kept.add(new RawResult.Group(g.keys(), Arrays.copyOf(g.values(), k)));
      }
    }
    return new RawResult(kept);
  }

  private static boolean keep(double p, RandomSource random) {
    if (p <= 0) {
      return false;
    }
    if (p >= 1) {
      return true;
    }
    return random.nextBernoulli(ExactRational.of(p));
  }
}
