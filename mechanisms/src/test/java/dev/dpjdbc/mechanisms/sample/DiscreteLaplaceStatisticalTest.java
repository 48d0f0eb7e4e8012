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
 * The CKS20 discrete Laplace sampler against its exact distribution, with fresh {@link
 * java.security.SecureRandom} randomness (no fixed seed). Each test method falsely fails with
 * probability ≤ 1e-7 (derivations in {@link StatisticalBounds}).
 */
@Tag("statistical")
class DiscreteLaplaceStatisticalTest {
  private static final int N = 300_000;

  /** Scales: small, 1, a non-dyadic rational (10/3), a count's b = 1/ε at ε = 0.1. */
  static Stream<ExactRational> scales() {
    return Stream.of(
        ExactRational.of(0.4),
        ExactRational.of(1.0),
        new ExactRational(BigInteger.TEN, BigInteger.valueOf(3)),
        ExactRational.of(10.0));
  }

  private static long[] draw(ExactRational t, int n) {
    RandomSource rnd = RandomSource.secure();
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = DiscreteLaplace.sample(rnd, t).longValueExact();
    }
    return out;
  }

  /**
   * |mean| ≤ a, a from the Chernoff bound with the exact MGF of the discrete Laplace (holds for
   * every n): false failure ≤ 1e-7.
   */
  @ParameterizedTest
  @MethodSource("scales")
  void discreteLaplace_mean_isZero(ExactRational t) {
    double td = t.doubleValue();
    double sum = 0;
    for (long z : draw(t, N)) {
      sum += z;
    }
    double mean = sum / N;
    double tol = StatisticalBounds.discreteLaplaceMeanTolerance(td, N, ALPHA);
    assertTrue(Math.abs(mean) <= tol, "t=" + td + " mean=" + mean + " tol=" + tol);
  }

  /**
   * (1/n)ΣZ² against Var = 2e^{−1/t}/(1−e^{−1/t})², tolerance 5.33·√((μ₄ − Var²)/n) with the exact
   * fourth moment: false failure ≤ 1.5e-7 (normal approximation, see StatisticalBounds).
   */
  @ParameterizedTest
  @MethodSource("scales")
  void discreteLaplace_variance_matchesClosedForm(ExactRational t) {
    double td = t.doubleValue();
    double[] m = StatisticalBounds.discreteLaplaceMoments(td);
    assertEquals(m[0], DiscreteLaplace.variance(td), 1e-12 * m[0]);
    double sum2 = 0;
    for (long z : draw(t, N)) {
      sum2 += (double) z * z;
    }
    double m2 = sum2 / N;
    double tol = StatisticalBounds.secondMomentTolerance(m[0], m[1], N);
    assertEquals(m[0], m2, tol, "t=" + td);
  }

  /**
   * Pearson χ² against the exact pmf (1−q)/(1+q)·q^|z| on integer bins with expected count ≥ 20
   * (tails merged, {@link StatisticalBounds#chiSquareIntegers}); critical value at 1 − 1e-7 of
   * χ²(bins − 1): false failure ≤ 1e-7.
   */
  @ParameterizedTest
  @MethodSource("scales")
  void discreteLaplace_pmf_passesChiSquare(ExactRational t) {
    double td = t.doubleValue();
    double[] r =
        StatisticalBounds.chiSquareIntegers(
            draw(t, N), z -> StatisticalBounds.discreteLaplacePmf(td, z), ALPHA);
    double stat = r[0];
    double crit = r[1];
    assertTrue(stat <= crit, "t=" + td + " chi2=" + stat + " critical=" + crit);
  }
}
