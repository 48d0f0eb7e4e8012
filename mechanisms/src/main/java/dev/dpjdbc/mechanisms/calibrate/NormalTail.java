package dev.dpjdbc.mechanisms.calibrate;

import org.apache.commons.math3.special.Erf;

/**
 * The standard normal survival function Q(x) = 1 − Φ(x), in linear and log space, accurate to a few
 * ulps relative far into the tail (Q(x) for x up to 37 through erfc; ln Q(x) for any finite x
 * through the asymptotic series beyond x = 30, where Q would underflow).
 *
 * <p>Used wherever a difference of two tiny tail probabilities must keep its relative accuracy (the
 * analytic-Gaussian condition at δ down to 1e-12 and ε up to 10).
 */
public final class NormalTail {
  private static final double SQRT2 = Math.sqrt(2.0);
  private static final double HALF_LN_2PI = 0.5 * Math.log(2.0 * Math.PI);
  private static final double ASYMPTOTIC_FROM = 30.0;

  private NormalTail() {}

  /** Q(x) = P(Z &gt; x) for Z ~ N(0,1). */
  public static double q(double x) {
    if (x > ASYMPTOTIC_FROM) {
      return Math.exp(logQ(x));
    }
    return 0.5 * Erf.erfc(x / SQRT2);
  }

  /** Φ(x) = P(Z &lt;= x) = Q(−x). */
  public static double phi(double x) {
    return q(-x);
  }

  /**
   * ln Q(x). For x &gt; 30 uses Q(x) = φ(x)/x · Σ_k (−1)^k (2k−1)!!/x^{2k} (Abramowitz &amp; Stegun
   * 26.2.12), whose first omitted term is below 1e-20 relative there.
   */
  public static double logQ(double x) {
    if (x == Double.NEGATIVE_INFINITY) {
      return 0.0;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return Double.NEGATIVE_INFINITY;
    }
    if (x <= ASYMPTOTIC_FROM) {
      return Math.log(0.5 * Erf.erfc(x / SQRT2));
    }
    double inv2 = 1.0 / (x * x);
    double term = 1.0;
    double sum = 1.0;
    for (int k = 1; k <= 12; k++) {
      term *= -(2 * k - 1) * inv2;
      sum += term;
    }
    return -0.5 * x * x - Math.log(x) - HALF_LN_2PI + Math.log(sum);
  }

  /**
   * Q⁻¹(p) for p in (0, 1): the x with Q(x) = p. Started from commons-math's inverse erfc and
   * polished by Newton steps on ln Q, so it stays accurate for p down to 1e-300.
   */
  public static double inverseQ(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("p must be in (0, 1). Provided value: " + p);
    }
    double x = SQRT2 * Erf.erfcInv(2.0 * p);
    if (!Double.isFinite(x)) {
      x = p < 0.5 ? Math.sqrt(-2.0 * Math.log(p)) : 0.0;
    }
    double lnP = Math.log(p);
    for (int i = 0; i < 50; i++) {
      double lq = logQ(x);
      // d/dx ln Q(x) = −φ(x)/Q(x) = −exp(ln φ(x) − ln Q(x))
      double dlq = -Math.exp(-0.5 * x * x - HALF_LN_2PI - lq);
      double step = (lq - lnP) / dlq;
      x -= step;
      if (Math.abs(step) <= 1e-15 * Math.max(1.0, Math.abs(x))) {
        break;
      }
    }
    return x;
  }
}
