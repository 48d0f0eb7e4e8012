package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.sample.RandomSource;

/**
 * A partition-selection rule as the driver applies it: for each group, a randomized decision on n,
 * the group's exact number of distinct privacy units (one unit in at most L0 groups), drawn exactly
 * from a secure {@link RandomSource}. Over all the groups of one query the decisions are {@link
 * #cost()}-DP: the implementations guarantee it for every input of n's.
 */
public sealed interface PartitionRule permits OptimalPartitionRule, GaussianThresholdRule {
  /** What EXPLAIN calls the rule: "optimal rule" or "Gaussian threshold". */
  String name();

  /** The decision for one group of {@code n} distinct units (n ≥ 0), drawn from {@code random}. */
  boolean keep(long n, RandomSource random);

  /**
   * P(keep | n): exact for the optimal rule; for the Gaussian threshold the continuous normal tail
   * at the threshold {@link #keep} compares with (the exact discrete draw differs from it by a
   * relative 2^−37 or less).
   */
  double keepProbability(long n);

  /** n½: the smallest n released with probability ≥ 1/2. */
  int nHalf();

  /** The smallest n with {@link #keepProbability} ≥ {@code p}, for p in (0, 1). */
  default int sizeReleasedWith(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("p must be in (0, 1). Provided value: " + p);
    }
    int n = 0;
    while (keepProbability(n) < p) {
      n++;
    }
    return n;
  }

  /** What the decisions over all the query's groups cost. */
  PrivacyCost cost();
}
