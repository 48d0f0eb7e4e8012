package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.OutputExpr;

/**
 * Confidence intervals of the columns derived from shared coordinates (issue 11; docs/mechanisms.md
 * "Shared coordinates"); post-processing of public scales and noisy values, free under DP.
 *
 * <ul>
 *   <li>SUM = c + mid·n from a centred sum c and a count n: its noise is e_c + mid·e_n, variance
 *       σ_c² + mid²σ_n² exactly. Interval: noisy ± (a_c + |mid|·a_n), where a_c and a_n are the
 *       exact half-widths ({@code NoiseInterval}) of the two coordinates at confidence 1 − (1 −
 *       c)/2 each; by the union bound the true clamped SUM lies outside with probability ≤ 1 − c,
 *       for Gaussian and Laplace noise alike. Sign-clamped as a SUM's.
 *   <li>AVG = s/n from a plain sum s and a count n: the delta method, sd = √(σ_s² + (s/n)²σ_n²)/n,
 *       approximate as for an AVG from a centred sum; clamped to [L, U]; null when n &lt; 1.
 * </ul>
 */
final class SharedIntervals {
  private SharedIntervals() {}

  static Object[] sum(OutputExpr.SumFromCentred e, double[] noisy, Intervals iv) {
    double mid = (e.lower() + e.upper()) / 2;
    double each = 1 - (1 - iv.confidence()) / 2;
    double v = noisy[e.centredSum()] + mid * noisy[e.count()];
    double a = iv.halfWidth(e.centredSum(), each) + Math.abs(mid) * iv.halfWidth(e.count(), each);
    a += Math.ulp(v) * 4; // the released double is rounded twice
    double lo = v - a;
    double hi = v + a;
    if (e.lower() >= 0) {
      lo = Math.max(0, lo);
      hi = Math.max(0, hi);
    }
    if (e.upper() <= 0) {
      lo = Math.min(0, lo);
      hi = Math.min(0, hi);
    }
    return new Object[] {lo, hi};
  }

  static Object[] average(OutputExpr.AvgFromSum e, double[] noisy, double[] stddevs, double z) {
    double n = noisy[e.count()];
    if (!(n >= 1)) {
      return null;
    }
    double s = noisy[e.sum()];
    double sdS = stddevs[e.sum()];
    double sdN = stddevs[e.count()];
    double sd = Math.sqrt(sdS * sdS + (s / n) * (s / n) * sdN * sdN) / n;
    double est = s / n;
    return new Object[] {
      Math.min(e.upper(), Math.max(e.lower(), est - z * sd)),
      Math.min(e.upper(), Math.max(e.lower(), est + z * sd))
    };
  }
}
