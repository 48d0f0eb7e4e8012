package dev.dpjdbc.mechanisms.sample;

import dev.dpjdbc.mechanisms.Mechanism;
import java.math.BigInteger;
import java.security.SecureRandom;

/**
 * Floating-point-safe additive noise: rounds the true value to a power-of-two grid g exactly, draws
 * integer discrete Laplace / discrete Gaussian noise (Canonne–Kamath–Steinke 2020 exact samplers)
 * calibrated for sensitivity λ + g, and returns (x̃ + Z)·g. Randomness comes only from {@link
 * java.security.SecureRandom}.
 *
 * <p><b>Grid.</b> g is the smallest power of two ≥ scale·2^−40 (as in Google's differential-privacy
 * library), but at least {@link Double#MIN_NORMAL}: the noise then spans about 2^40 grid steps per
 * unit of scale, so the discretisation changes the distribution by a relative 2^−40, and x/g is
 * exact in binary floating point.
 *
 * <p><b>Why λ + g.</b> Rounding to the nearest multiple of g moves a value by at most g/2, so
 * neighbouring inputs x, x′ with |x − x′| ≤ λ give grid points k, k′ with |k − k′|·g ≤ λ + g. The
 * noise is therefore calibrated in grid units for sensitivity (λ + g)/g: its scale in grid units is
 * scale·(λ + g)/(λ·g). This keeps λ/b (Laplace) and λ/σ (Gaussian) — hence Σλ_i/b_i and Σλ_i²/σ_i²
 * of an allocation — exactly what the caller calibrated. When λ = 0 neighbouring values are equal,
 * round to the same k, and no inflation is needed. The grid-unit scale is an exact rational
 * (doubles are binary rationals), so the samplers' parameters are exact.
 *
 * <p><b>Integral values (counts).</b> The value and its neighbours are integers, so they lie on any
 * grid g ≤ 1 and need neither rounding nor inflation. Laplace uses g = 1: the discrete Laplace with
 * t = b is exactly (λ/b)-DP, and outputs stay integers. Gaussian uses g = min(1, the grid above):
 * the discrete Gaussian at g = 1 with the continuous analytic-Gaussian σ does <em>not</em> meet the
 * continuous δ (exact pmf sums: 3.5 % over at ε = 1, δ = 1e-5, σ = 3.73; 97 % over at ε = 5, δ =
 * 1e-9, σ = 1.21 — see {@code SamplerPrivacyTest}); with about 2^40 grid steps per σ the excess is
 * ≤ 2/σ_g² ≤ 2^−77 relative (measured, σ_g the grid-unit σ), far below the precision of δ itself.
 * Gaussian counts are therefore returned as multiples of a fine grid, not integers; round them
 * afterwards if integers are wanted (post-processing).
 *
 * <p><b>Output.</b> k + Z is an exact integer; the returned double is its product with g rounded
 * once — post-processing of k + Z, so it adds no privacy loss. Values so large that x/g overflows
 * are handled with {@link java.math.BigDecimal} ({@link Grid}). Scale 0 returns the value
 * unchanged.
 *
 * <p>Thread-safe: draws are serialized on the underlying {@link RandomSource}.
 */
public final class SecureNoise {
  private final RandomSource rnd;
  private volatile Calibration last;

  private SecureNoise(RandomSource rnd) {
    this.rnd = rnd;
  }

  /** A sampler backed by a fresh {@link java.security.SecureRandom}. */
  public static SecureNoise create() {
    return new SecureNoise(RandomSource.secure());
  }

  /** Test-only: a sampler drawing from the given generator. */
  static SecureNoise createForTesting(SecureRandom random) {
    return new SecureNoise(RandomSource.forTesting(random));
  }

  /**
   * Returns {@code value} + noise of the given scale (σ for GAUSSIAN, b for LAPLACE) calibrated for
   * a coordinate with sensitivity {@code sensitivity}.
   *
   * @param integral true when the value is an integer on all neighbouring databases (counts): no
   *     rounding and no inflation; Laplace returns integers
   * @throws IllegalArgumentException for non-finite or negative parameters, a non-integral value
   *     with {@code integral}, or a mechanism other than GAUSSIAN / LAPLACE
   */
  public double addNoise(
      double value, double sensitivity, double scale, Mechanism mechanism, boolean integral) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("value must be finite. Provided value: " + value);
    }
    Calibration c = calibration(sensitivity, scale, mechanism, integral);
    if (c == null) {
      return value;
    }
    if (integral && Math.rint(value) != value) {
      throw new IllegalArgumentException(
          "value must be an integer when integral = true. Provided value: " + value);
    }
    return Grid.addUnits(value, draw(c), c.grid);
  }

  /**
   * The scale (σ or b) of the noise {@link #addNoise} actually adds, in the value's units: {@code
   * scale} for integral values and for λ = 0, else {@code scale·(λ + g)/λ} with g = {@link
   * #grid}(scale), the inflation that covers the rounding to the grid (see the class comment). It
   * exceeds {@code scale} noticeably only when the grid is not small next to λ, i.e. when the scale
   * is more than about 2^40 times the sensitivity; callers use it to refuse scales whose noise
   * could overflow a double. Infinite when it does not fit one.
   */
  public static double effectiveScale(
      double sensitivity, double scale, Mechanism mechanism, boolean integral) {
    if (integral || sensitivity == 0 || scale == 0) {
      return scale;
    }
    return scale + scale * (grid(scale) / sensitivity);
  }

  /** The integer noise in grid units for a calibration. */
  private BigInteger draw(Calibration c) {
    return c.mechanism == Mechanism.LAPLACE
        ? DiscreteLaplace.sample(rnd, c.gridScale)
        : c.gaussian.sample(rnd);
  }

  /** Validated, cached calibration; null when scale = 0 (no noise). */
  private Calibration calibration(
      double sensitivity, double scale, Mechanism mechanism, boolean integral) {
    Calibration c = last;
    if (c != null && c.matches(sensitivity, scale, mechanism, integral)) {
      return c;
    }
    if (!(sensitivity >= 0) || Double.isInfinite(sensitivity)) {
      throw new IllegalArgumentException(
          "sensitivity must be finite and >= 0. Provided value: " + sensitivity);
    }
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("scale must be finite and >= 0. Provided value: " + scale);
    }
    if (mechanism != Mechanism.GAUSSIAN && mechanism != Mechanism.LAPLACE) {
      throw new IllegalArgumentException(
          "mechanism must be GAUSSIAN or LAPLACE (resolve AUTO first). Provided value: "
              + mechanism);
    }
    if (scale == 0) {
      return null;
    }
    double g = integral ? integralGrid(scale, mechanism) : grid(scale);
    ExactRational gs =
        integral
            ? ExactRational.of(scale).divide(ExactRational.of(g))
            : gridScale(scale, sensitivity, g);
    c =
        new Calibration(
            sensitivity,
            scale,
            mechanism,
            integral,
            g,
            roundUpLarge(gs),
            mechanism == Mechanism.GAUSSIAN
                ? DiscreteGaussian.of(roundUpLarge(gs.square()))
                : null);
    last = c;
    return c;
  }

  /** The smallest power of two ≥ scale·2^−40, but at least {@link Double#MIN_NORMAL}. */
  static double grid(double scale) {
    return Grid.forScale(scale);
  }

  /**
   * A parameter ≥ 2^32 is rounded up to the next integer (relative change ≤ 2^−32): more noise,
   * never less — the discrete Laplace's ratio bound e^{Δ/t} only shrinks, and for the Gaussian the
   * continuous δ at the slightly smaller μ = Δ/σ drops by far more than the O(σ_g^−2) discrete
   * excess. Integers keep the samplers' BigInteger operands short (about 4× faster for real values,
   * whose grid-unit scale is ≈ 2^40).
   */
  static ExactRational roundUpLarge(ExactRational x) {
    if (x.den().equals(BigInteger.ONE) || x.num().bitLength() - x.den().bitLength() < 33) {
      return x;
    }
    return ExactRational.of(x.num().add(x.den()).subtract(BigInteger.ONE).divide(x.den()));
  }

  /** The grid for integral values: 1 for Laplace, min(1, {@link #grid}) for Gaussian. */
  static double integralGrid(double scale, Mechanism mechanism) {
    return mechanism == Mechanism.LAPLACE ? 1.0 : Math.min(1.0, grid(scale));
  }

  /** The noise scale in grid units: scale·(λ + g)/(λ·g) exactly, or scale/g when λ = 0. */
  static ExactRational gridScale(double scale, double sensitivity, double g) {
    ExactRational s = ExactRational.of(scale);
    ExactRational grid = ExactRational.of(g);
    if (sensitivity == 0) {
      return s.divide(grid);
    }
    ExactRational lambda = ExactRational.of(sensitivity);
    return s.multiply(lambda.add(grid)).divide(lambda.multiply(grid));
  }

  private record Calibration(
      double sensitivity,
      double scale,
      Mechanism mechanism,
      boolean integral,
      double grid,
      ExactRational gridScale,
      DiscreteGaussian gaussian) {
    boolean matches(double sensitivity, double scale, Mechanism mechanism, boolean integral) {
      return this.sensitivity == sensitivity
          && this.scale == scale
          && this.mechanism == mechanism
          && this.integral == integral;
    }
  }
}
