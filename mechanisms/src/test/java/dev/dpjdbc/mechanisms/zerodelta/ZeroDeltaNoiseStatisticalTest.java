package dev.dpjdbc.mechanisms.zerodelta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.sample.StatisticalBounds;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The (0, δ) sampler's output distribution, from fresh SecureRandom draws. The noise is bounded
 * (|X| ≤ a′, a′ = (A + ½)·g the discrete half-width), so Hoeffding's inequality gives rigorous
 * tolerances: a mean of n variables in an interval of length L deviates by more than
 * L·√(ln(2/α)/(2n)) with probability ≤ α. Each assertion uses α = 1e-7; each test makes at most 3,
 * so it falsely fails with probability ≤ 3e-7.
 */
@Tag("statistical")
class ZeroDeltaNoiseStatisticalTest {
  private static final int N = 200_000;
  private static final int BINS = 20;

  static Stream<Arguments> params() {
    return Stream.of(
        Arguments.of(OptimalZeroDelta.l1(0.1, 1.0), 3.25),
        Arguments.of(OptimalZeroDelta.l1(0.75, 2.0), -1e6),
        Arguments.of(OptimalZeroDelta.l2(0.875, 4.0), 0.1));
  }

  /**
   * Fraction of outputs exactly equal to the (grid-rounded) value = m + (1 − m)/(2A + 1), mean = 0
   * and E X² = the discrete uniform's (1 − m)·A(A + 1)g²/3, all by Hoeffding; then a χ² test at
   * 1e-7 that the non-zero draws are uniform over 20 equal-count bins of [−A, A].
   */
  @ParameterizedTest
  @MethodSource("params")
  void zeroDeltaNoise_matchesUniformWithMassAtZero(OptimalZeroDelta p, double value) {
    ZeroDeltaNoise z = ZeroDeltaNoise.create(p);
    double g = z.grid();
    long halfSteps = z.halfWidthSteps().longValueExact();
    double center = Math.rint(value / g) * g;
    double m = p.massAtZero();
    double pZero = m + (1 - m) / (2.0 * halfSteps + 1);
    double aPrime = (halfSteps + 0.5) * g;
    long zeros = 0;
    double sum = 0;
    double sum2 = 0;
    long[] observed = new long[BINS];
    for (int i = 0; i < N; i++) {
      double x = z.addNoise(value) - center;
      if (x == 0) {
        zeros++;
      } else {
        long steps = Math.round(x / g) + halfSteps; // 0 … 2A, midpoint excluded
        observed[(int) Math.min(BINS - 1, steps * BINS / (2 * halfSteps + 1))]++;
      }
      sum += x;
      sum2 += x * x;
    }
    double hoeffding = Math.sqrt(Math.log(2 / StatisticalBounds.ALPHA) / (2.0 * N));
    assertEquals(pZero, (double) zeros / N, hoeffding, "P[X = 0]");
    assertEquals(0.0, sum / N, 2 * aPrime * hoeffding, "mean");
    double a2 = (1 - m) * halfSteps * (halfSteps + 1.0) * g * g / 3;
    assertEquals(a2, sum2 / N, aPrime * aPrime * hoeffding, "E X²");
    assertEquals(p.variance(), a2, 1e-9 * a2, "grid variance ≈ continuous (1 − m)a²/3");
    double[] expected = new double[BINS];
    long nonZero = N - zeros;
    for (int b = 0; b < BINS; b++) {
      // number of grid points in bin b, minus the origin (drawn into the zero count)
      long lo = ceilDiv(b * (2 * halfSteps + 1), BINS);
      long hi = ceilDiv((b + 1) * (2 * halfSteps + 1), BINS);
      long pts = hi - lo - (lo <= halfSteps && halfSteps < hi ? 1 : 0);
      expected[b] = nonZero * (double) pts / (2 * halfSteps);
    }
    double stat = StatisticalBounds.chiSquare(observed, expected);
    double crit = StatisticalBounds.chiSquareCritical(BINS - 1, StatisticalBounds.ALPHA);
    assertTrue(stat <= crit, "chi2=" + stat + " critical=" + crit);
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
