package dev.dpjdbc.mechanisms.sample;

import static dev.dpjdbc.mechanisms.sample.StatisticalBounds.ALPHA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The grid method for real values ({@link SecureNoise#addNoise} with integral = false) and for
 * counts: mean = value, variance = the exact variance of the discrete noise in grid units times g²,
 * which is the continuous variance (2b² resp. σ²) inflated by ((λ + g)/λ)² ≈ 1 + 2^−39. Fresh
 * SecureRandom randomness; each test falsely fails with probability ≤ 1.5e-7.
 */
@Tag("statistical")
class SecureNoiseStatisticalTest {
  private static final int N = 200_000;

  /** value, sensitivity λ, scale, mechanism, integral. */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(Math.PI * 1000, 1.5, 2.5, Mechanism.LAPLACE, false),
        Arguments.of(-12345.678, 1.0, 3.7306, Mechanism.GAUSSIAN, false),
        Arguments.of(1e-9, 200_000.0, 746_315.0, Mechanism.GAUSSIAN, false),
        Arguments.of(0.1, 100.0, 22_597.0, Mechanism.LAPLACE, false),
        Arguments.of(17.0, 1.0, 2.0, Mechanism.LAPLACE, true),
        Arguments.of(17.0, 1.0, 3.7306, Mechanism.GAUSSIAN, true));
  }

  /** Exact variance of the returned value: Var(Z)·g² with Z the grid-unit noise. */
  private static double[] exactMoments(double lambda, double scale, Mechanism m, boolean integral) {
    double g = integral ? SecureNoise.integralGrid(scale, m) : SecureNoise.grid(scale);
    double s = integral ? scale / g : SecureNoise.gridScale(scale, lambda, g).doubleValue();
    double[] mom;
    if (m == Mechanism.LAPLACE) {
      mom = StatisticalBounds.discreteLaplaceMoments(s);
    } else if (s < 1000) {
      mom = DiscreteGaussianStatisticalTest.exactMoments(s * s);
    } else {
      // σ_g ≥ 2^39: Var = σ² and E Z⁴ = 3σ⁴ up to a relative e^{−2π²σ²} (CKS20 §2).
      mom = new double[] {s * s, 3 * Math.pow(s, 4)};
    }
    return new double[] {mom[0] * g * g, mom[1] * Math.pow(g, 4), s, g};
  }

  /**
   * |mean − value| ≤ a + g/2: a is the Chernoff tolerance of the grid-unit noise (exact MGF for
   * discrete Laplace, sub-Gaussian bound for discrete Gaussian) times g; g/2 bounds the rounding of
   * the value to the grid. False failure ≤ 1e-7.
   */
  @ParameterizedTest
  @MethodSource("cases")
  void addNoise_mean_isTheValue(
      double value, double lambda, double scale, Mechanism m, boolean integral) {
    SecureNoise noise = SecureNoise.create();
    double[] e = exactMoments(lambda, scale, m, integral);
    double sum = 0;
    for (int i = 0; i < N; i++) {
      sum += noise.addNoise(value, lambda, scale, m, integral) - value;
    }
    double tol =
        (m == Mechanism.LAPLACE
                    ? StatisticalBounds.discreteLaplaceMeanTolerance(e[2], N, ALPHA)
                    : StatisticalBounds.subgaussianMeanTolerance(e[2], N, ALPHA))
                * e[3]
            + e[3] / 2;
    assertTrue(Math.abs(sum / N) <= tol, "mean offset=" + sum / N + " tol=" + tol);
  }

  /**
   * The exact variance equals the continuous one (2b² or σ²) to within 1e-9 relative (the λ + g
   * inflation is ≈ 2^−39 relative); the sample second moment about the value matches it within
   * 5.33·√((μ₄ − Var²)/n) plus the rounding bias (g/2)²+2·(g/2)·|mean|: false failure ≤ 1.5e-7.
   */
  @ParameterizedTest
  @MethodSource("cases")
  void addNoise_variance_matchesContinuous(
      double value, double lambda, double scale, Mechanism m, boolean integral) {
    SecureNoise noise = SecureNoise.create();
    double[] e = exactMoments(lambda, scale, m, integral);
    if (!integral) {
      double continuous = m == Mechanism.LAPLACE ? 2 * scale * scale : scale * scale;
      assertEquals(continuous, e[0], 1e-9 * continuous);
    }
    double sum2 = 0;
    for (int i = 0; i < N; i++) {
      double d = noise.addNoise(value, lambda, scale, m, integral) - value;
      sum2 += d * d;
    }
    double tol =
        StatisticalBounds.secondMomentTolerance(e[0], e[1], N)
            + e[3] * e[3] / 4
            + e[3] * Math.sqrt(e[0]);
    assertEquals(e[0], sum2 / N, tol, "grid=" + e[3]);
  }
}
