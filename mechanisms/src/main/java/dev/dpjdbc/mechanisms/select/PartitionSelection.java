package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;

/**
 * Partition selection for GROUP BY keys that are not public: the group's COUNT(DISTINCT unit)
 * (sensitivity 1 per group; one unit touches at most L0 groups) decides whether the group is
 * released at all. Three rules, all (ε, δ)-DP over the whole query's groups:
 *
 * <ul>
 *   <li><b>Laplace threshold</b> (Google's differential-privacy library, {@code
 *       LaplacePartitionSelection}; Wilson et al. 2020): b = L0/ε, δ′ = 1 − (1−δ)^{1/L0}, τ = 1 −
 *       b·ln(2δ′). A group with exactly one unit clears τ with probability ½e^{−(τ−1)/b} = δ′, so
 *       the L0 groups a unit touches leak with probability ≤ 1 − (1−δ′)^{L0} = δ.
 *   <li><b>Gaussian threshold</b> (Google's {@code GaussianPartitionSelection}; ZetaSQL): δ is
 *       split in half. Noise: the count vector has ℓ2 sensitivity √L0, so σ = √L0/μ0(ε, δ/2)
 *       (analytic Gaussian). Threshold: δ_t = 1 − (1 − δ/2)^{1/L0} per group, τ = 1 + σ·Q⁻¹(δ_t).
 *       Reproduces τ = 18.16 (σ 3.88), 32.28 (6.73), 61.08 (12.28) at ε = 1, δ = 1e-5, L0 = 1, 3,
 *       10 (the reference table in docs/mechanisms.md).
 *   <li><b>Optimal rule</b> ({@link OptimalPartitionRule}, Desfontaines et al. 2022): keep with
 *       probability π(n) at (ε/L0, δ/L0) per group.
 * </ul>
 *
 * <p>The driver uses the optimal rule or the Gaussian threshold, whichever has the smaller n½ at
 * the query's selection budget ({@link PartitionRuleChoice}).
 */
public final class PartitionSelection {
  private PartitionSelection() {}

  /** Laplace threshold: b = L0/ε, τ = 1 − (L0/ε)·ln(2δ′), δ′ = 1 − (1−δ)^{1/L0}. */
  public static Threshold laplace(PrivacyParams p, int l0) {
    checkGroups(l0);
    requireDelta(p);
    double b = l0 / p.epsilon();
    double tau = 1 - b * Math.log(2 * perGroupDelta(p.delta(), l0));
    // Pure ε-DP noise ⇒ ε²/2-zCDP; the threshold failure probability δ is outside it.
    return new Threshold(
        Mechanism.LAPLACE,
        b,
        tau,
        new PrivacyCost(p.epsilon(), p.delta(), p.epsilon() * p.epsilon() / 2, p.delta()));
  }

  /** Gaussian threshold: σ = √L0/μ0(ε, δ/2), τ = 1 + σ·Q⁻¹(1 − (1 − δ/2)^{1/L0}). */
  public static Threshold gaussian(PrivacyParams p, int l0) {
    checkGroups(l0);
    requireDelta(p);
    double noiseDelta = p.delta() / 2;
    double thresholdDelta = p.delta() - noiseDelta;
    double mu0 = AnalyticGaussian.mu0(p.epsilon(), noiseDelta);
    double sigma = Math.sqrt(l0) / mu0;
    double tau = 1 + sigma * NormalTail.inverseQ(perGroupDelta(thresholdDelta, l0));
    return new Threshold(
        Mechanism.GAUSSIAN,
        sigma,
        tau,
        new PrivacyCost(p.epsilon(), p.delta(), mu0 * mu0 / 2, thresholdDelta));
  }

  /**
   * The Gaussian threshold ({@link #gaussian}) with its exact secure decision, {@link
   * GaussianThresholdRule}.
   */
  public static GaussianThresholdRule gaussianRule(PrivacyParams p, int l0) {
    return new GaussianThresholdRule(gaussian(p, l0), l0);
  }

  /** The optimal rule of Desfontaines et al. 2022 at (ε/L0, δ/L0) per group. */
  public static OptimalPartitionRule optimal(PrivacyParams p, int l0) {
    checkGroups(l0);
    requireDelta(p);
    return new OptimalPartitionRule(p.epsilon(), p.delta(), l0);
  }

  /** δ′ = 1 − (1−δ)^{1/L0}, computed as −expm1(log1p(−δ)/L0) to keep its digits. */
  static double perGroupDelta(double delta, int l0) {
    return -Math.expm1(Math.log1p(-delta) / l0);
  }

  private static void checkGroups(int l0) {
    if (l0 < 1) {
      throw new IllegalArgumentException("groups (L0) must be >= 1. Provided value: " + l0);
    }
  }

  private static void requireDelta(PrivacyParams p) {
    if (!(p.delta() > 0)) {
      throw new IllegalArgumentException(
          "partition selection needs delta > 0. Provided value: " + p.delta());
    }
  }
}
