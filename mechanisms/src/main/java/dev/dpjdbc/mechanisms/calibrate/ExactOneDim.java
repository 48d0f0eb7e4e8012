package dev.dpjdbc.mechanisms.calibrate;

/**
 * Exact (ε, δ) conditions for one real-valued query with additive Laplace or Logistic noise
 * (Vinterbo 2022, "Differential privacy: one-dimensional symmetric log-concave mechanisms",
 * Theorems 3 and 4). Only the one-dimensional results are used: the paper's multidimensional Lemma
 * 8 / Theorem 9 are retracted and deliberately not implemented.
 *
 * <p>For noise density f and sensitivity Δ, the tight δ at ε is the hockey-stick divergence δ(ε) =
 * F(x₀) − e^ε F(x₀ − Δ), x₀ the point where the privacy loss ln f(x)/f(x−Δ) equals ε (the loss is
 * non-increasing for log-concave f). With ε0 = Δ/scale the largest privacy loss:
 *
 * <ul>
 *   <li>Laplace(b) (Thm 3): δ(ε) = 1 − e^{(ε − ε0)/2} for ε &lt; ε0, 0 otherwise. Hence the
 *       smallest b for (ε, δ) is Δ/(ε − 2 ln(1−δ)).
 *   <li>Logistic(s) (Thm 4; density e^{−x/s}/(s(1+e^{−x/s})²)): with t = e^{ε/2}, r = e^{ε0/2}, the
 *       loss equals ε at z = e^{x₀/s} = (r − t)/(t − 1/r), and δ(ε) = z/(1+z) − e^ε·(z/r²)/(1 +
 *       z/r²) for ε &lt; ε0, 0 otherwise.
 * </ul>
 *
 * Smallest scales are found by bisection on the scale (δ(ε) decreases as the scale grows) and the
 * upper end of the final interval is returned, so the δ is never exceeded.
 */
public final class ExactOneDim {
  /** Which one-dimensional noise. */
  public enum Noise {
    LAPLACE,
    LOGISTIC
  }

  private ExactOneDim() {}

  /** Tight δ at ε of Laplace noise with ε0 = Δ/b (Vinterbo 2022, Thm 3). */
  public static double laplaceDelta(double epsilon, double epsilon0) {
    check(epsilon, epsilon0);
    return epsilon >= epsilon0 ? 0.0 : -Math.expm1((epsilon - epsilon0) / 2);
  }

  /** Tight δ at ε of Logistic noise with ε0 = Δ/s (Vinterbo 2022, Thm 4). */
  public static double logisticDelta(double epsilon, double epsilon0) {
    check(epsilon, epsilon0);
    if (epsilon >= epsilon0) {
      return 0.0;
    }
    double t = Math.exp(epsilon / 2);
    double r = Math.exp(epsilon0 / 2);
    double z = (r - t) / (t - 1 / r);
    double zShift = z / (r * r);
    return Math.max(0.0, z / (1 + z) - Math.exp(epsilon) * zShift / (1 + zShift));
  }

  /**
   * Tight δ at ε of the given noise with scale {@code scale} on sensitivity {@code sensitivity}.
   */
  public static double delta(Noise noise, double scale, double sensitivity, double epsilon) {
    if (!(scale > 0) || !(sensitivity > 0)) {
      throw new IllegalArgumentException(
          "scale and sensitivity must be > 0. Provided: " + scale + ", " + sensitivity);
    }
    double e0 = sensitivity / scale;
    return noise == Noise.LAPLACE ? laplaceDelta(epsilon, e0) : logisticDelta(epsilon, e0);
  }

  /**
   * The smallest scale (b or s, to 1e-12 relative, rounded up) at which the noise is (ε, δ)-DP for
   * sensitivity Δ. For δ = 0 this is Δ/ε for both noises (ε0 ≤ ε).
   */
  public static double smallestScale(
      Noise noise, double sensitivity, double epsilon, double delta) {
    if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
      throw new IllegalArgumentException(
          "sensitivity must be > 0 and finite. Provided value: " + sensitivity);
    }
    AnalyticGaussian.checkEpsilon(epsilon);
    if (!(delta >= 0 && delta < 1)) {
      throw new IllegalArgumentException("delta must be >= 0 and < 1. Provided value: " + delta);
    }
    double hi = sensitivity / epsilon; // ε0 = ε: δ = 0, always private
    if (delta == 0) {
      return hi;
    }
    double lo = hi / 2;
    while (delta(noise, lo, sensitivity, epsilon) <= delta) {
      hi = lo;
      lo /= 2;
      if (lo < Double.MIN_NORMAL) {
        return hi;
      }
    }
    while (hi - lo > 1e-12 * hi) {
      double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      if (delta(noise, mid, sensitivity, epsilon) <= delta) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  private static void check(double epsilon, double epsilon0) {
    if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException(
          "epsilon must be >= 0 and finite. Provided value: " + epsilon);
    }
    if (!(epsilon0 > 0) || Double.isInfinite(epsilon0)) {
      throw new IllegalArgumentException(
          "epsilon0 = sensitivity/scale must be > 0 and finite. Provided value: " + epsilon0);
    }
  }
}
