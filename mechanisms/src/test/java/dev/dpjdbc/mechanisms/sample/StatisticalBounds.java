package dev.dpjdbc.mechanisms.sample;

import java.util.function.LongToDoubleFunction;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Tolerances for the statistical tests, each with its false-failure probability α. Every test in
 * this module uses α ≤ 1e-7 per assertion, so a test method with at most a few assertions falsely
 * fails with probability ≤ 1e-6.
 *
 * <ul>
 *   <li><b>Means</b> use Chernoff bounds, which hold for every n (no CLT): for a σ-subgaussian
 *       variable (the discrete Gaussian is: CKS20 §2 shows E e^{λZ} ≤ e^{λ²σ²/2}), P(|mean| ≥ a) ≤
 *       2·exp(−n·a²/(2σ²)), so a = σ·√(2 ln(2/α)/n); for the discrete Laplace the exact moment
 *       generating function M(s) = (1−q)²/((1−q·e^s)(1−q·e^−s)), q = e^{−1/t}, gives P(mean ≥ a) ≤
 *       exp(−n·(s·a − ln M(s))) for every 0 &lt; s &lt; 1/t.
 *   <li><b>Variances</b> (second moments about the known mean 0) use the normal approximation with
 *       the exact fourth moment: |m₂ − Var| ≤ z·√((μ₄ − Var²)/n), z = Φ⁻¹(1 − α/2) = 5.33 for α =
 *       1e-7. The first Edgeworth correction to that tail is skew(Z²)·z·(z² − 1)/(6√n) relative;
 *       with skew(Z²) ≤ 7 (Laplace-like tails) and n ≥ 2·10^5 it is ≤ 0.4, so the true
 *       false-failure probability stays below 1.5e-7.
 *   <li><b>Goodness of fit</b> is Pearson's χ² on bins whose expected count is ≥ 20 (tails merged),
 *       critical value the (1 − α) quantile of χ²(bins − 1) from commons-math3.
 * </ul>
 */
public final class StatisticalBounds {
  /** Per-assertion false-failure probability. */
  public static final double ALPHA = 1e-7;

  private StatisticalBounds() {}

  /** z = Φ⁻¹(1 − α/2) for a two-sided normal test (5.327 for α = 1e-7). */
  public static double twoSidedZ(double alpha) {
    return new NormalDistribution().inverseCumulativeProbability(1 - alpha / 2);
  }

  /** (1 − α) quantile of χ²(df). */
  public static double chiSquareCritical(int df, double alpha) {
    return new ChiSquaredDistribution(df).inverseCumulativeProbability(1 - alpha);
  }

  /** Pearson's statistic Σ (O − E)²/E. */
  public static double chiSquare(long[] observed, double[] expected) {
    double s = 0;
    for (int i = 0; i < observed.length; i++) {
      double d = observed[i] - expected[i];
      s += d * d / expected[i];
    }
    return s;
  }

  /**
   * Pearson χ² of integer draws against a symmetric pmf on ℤ: one bin per z in [−k, k], k the
   * largest with n·pmf(k) ≥ 20, plus a tail bin per side, merged into the ±k bin when its expected
   * count is below 20. Returns {statistic, critical value at 1 − α, bins}.
   */
  public static double[] chiSquareIntegers(long[] draws, LongToDoubleFunction pmf, double alpha) {
    int n = draws.length;
    int k = 0;
    while (n * pmf.applyAsDouble(k + 1) >= 20) {
      k++;
    }
    double inner = 0;
    for (int z = -k; z <= k; z++) {
      inner += pmf.applyAsDouble(z);
    }
    double tail = Math.max(0, (1 - inner) / 2);
    boolean separateTails = n * tail >= 20;
    int offset = separateTails ? k + 1 : k;
    double[] expected = new double[2 * offset + 1];
    for (int z = -k; z <= k; z++) {
      expected[z + offset] += n * pmf.applyAsDouble(z);
    }
    expected[0] += n * tail;
    expected[2 * offset] += n * tail;
    long[] observed = new long[expected.length];
    for (long z : draws) {
      long c = Math.max(-offset, Math.min(offset, z));
      observed[(int) c + offset]++;
    }
    double stat = chiSquare(observed, expected);
    return new double[] {stat, chiSquareCritical(expected.length - 1, alpha), expected.length};
  }

  /** Two-sided Chernoff tolerance for the mean of n draws of a σ-subgaussian variable. */
  public static double subgaussianMeanTolerance(double sigma, long n, double alpha) {
    return sigma * Math.sqrt(2 * Math.log(2 / alpha) / n);
  }

  /**
   * Two-sided Chernoff tolerance for the mean of n discrete Laplace(t) draws: the smallest a (to
   * 0.1 %) with 2·min_s exp(−n(s·a − ln M(s))) ≤ α, minimising over a grid of s·t ∈ (0, 1).
   */
  public static double discreteLaplaceMeanTolerance(double t, long n, double alpha) {
    double lo = 0;
    double hi = t;
    while (2 * Math.exp(-n * laplaceRate(hi, t)) > alpha) {
      hi *= 2;
    }
    while (hi - lo > 1e-3 * hi) {
      double mid = (lo + hi) / 2;
      if (2 * Math.exp(-n * laplaceRate(mid, t)) > alpha) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  /** max over s = u/t, u ∈ (0,1) on a grid, of s·a − ln M(s) (any s gives a valid bound). */
  private static double laplaceRate(double a, double t) {
    double best = 0;
    double logOneMinusQ = Math.log(-Math.expm1(-1 / t));
    for (int i = 1; i < 2000; i++) {
      double u = i / 2000.0;
      double logM =
          2 * logOneMinusQ
              - Math.log(-Math.expm1((u - 1) / t))
              - Math.log(-Math.expm1((-u - 1) / t));
      best = Math.max(best, u * (a / t) - logM);
    }
    return best;
  }

  /** Normal-approximation tolerance for the second moment: z·√((μ₄ − Var²)/n). */
  public static double secondMomentTolerance(double variance, double fourthMoment, long n) {
    return twoSidedZ(ALPHA) * Math.sqrt((fourthMoment - variance * variance) / n);
  }

  /** Exact discrete Laplace(t) moments: {Var, E Z⁴} with q = e^{−1/t} (two-sided geometric). */
  public static double[] discreteLaplaceMoments(double t) {
    double q = Math.exp(-1 / t);
    double omq = -Math.expm1(-1 / t);
    double var = 2 * q / (omq * omq);
    double m4 = 2 * q * (1 + 11 * q + 11 * q * q + q * q * q) / ((1 + q) * Math.pow(omq, 4));
    return new double[] {var, m4};
  }

  /** Discrete Laplace(t) pmf (1−q)/(1+q)·q^|z|. */
  public static double discreteLaplacePmf(double t, long z) {
    double omq = -Math.expm1(-1 / t);
    double q = Math.exp(-1 / t);
    return omq / (1 + q) * Math.exp(-Math.abs(z) / t);
  }

  /** Discrete Gaussian pmf on [−K, K], K = ⌈14σ⌉ + 5 (mass outside < e^−98), index z + K. */
  public static double[] discreteGaussianPmf(double sigma2) {
    int k = (int) Math.ceil(14 * Math.sqrt(sigma2)) + 5;
    double[] p = new double[2 * k + 1];
    double sum = 0;
    for (int z = -k; z <= k; z++) {
      p[z + k] = Math.exp(-(double) z * z / (2 * sigma2));
      sum += p[z + k];
    }
    for (int i = 0; i < p.length; i++) {
      p[i] /= sum;
    }
    return p;
  }

  /**
   * Multiplicative Chernoff deviation d such that a Binomial count with mean ≥ μ exceeds (1 + d)μ
   * with probability ≤ β: exp(−μd²/(2 + d)) = β.
   */
  public static double chernoffUpperDeviation(double mu, double beta) {
    double l = Math.log(1 / beta);
    // μd² − l·d − 2l = 0
    return (l + Math.sqrt(l * l + 8 * mu * l)) / (2 * mu);
  }

  /** Multiplicative Chernoff deviation d for the lower tail: exp(−μd²/2) = β. */
  public static double chernoffLowerDeviation(double mu, double beta) {
    return Math.sqrt(2 * Math.log(1 / beta) / mu);
  }
}
