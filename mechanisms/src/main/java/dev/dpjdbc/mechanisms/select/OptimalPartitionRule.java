package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.sample.ExactRational;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import java.util.Arrays;

/**
 * The optimal partition-selection rule of Desfontaines, Voss, Gipson &amp; Mandayam,
 * "Differentially private partition selection" (PoPETs 2022), Thm 1: a group with n distinct units
 * is kept with probability π(n), where π(0) = 0 and
 *
 * <pre>
 *   π(n) = min( e^ε π(n−1) + δ,  1 − e^{−ε} (1 − π(n−1) − δ),  1 ).
 * </pre>
 *
 * This is the largest keep probability (for every n) that an (ε, δ)-DP rule depending only on n can
 * have. When one unit may touch L0 groups, each group's decision uses (ε/L0, δ/L0) so the L0
 * decisions compose to (ε, δ) (the paper's §4 reduction for bounded contributions).
 *
 * <p>The decision needs a Bernoulli(π(n)) draw from the secure sampler; n is the exact count.
 */
public final class OptimalPartitionRule implements PartitionRule {
  private static final int MAX_TABLE = 50_000_000;

  private final double epsilon;
  private final double delta;
  private final double[] pi; // pi[n] for n = 0 .. nCertain, pi[nCertain] = 1
  private final PrivacyCost cost;

  OptimalPartitionRule(double totalEpsilon, double totalDelta, int l0) {
    this.epsilon = totalEpsilon / l0;
    this.delta = totalDelta / l0;
    if (!(delta > 0)) {
      throw new IllegalArgumentException(
          "the optimal partition rule needs delta > 0. Provided value: " + totalDelta);
    }
    double[] table = new double[64];
    table[0] = 0;
    int n = 0;
    double e = Math.exp(epsilon);
    double em = Math.exp(-epsilon);
    while (table[n] < 1) {
      if (n + 1 >= MAX_TABLE) {
        throw new IllegalArgumentException(
            "optimal partition rule: keep probability does not reach 1 within "
                + MAX_TABLE
                + " units at epsilon="
                + epsilon
                + ", delta="
                + delta);
      }
      if (n + 1 == table.length) {
        table = Arrays.copyOf(table, table.length * 2);
      }
      double p = table[n];
      table[n + 1] = Math.min(Math.min(e * p + delta, 1 - em * (1 - p - delta)), 1.0);
      n++;
    }
    this.pi = Arrays.copyOf(table, n + 1);
    // (ε, δ)-DP implies δ-approximate ε²/2-zCDP (Bun–Steinke 2016, Prop. 1.13).
    this.cost =
        new PrivacyCost(totalEpsilon, totalDelta, totalEpsilon * totalEpsilon / 2, totalDelta);
  }

  @Override
  public String name() {
    return "optimal rule";
  }

  /**
   * A Bernoulli(π(n)) draw against π(n) as an exact binary fraction ({@link ExactRational#of}); no
   * draw when π(n) is 0 or 1.
   */
  @Override
  public boolean keep(long n, RandomSource random) {
    double p = keepProbability(n);
    if (p <= 0) {
      return false;
    }
    if (p >= 1) {
      return true;
    }
    return random.nextBernoulli(ExactRational.of(p));
  }

  /** π(n): the probability of releasing a group with {@code n} distinct units. */
  @Override
  public double keepProbability(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("unit count must be >= 0. Provided value: " + n);
    }
    return n >= pi.length ? 1.0 : pi[(int) n];
  }

  /** The smallest n with π(n) ≥ 1/2. */
  @Override
  public int nHalf() {
    for (int n = 0; n < pi.length; n++) {
      if (pi[n] >= 0.5) {
        return n;
      }
    }
    return pi.length - 1;
  }

  /** The smallest n with π(n) = 1 (such groups are always released). */
  public int nCertain() {
    return pi.length - 1;
  }

  /** Per-group ε used by the recursion (ε/L0). */
  public double perGroupEpsilon() {
    return epsilon;
  }

  /** Per-group δ used by the recursion (δ/L0). */
  public double perGroupDelta() {
    return delta;
  }

  /** Total cost of the selection over all groups: (ε, δ), ρ = ε²/2, extra δ = δ. */
  @Override
  public PrivacyCost cost() {
    return cost;
  }
}
