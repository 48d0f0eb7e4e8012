package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Distribution checks for N released integers Y_i = round(x + Z_i), x an integer, Z_i independent
 * discrete Gaussians of σ on a fine grid (σ ≥ 2), rounded to nearest. Then E[Y] = x exactly (Z is
 * symmetric, rounding to nearest is odd) and E[(Y − x)²] = σ² + 1/12 up to O(e^{−2π²σ²}) < 1e-30
 * (Sheppard; the discrete Gaussian's moments equal the continuous one's up to the same order). A
 * truncated release fails: its mean is off by ≈ 0.5 away from 0, its variance ≈ 0.81σ² at 0.
 *
 * <p><b>False-failure probability ≤ 1e-6 in all</b>: (1) all |Z_i| ≤ m = σ·√(2 ln(2N/2e-7)), by the
 * discrete Gaussian's sub-Gaussian tail P(|Z| &gt; m) ≤ 2e^{−m²/2σ²} (Canonne–Kamath–Steinke 2020)
 * and a union bound: fails with probability ≤ 2e-7. On that event |Y − x| ≤ m + ½, and Bernstein's
 * inequality bounds each of (2) the mean of Y − x (variance ≤ (σ + ½)², range m + ½) and (3) the
 * mean of (Y − x)² (variance ≤ E[(Y − x)⁴] ≤ (3^{1/4}σ + ½)⁴ by Minkowski, range (m + ½)²) within
 * √(2vt/N) + 2bt/(3N) of its expectation with probability ≥ 1 − 2e^{−t}, t = ln(2/4e-7) (4e-7
 * each). Truncating at m moves the expectations by &lt; 1e-9 relative; the bounds add that slack.
 */
final class RoundedGaussianBounds {
  private RoundedGaussianBounds() {}

  static void assertUnbiased(long[] released, long x, double sigma) {
    int n = released.length;
    double t = Math.log(2 / 4e-7);
    double m = sigma * Math.sqrt(2 * Math.log(2.0 * n / 2e-7));
    double sum = 0;
    double squares = 0;
    for (long y : released) {
      double d = y - x;
      assertTrue(Math.abs(d) <= m + 0.5, "a draw beyond the sub-Gaussian bound: " + y);
      sum += d;
      squares += d * d;
    }
    double mean = sum / n;
    double meanBound = bernstein(Math.pow(sigma + 0.5, 2), m + 0.5, t, n) + 1e-9 * sigma;
    assertTrue(
        Math.abs(mean) <= meanBound,
        "mean of released − true value " + mean + " beyond ±" + meanBound + " (σ = " + sigma + ")");
    double declared = sigma * sigma + 1.0 / 12;
    double fourth = Math.pow(Math.pow(3, 0.25) * sigma + 0.5, 4);
    double varBound = bernstein(fourth, Math.pow(m + 0.5, 2), t, n) + 1e-9 * declared;
    double second = squares / n;
    assertTrue(
        Math.abs(second - declared) <= varBound,
        "mean squared error "
            + second
            + " not within ±"
            + varBound
            + " of σ² + 1/12 = "
            + declared
            + " ("
            + second / (sigma * sigma)
            + "× σ²)");
  }

  /** Bernstein: |mean − μ| ≤ √(2vt/N) + 2bt/(3N) with probability ≥ 1 − 2e^{−t}. */
  private static double bernstein(double variance, double range, double t, int n) {
    return Math.sqrt(2 * variance * t / n) + 2 * range * t / (3.0 * n);
  }
}
