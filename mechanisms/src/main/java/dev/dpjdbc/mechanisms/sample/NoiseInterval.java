package dev.dpjdbc.mechanisms.sample;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;

/**
 * Confidence half-widths for the noise {@link SecureNoise#addNoise} actually adds: the integer
 * grid-unit noise Z (discrete Laplace with parameter t, or discrete Gaussian with σ_g², exactly as
 * {@link SecureNoise} calibrates them, large parameters rounded up included) times the grid g, plus
 * the rounding of a non-integral value to the grid. Computed from the public scale, sensitivity and
 * mechanism only, never from data: an interval built from it is post-processing and costs nothing.
 *
 * <p><b>Guarantee.</b> For {@code a = halfWidth(λ, scale, m, integral, c)} and the released value y
 * = addNoise(x, λ, scale, m, integral): P(|y − x| &gt; a) ≤ 1 − c in exact arithmetic (the returned
 * double adds one rounding of relative 2⁻⁵³; callers widen by an ulp of y).
 *
 * <ul>
 *   <li><b>Laplace</b>, exact: P(Z = z) = (1−q)/(1+q)·q^|z| with q = e^(−1/t), so P(|Z| &gt; k) =
 *       2q^(k+1)/(1+q), and k is the smallest integer with that ≤ 1 − c.
 *   <li><b>Gaussian</b>: for the discrete Gaussian, Σ_{z ≥ k+1} e^(−z²/2σ²) ≤ ∫_k^∞ e^(−x²/2σ²)dx
 *       (decreasing terms) and the normaliser Σ_z e^(−z²/2σ²) ≥ √(2π)σ (Poisson summation), so
 *       P(|Z| &gt; k) ≤ 2Q(k/σ); k = ⌈z_{(1+c)/2}·σ⌉ makes that ≤ 1 − c. Conservative by less than
 *       one grid step (about σ·2⁻⁴⁰ for real values).
 *   <li>a = k·g for integral values (no rounding), k·g + g for real values (the rounding to the
 *       grid moves a value by at most g/2).
 * </ul>
 */
public final class NoiseInterval {
  private NoiseInterval() {}

  /**
   * The half-width a with P(|noisy − true| &gt; a) ≤ 1 − {@code confidence} (see the class
   * comment); 0 when {@code scale} is 0 (no noise is added).
   *
   * @param confidence in (0, 1)
   */
  public static double halfWidth(
      double sensitivity, double scale, Mechanism mechanism, boolean integral, double confidence) {
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException(
          "confidence must be > 0 and < 1. Provided value: " + confidence);
    }
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("scale must be finite and >= 0. Provided value: " + scale);
    }
    if (!(sensitivity >= 0) || Double.isInfinite(sensitivity)) {
      throw new IllegalArgumentException(
          "sensitivity must be finite and >= 0. Provided value: " + sensitivity);
    }
    if (scale == 0) {
      return 0.0;
    }
    double alpha = 1 - confidence;
    double g = integral ? SecureNoise.integralGrid(scale, mechanism) : SecureNoise.grid(scale);
    ExactRational gs =
        integral
            ? ExactRational.of(scale).divide(ExactRational.of(g))
            : SecureNoise.gridScale(scale, sensitivity, g);
    double k =
        switch (mechanism) {
          case LAPLACE -> laplaceUnits(up(SecureNoise.roundUpLarge(gs).doubleValue()), alpha);
          case GAUSSIAN -> {
            double sigma = Math.sqrt(up(SecureNoise.roundUpLarge(gs.square()).doubleValue()));
            yield Math.ceil(up(NormalTail.inverseQ(alpha / 2) * up(sigma)));
          }
          default ->
              throw new IllegalArgumentException(
                  "mechanism must be GAUSSIAN or LAPLACE. Provided value: " + mechanism);
        };
    return up(k * g + (integral ? 0 : g));
  }

  /** The smallest integer k ≥ 0 with 2q^(k+1)/(1+q) ≤ α, q = e^(−1/t) (rounded up in doubles). */
  static double laplaceUnits(double t, double alpha) {
    double lnOnePlusQ = Math.log1p(Math.exp(-1 / t));
    double x = t * (Math.log(2 / alpha) - lnOnePlusQ);
    return Math.max(0, Math.ceil(x * (1 + 1e-12)) - 1);
  }

  /** A double a little above {@code v}: covers the relative 1e-15 error of the computations. */
  private static double up(double v) {
    return v + Math.abs(v) * 4e-16 + Double.MIN_VALUE;
  }
}
