package dev.dpjdbc.mechanisms.sample;

import static dev.dpjdbc.mechanisms.sample.StatisticalBounds.ALPHA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CKS20 discrete Gaussian sampler against its exact distribution (pmf summed numerically), with
 * fresh {@link java.security.SecureRandom} randomness. Each test method falsely fails with
 * probability ≤ 1e-7 (derivations in {@link StatisticalBounds}).
 */
@Tag("statistical")
class DiscreteGaussianStatisticalTest {
  private static final int N = 300_000;

  /** σ²: below 1, 1, 2.25, a non-dyadic 10/3, the count σ at (1, 1e-5) squared, 400. */
  static Stream<ExactRational> variances() {
    return Stream.of(
        ExactRational.of(0.25),
        ExactRational.of(1.0),
        ExactRational.of(2.25),
        new ExactRational(BigInteger.TEN, BigInteger.valueOf(3)),
        ExactRational.of(3.7306 * 3.7306),
        ExactRational.of(400.0));
  }

  private static long[] draw(ExactRational s2, int n) {
    RandomSource rnd = RandomSource.secure();
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = DiscreteGaussian.sample(rnd, s2).longValueExact();
    }
    return out;
  }

  /** Exact {Var, E Z⁴} by summing the pmf. */
  static double[] exactMoments(double sigma2) {
    double[] p = StatisticalBounds.discreteGaussianPmf(sigma2);
    int k = p.length / 2;
    double m2 = 0;
    double m4 = 0;
    for (int i = 0; i < p.length; i++) {
      double z = i - k;
      m2 += p[i] * z * z;
      m4 += p[i] * z * z * z * z;
    }
    return new double[] {m2, m4};
  }

  /** |mean| ≤ σ·√(2 ln(2/α)/n) by sub-Gaussianity (Chernoff, any n): false failure ≤ 1e-7. */
  @ParameterizedTest
  @MethodSource("variances")
  void discreteGaussian_mean_isZero(ExactRational s2) {
    double sum = 0;
    for (long z : draw(s2, N)) {
      sum += z;
    }
    double tol = StatisticalBounds.subgaussianMeanTolerance(Math.sqrt(s2.doubleValue()), N, ALPHA);
    assertTrue(Math.abs(sum / N) <= tol, "mean=" + sum / N + " tol=" + tol);
  }

  /**
   * The exact variance (pmf sum) is ≤ σ², and within 1e-6 relative of σ² for σ ≥ 1 (CKS20 §2: Var
   * &lt; σ², with a gap of order 4π²σ⁴·e^{−2π²σ²}); the sample second moment matches it within
   * 5.33·√((μ₄ − Var²)/n): false failure ≤ 1.5e-7.
   */
  @ParameterizedTest
  @MethodSource("variances")
  void discreteGaussian_variance_isExactAndAtMostSigma2(ExactRational s2) {
    double sigma2 = s2.doubleValue();
    double[] m = exactMoments(sigma2);
    assertTrue(m[0] <= sigma2 * (1 + 1e-12), "Var=" + m[0] + " > σ²=" + sigma2);
    if (sigma2 >= 1) {
      assertEquals(sigma2, m[0], 1e-6 * sigma2);
    }
    double sum2 = 0;
    for (long z : draw(s2, N)) {
      sum2 += (double) z * z;
    }
    double tol = StatisticalBounds.secondMomentTolerance(m[0], m[1], N);
    assertEquals(m[0], sum2 / N, tol, "σ²=" + sigma2);
  }

  /**
   * Pearson χ² against the exact pmf on integer bins with expected count ≥ 20, tails merged ({@link
   * StatisticalBounds#chiSquareIntegers}); critical value at 1 − 1e-7: false failure ≤ 1e-7.
   */
  @ParameterizedTest
  @MethodSource("variances")
  void discreteGaussian_pmf_passesChiSquare(ExactRational s2) {
    double[] p = StatisticalBounds.discreteGaussianPmf(s2.doubleValue());
    int kp = p.length / 2;
    double[] r =
        StatisticalBounds.chiSquareIntegers(
            draw(s2, N), z -> Math.abs(z) > kp ? 0 : p[(int) z + kp], ALPHA);
    double stat = r[0];
    double crit = r[1];
    assertTrue(stat <= crit, "chi2=" + stat + " critical=" + crit + " bins=" + r[2]);
  }
}
