package dev.dpjdbc.mechanisms.sample;

import static dev.dpjdbc.mechanisms.sample.StatisticalBounds.ALPHA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Interval half-widths against the exact noise distribution, and their coverage measured on the
 * real sampler. Statistical cases use fresh SecureRandom randomness and two binomial assertions at
 * α = 1e-7 each, so a case falsely fails with probability ≤ 2e-7 and the five together ≤ 1e-6.
 */
class NoiseIntervalTest {
  private static final int N = 100_000;

  @Test
  void laplaceCount_exactDiscreteQuantile() {
    // b = 2, q = e^−0.5: P(|Z| > k) = 2q^(k+1)/(1+q) is 0.0623 at k = 5 and 0.0378 at k = 6
    assertEquals(6.0, NoiseInterval.halfWidth(1, 2.0, Mechanism.LAPLACE, true, 0.95), 1e-9);
    assertEquals(5.0, NoiseInterval.halfWidth(1, 2.0, Mechanism.LAPLACE, true, 0.93), 1e-9);
  }

  @Test
  void largeScales_approachTheContinuousQuantiles() {
    double b = 1000.0;
    double laplace = NoiseInterval.halfWidth(1, b, Mechanism.LAPLACE, false, 0.95);
    assertEquals(b * Math.log(20), laplace, 1e-6 * b, "continuous Laplace: b·ln(1/α)");
    assertTrue(laplace >= b * Math.log(20), "never narrower than the continuous quantile");
    double gauss = NoiseInterval.halfWidth(1, b, Mechanism.GAUSSIAN, false, 0.95);
    assertEquals(1.959963984540054 * b, gauss, 1e-6 * b);
    assertTrue(gauss >= 1.959963984540054 * b);
    assertEquals(0.0, NoiseInterval.halfWidth(0, 0, Mechanism.GAUSSIAN, false, 0.95));
    assertThrows(
        IllegalArgumentException.class,
        () -> NoiseInterval.halfWidth(1, 1, Mechanism.LAPLACE, false, 1.0));
  }

  /** value, λ, scale, mechanism, integral, confidence. */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(17.0, 1.0, 2.0, Mechanism.LAPLACE, true, 0.95),
        Arguments.of(17.0, 1.0, 3.7306, Mechanism.GAUSSIAN, true, 0.95),
        Arguments.of(Math.PI * 1000, 1.5, 2.5, Mechanism.LAPLACE, false, 0.9),
        Arguments.of(-12345.678, 1.0, 3.7306, Mechanism.GAUSSIAN, false, 0.95),
        Arguments.of(0.1, 100.0, 22_597.0, Mechanism.LAPLACE, false, 0.95));
  }

  /**
   * Misses (|y − x| &gt; a) are Binomial(N, p) with p_lo ≤ p ≤ p_hi: Laplace p_hi = 2q^(k+1)/(1+q)
   * (exact for counts), p_lo = the same at k + 1 for real values (rounding moves by ≤ g/2);
   * Gaussian p_hi = 1 − c (the guarantee), p_lo = 2Q((a + g)/σ_eff) minus the discrete/continuous
   * difference (≤ 1e-9 at σ_g ≥ 2^39). Both tails of the binomial at α = 1e-7.
   */
  @Tag("statistical")
  @ParameterizedTest(name = "{3} x={0} λ={1} scale={2} integral={4} c={5}")
  @MethodSource("cases")
  void coverage_onTheRealSampler(
      double x, double lambda, double scale, Mechanism m, boolean integral, double c) {
    double a = NoiseInterval.halfWidth(lambda, scale, m, integral, c);
    double g = integral ? SecureNoise.integralGrid(scale, m) : SecureNoise.grid(scale);
    double pHi;
    double pLo;
    if (m == Mechanism.LAPLACE) {
      double t = integral ? scale / g : SecureNoise.gridScale(scale, lambda, g).doubleValue();
      double q = Math.exp(-1 / t);
      long k = Math.round((a - (integral ? 0 : g)) / g);
      // q^k as e^(−k/t): Math.pow(q, k) would lose q's precision at t ≈ 2^40
      pHi = 2 * Math.exp(-(k + 1) / t) / (1 + q);
      pLo = integral ? pHi : 2 * Math.exp(-(k + 2) / t) / (1 + q);
    } else {
      double sigma = integral ? scale : SecureNoise.gridScale(scale, lambda, g).doubleValue() * g;
      pHi = 1 - c;
      pLo = Math.max(0, 2 * NormalTail.q((a + g) / sigma) - 1e-9);
    }
    assertTrue(pHi <= 1 - c + 1e-12, "the guarantee: " + pHi);
    SecureNoise noise = SecureNoise.create();
    int misses = 0;
    for (int i = 0; i < N; i++) {
      double y = noise.addNoise(x, lambda, scale, m, integral);
      if (Math.abs(y - x) > a + Math.ulp(y)) {
        misses++;
      }
    }
    int hi = new BinomialDistribution(null, N, pHi).inverseCumulativeProbability(1 - ALPHA);
    int lo = new BinomialDistribution(null, N, pLo).inverseCumulativeProbability(ALPHA);
    assertTrue(misses <= hi, "covers at least " + c + ": " + misses + " misses > " + hi);
    assertTrue(misses >= lo, "and is not wider than needed: " + misses + " misses < " + lo);
  }
}
