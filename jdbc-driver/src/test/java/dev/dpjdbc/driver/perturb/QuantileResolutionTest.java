package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import dev.dpjdbc.mechanisms.quantile.BucketedHistogram;
import dev.dpjdbc.mechanisms.quantile.PrivateQuantile;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QuantileResolutionTest {
  private static QuantileRelease.Histogram histogram(
      double origin, double width, int fine, long c, long l0) {
    return new QuantileRelease.Histogram(
        "x",
        new BoundSql("", List.of()),
        origin,
        origin + width * fine,
        origin,
        width,
        fine,
        false,
        c,
        l0);
  }

  static Stream<Arguments> resolutions() {
    return Stream.of(
        // ε_q, fine buckets, C, L0 -> K, merge factor
        Arguments.of(1000.0, 4096, 1L, 1L, 4096, 1),
        Arguments.of(1.0, 4096, 1L, 1L, 256, 16),
        Arguments.of(0.5, 4096, 1L, 1L, 128, 32),
        Arguments.of(0.01, 4096, 1L, 1L, 16, 256),
        Arguments.of(8.0, 4096, 8L, 1L, 256, 16), // ε′ = ε_q/C
        Arguments.of(8.0, 4096, 2L, 4L, 256, 16), // ε′ = ε_q/(C·L0)
        Arguments.of(1000.0, 101, 1L, 1L, 101, 1), // never finer than the fine grid
        Arguments.of(1.0, 601, 1L, 1L, 201, 3)); // ⌈601/3⌉: the last bucket reaches past U
  }

  @ParameterizedTest
  @MethodSource("resolutions")
  void of_budgetAndBounds_chooseBuckets(
      double epsQ, int fine, long c, long l0, int buckets, int merge) {
    QuantileResolution r = QuantileResolution.of(histogram(0, 1, fine, c, l0), epsQ);
    assertEquals(buckets, r.buckets());
    assertEquals(merge, r.mergeFactor());
    assertEquals(merge * 1.0, r.width(), 0);
    assertEquals(epsQ / (c * l0), r.epsilon(), 1e-15);
  }

  @ParameterizedTest
  @MethodSource("resolutions")
  void rankBound_isTheUnionBound(double epsQ, int fine, long c, long l0, int k, int merge) {
    QuantileResolution r = QuantileResolution.of(histogram(0, 1, fine, c, l0), epsQ);
    double t = r.rankBound(1e-6);
    assertEquals(1e-6, k * Math.exp(-r.epsilon() * t / 2), 1e-12);
    assertTrue(r.expectedRankError() < t);
  }

  @org.junit.jupiter.api.Test
  void merge_sumsFineCountsFAtATime() {
    QuantileRelease.Histogram h = histogram(-0.5, 1, 5, 1, 1);
    QuantileResolution r = new QuantileResolution(3, 2, 2, 1);
    double[] exact = {9, 1, 2, 3, 4, 5}; // one coordinate, then 5 fine counts
    assertArrayEquals(new long[] {3, 7, 5}, r.merge(exact, 1, 5));
    assertArrayEquals(new double[] {-0.5, 1.5, 3.5, 5.5}, r.edges(h), 0);
  }

  /**
   * The stated bound holds for the mechanism's exact probabilities: the mass of buckets whose rank
   * distance exceeds t is at most K·exp(−ε′t/2), on a skewed histogram, for several q.
   */
  @ParameterizedTest
  @MethodSource("resolutions")
  void exactProbabilities_respectTheBound(
      double epsQ, int fine, long c, long l0, int k, int merge) {
    QuantileResolution r = QuantileResolution.of(histogram(0, 1, fine, c, l0), epsQ);
    long[] counts = new long[r.buckets()];
    for (int j = 0; j < counts.length; j++) {
      counts[j] = j % 7 == 0 ? 50 : j % 3;
    }
    BucketedHistogram h = new BucketedHistogram(r.edges(histogram(0, 1, fine, c, l0)), counts);
    for (double q : new double[] {0, 0.1, 0.5, 0.9, 1}) {
      double[] p = PrivateQuantile.probabilities(h, q, r.epsilon());
      for (double t : new double[] {1, 5, 20, r.expectedRankError()}) {
        double tail = 0;
        long before = 0;
        for (int j = 0; j < counts.length; j++) {
          double lo = before;
          double hi = before + counts[j];
          double target = q * h.total();
          double d = target < lo ? lo - target : target > hi ? target - hi : 0;
          tail += d > t ? p[j] : 0;
          before += counts[j];
        }
        assertTrue(tail <= k * Math.exp(-r.epsilon() * t / 2) * (1 + 1e-9) + 1e-15);
      }
    }
  }
}
