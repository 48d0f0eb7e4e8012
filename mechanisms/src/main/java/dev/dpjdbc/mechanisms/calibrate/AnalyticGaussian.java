package dev.dpjdbc.mechanisms.calibrate;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Analytic Gaussian calibration (Balle &amp; Wang 2018, Thm 8; Muthukrishnan &amp; Kalyani, journal
 * version, App. B, Algorithm 1).
 *
 * <p>N(0, σ²) noise on a query of ℓ2-sensitivity Δ is (ε, δ)-DP iff δ(μ) ≤ δ with μ = Δ/σ and
 *
 * <pre>
 *   δ(μ) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) = Q(ε/μ − μ/2) − e^ε Q(ε/μ + μ/2).
 * </pre>
 *
 * δ(μ) increases in μ, so the largest admissible μ, μ0(ε, δ), is the root of δ(μ) = δ; then σ =
 * Δ/μ0. For i.n.i.d. noise the condition is Σ λ_i²/σ_i² ≤ μ0².
 *
 * <p><b>Guarantees.</b> {@link #mu0} returns the lower end of a final bisection interval whose
 * relative width is ≤ 1e-12, and whose lower end satisfies δ(μ) ≤ δ as evaluated: never a σ smaller
 * than the exact one (up to the ~1e-14 relative evaluation error of δ(μ)). Results are cached per
 * (ε, δ).
 *
 * <p><b>Numerics.</b> δ(μ) is computed as −Q(a)·expm1(ε + ln Q(b) − ln Q(a)), a = ε/μ − μ/2, b =
 * ε/μ + μ/2, with tail-accurate ln Q ({@link NormalTail}); no e^ε·Φ(tiny) product is formed, so ε
 * up to 10 and δ down to 1e-12 (and well beyond) keep full relative accuracy.
 */
public final class AnalyticGaussian {
  private static final double RELATIVE_TOLERANCE = 1e-12;

  /**
   * μ0 is shaded down by this relative amount after bisection, so that the few-ulp rounding of σ =
   * Δ/μ0 and of the allocation formulas cannot push Σλ²/σ² past the exact root.
   */
  static final double ROUNDING_GUARD = 1e-14;

  private static final Map<Key, Double> CACHE = new ConcurrentHashMap<>();

  private record Key(double epsilon, double delta) {}

  private AnalyticGaussian() {}

  /**
   * μ0(ε, δ): the largest μ = Δ/σ with δ(μ) ≤ δ (lower end of the final bisection interval).
   *
   * @param epsilon finite, &gt; 0
   * @param delta in (0, 1)
   */
  public static double mu0(double epsilon, double delta) {
    checkEpsilon(epsilon);
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException(
          "delta must be > 0 and < 1 for the Gaussian mechanism. Provided value: " + delta);
    }
    return CACHE.computeIfAbsent(new Key(epsilon, delta), k -> solve(k.epsilon, k.delta));
  }

  /** σ = Δ₂/μ0(ε, δ) for a single query of ℓ2-sensitivity {@code l2Sensitivity}. */
  public static double sigma(double l2Sensitivity, double epsilon, double delta) {
    return l2Sensitivity / mu0(epsilon, delta);
  }

  /**
   * The classic Gaussian-mechanism σ = Δ·√(2 ln(1.25/δ))/ε (Dwork &amp; Roth 2014, Thm A.1; proven
   * only for ε &lt; 1). For comparison in reports only — calibration always uses {@link #mu0}.
   */
  public static double classicSigma(double l2Sensitivity, double epsilon, double delta) {
    return l2Sensitivity * Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon;
  }

  /**
   * The exact (Balle–Wang) δ of N(0, σ²) noise on a query of ℓ2-sensitivity Δ at the given ε: δ(μ)
   * with μ = Δ/σ. Use it to verify a calibration: {@code delta(σ, Δ, ε) ≤ δ}.
   */
  public static double delta(double sigma, double sensitivity, double epsilon) {
    if (!(sigma > 0) || Double.isInfinite(sigma)) {
      throw new IllegalArgumentException("sigma must be > 0 and finite. Provided value: " + sigma);
    }
    if (!(sensitivity >= 0) || Double.isInfinite(sensitivity)) {
      throw new IllegalArgumentException(
          "sensitivity must be >= 0 and finite. Provided value: " + sensitivity);
    }
    if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException(
          "epsilon must be >= 0 and finite. Provided value: " + epsilon);
    }
    return deltaOfMu(sensitivity / sigma, epsilon);
  }

  /**
   * δ(μ) = Q(ε/μ − μ/2) − e^ε Q(ε/μ + μ/2): the exact δ at ε of a Gaussian with μ = Δ/σ (0 for μ =
   * 0).
   */
  public static double deltaOfMu(double mu, double epsilon) {
    if (mu == 0) {
      return 0.0;
    }
    if (mu == Double.POSITIVE_INFINITY) {
      return 1.0;
    }
    double a = epsilon / mu - mu / 2;
    double b = epsilon / mu + mu / 2;
    double lqa = NormalTail.logQ(a);
    if (lqa == Double.NEGATIVE_INFINITY) {
      return 0.0;
    }
    double x = epsilon + NormalTail.logQ(b) - lqa;
    double d = -Math.exp(lqa) * Math.expm1(x);
    return Math.max(0.0, d);
  }

  private static double solve(double epsilon, double delta) {
    // Bracket of App. B: R(d) = √(Q⁻¹(d)² + 2ε) − Q⁻¹(d) solves Q(ε/μ − μ/2) = d, a lower bound
    // on μ0 at d = δ and an upper bound at d = δ' = δ + e^ε Q(√(2ε)).
    double lo = r(delta, epsilon);
    double deltaPrime = delta + Math.exp(epsilon + NormalTail.logQ(Math.sqrt(2 * epsilon)));
    double hi = deltaPrime < 1 ? r(deltaPrime, epsilon) : 2 * lo + 1;
    // The bracket is proven, but verify it as evaluated and widen if rounding says otherwise.
    for (int i = 0; i < 2000 && !(deltaOfMu(lo, epsilon) <= delta); i++) {
      lo /= 2;
    }
    if (hi < lo) {
      hi = lo;
    }
    for (int i = 0; i < 2000 && deltaOfMu(hi, epsilon) <= delta; i++) {
      hi = 2 * hi + Double.MIN_NORMAL;
    }
    if (!(deltaOfMu(lo, epsilon) <= delta) || !(deltaOfMu(hi, epsilon) > delta)) {
      throw new ArithmeticException(
          "analytic Gaussian: could not bracket mu0 for epsilon=" + epsilon + ", delta=" + delta);
    }
    while (hi - lo > RELATIVE_TOLERANCE * lo) {
      double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      if (deltaOfMu(mid, epsilon) > delta) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return lo * (1 - ROUNDING_GUARD);
  }

  private static double r(double d, double epsilon) {
    double z = NormalTail.inverseQ(d);
    double root = Math.sqrt(z * z + 2 * epsilon);
    // √(z² + 2ε) − z, rewritten as 2ε/(√(z² + 2ε) + z) to avoid cancellation when z &gt; 0.
    return z > 0 ? 2 * epsilon / (root + z) : root - z;
  }

  static void checkEpsilon(double epsilon) {
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException(
          "epsilon must be > 0 and finite. Provided value: " + epsilon);
    }
  }
}
