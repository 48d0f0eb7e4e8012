package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import dev.dpjdbc.mechanisms.sample.DiscreteGaussian;
import dev.dpjdbc.mechanisms.sample.ExactRational;
import dev.dpjdbc.mechanisms.sample.Grid;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * The Gaussian-threshold rule ({@link PartitionSelection#gaussian}) with an exact, secure decision:
 * keep a group of n units iff n + g·Z ≥ τ + g, Z drawn from the discrete Gaussian N_ℤ(0, (σ/g)²)
 * ({@link DiscreteGaussian}, exact from {@link RandomSource}), g = min(1, {@link Grid#forScale}(σ))
 * — the grid and σ of the secure count path ({@code SecureNoise} with λ = 1 and integral values:
 * about 2^40 grid steps per σ, n on the grid, no rounding, no inflation). The comparison is exact,
 * in integer grid units: n/g + Z ≥ T with T = ⌈τ/g⌉ + 1.
 *
 * <p><b>Privacy</b> ((ε, δ) of the {@link Threshold}, for neighbours differing in one unit in at
 * most L0 groups). (a) The groups that exist on both sides: their counts move by at most 1 each, ℓ2
 * sensitivity √L0; the noise is the discrete Gaussian at grid-unit σ_g = σ/g ≈ 2^40 calibrated with
 * the continuous analytic-Gaussian σ = √L0/μ0(ε, δ/2) — the same argument as for a Gaussian count
 * vector in {@code SecureNoise} (the discrete excess over the continuous δ/2 is ≤ 2/σ_g² ≤ 2^−77
 * relative). (b) A group that exists on one side only has n = 1; it is released with probability
 * P(Z ≥ k + 1), k = ⌈(τ − 1)/g⌉, and since z ↦ e^{−z²/(2σ_g²)} decreases for z ≥ 0 and the
 * normalising sum is ≥ σ_g√(2π) (Poisson summation), P(Z ≥ k + 1) ≤ ∫_k^∞ e^{−x²/(2σ_g²)} dx /
 * (σ_g√(2π)) = Q(k/σ_g) ≤ Q((τ − 1)/σ) = δ_t, the threshold's per-group δ: the one grid step added
 * to τ is what makes this bound exact rather than approximate. So the L0 new groups leak with
 * probability ≤ 1 − (1 − δ_t)^L0 = δ/2, and the whole rule is (ε, δ)-DP: {@link #cost}.
 */
public final class GaussianThresholdRule implements PartitionRule {
  private final Threshold threshold;
  private final int groups;
  private final int gridExponent; // g = 2^−gridExponent
  private final BigInteger stepsPerUnit; // 1/g
  private final BigInteger bar; // T = ⌈τ/g⌉ + 1
  private final DiscreteGaussian noise;
  private final int nHalf;

  GaussianThresholdRule(Threshold threshold, int groups) {
    if (threshold.mechanism() != Mechanism.GAUSSIAN) {
      throw new IllegalArgumentException(
          "a Gaussian threshold is needed. Provided: " + threshold.mechanism());
    }
    this.threshold = threshold;
    this.groups = groups;
    double g = Math.min(1.0, Grid.forScale(threshold.scale()));
    this.gridExponent = -Math.getExponent(g);
    this.stepsPerUnit = BigInteger.ONE.shiftLeft(gridExponent);
    this.bar =
        new BigDecimal(threshold.tau())
            .multiply(new BigDecimal(stepsPerUnit))
            .setScale(0, RoundingMode.CEILING)
            .toBigIntegerExact()
            .add(BigInteger.ONE);
    ExactRational sigmaG =
        ExactRational.of(threshold.scale()).multiply(ExactRational.of(stepsPerUnit));
    this.noise = DiscreteGaussian.of(sigmaG.square());
    // P(Z ≥ m) ≥ 1/2 iff m ≤ 0 (Z symmetric, P(Z = 0) > 0): n½ = ⌈T·g⌉
    BigInteger h = bar.add(stepsPerUnit).subtract(BigInteger.ONE).shiftRight(gridExponent);
    this.nHalf = h.signum() <= 0 ? 0 : h.intValueExact();
  }

  @Override
  public String name() {
    return "Gaussian threshold";
  }

  @Override
  public boolean keep(long n, RandomSource random) {
    if (n < 0) {
      throw new IllegalArgumentException("unit count must be >= 0. Provided value: " + n);
    }
    return BigInteger.valueOf(n).shiftLeft(gridExponent).add(noise.sample(random)).compareTo(bar)
        >= 0;
  }

  @Override
  public double keepProbability(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("unit count must be >= 0. Provided value: " + n);
    }
    return NormalTail.q((effectiveTau() - n) / threshold.scale());
  }

  @Override
  public int nHalf() {
    return nHalf;
  }

  /** τ + one grid step (rounded up to the grid): what n + noise is compared with. */
  public double effectiveTau() {
    return Math.scalb(bar.doubleValue(), -gridExponent);
  }

  /** σ, τ and the cost as calibrated by {@link PartitionSelection#gaussian}. */
  public Threshold threshold() {
    return threshold;
  }

  /** L0: the groups one unit may touch. */
  public int groups() {
    return groups;
  }

  @Override
  public PrivacyCost cost() {
    return threshold.cost();
  }
}
