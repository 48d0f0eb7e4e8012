package dev.dpjdbc.mechanisms.quantile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Deterministic properties of the quantile mechanism, from its exact probabilities. */
class PrivateQuantileTest {
  private static final double[] EPSILONS = {0.01, 0.1, 1.0, 5.0};
  private static final double[] QS = {0.0, 0.1, 0.5, 0.9, 1.0};

  /** Histograms: skewed, empty buckets, unequal widths, all mass in one bucket, empty. */
  static Stream<Arguments> histograms() {
    Random r = new Random(7); // inputs only; the test is exact, not statistical
    long[] random = IntStream.range(0, 30).mapToLong(i -> r.nextInt(50)).toArray();
    return Stream.of(
        Arguments.of(new BucketedHistogram(BucketedHistogram.equalWidthEdges(0, 100, 30), random)),
        Arguments.of(
            new BucketedHistogram(new double[] {0, 1, 3, 10, 100}, new long[] {5, 0, 0, 12})),
        Arguments.of(new BucketedHistogram(new double[] {-5, 0, 5}, new long[] {0, 1000})),
        Arguments.of(new BucketedHistogram(new double[] {0, 0.5, 1}, new long[] {0, 0})));
  }

  /**
   * For every neighbour (one element added to or removed from any bucket) and every output θ, the
   * density ratio P(j)/w_j over P′(j)/w_j is ≤ e^ε, compared in log space (|ln P(j) − ln P′(j)| ≤ ε
   * up to 1e-12 relative floating-point error), including buckets whose probability underflows.
   */
  @ParameterizedTest
  @MethodSource("histograms")
  void quantile_exactPrivacyRatio_onNeighbours_isAtMostEpsilon(BucketedHistogram h) {
    for (double eps : EPSILONS) {
      for (double q : QS) {
        double[] p = PrivateQuantile.logProbabilities(h, q, eps);
        for (int k = 0; k < h.buckets(); k++) {
          for (int delta : new int[] {1, -1}) {
            if (h.counts()[k] + delta < 0) {
              continue;
            }
            double[] p2 = PrivateQuantile.logProbabilities(h.withChange(k, delta), q, eps);
            for (int j = 0; j < p.length; j++) {
              double lr = Math.abs(p[j] - p2[j]);
              assertTrue(
                  lr <= eps * (1 + 1e-12) + 1e-13,
                  "ε="
                      + eps
                      + " q="
                      + q
                      + " change "
                      + delta
                      + "@"
                      + k
                      + " bucket "
                      + j
                      + ": "
                      + lr);
            }
          }
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("histograms")
  void probabilities_sumToOne_andPeakAtTheTrueQuantileBucket(BucketedHistogram h) {
    double[] p = PrivateQuantile.probabilities(h, 0.5, 1.0);
    assertEquals(1.0, java.util.Arrays.stream(p).sum(), 1e-12);
    double[] logW = PrivateQuantile.logWeights(h, 0.5, 1.0);
    long before = 0;
    long n = h.total();
    for (int j = 0; j < h.buckets(); j++) {
      long c = h.counts()[j];
      boolean holdsMedian = before <= 0.5 * n && 0.5 * n <= before + c;
      assertEquals(holdsMedian, logW[j] == Math.log(h.width(j)), "bucket " + j);
      before += c;
    }
  }

  @Test
  void badArguments_nameTheRule() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new BucketedHistogram(new double[] {0, 1, 1}, new long[] {1, 1}));
    assertTrue(e.getMessage().contains("strictly increasing"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new BucketedHistogram(new double[] {0, 1}, new long[] {-1}));
    assertThrows(
        IllegalArgumentException.class,
        () -> new BucketedHistogram(new double[] {0, 1}, new long[] {1, 2}));
    BucketedHistogram h = new BucketedHistogram(new double[] {0, 1}, new long[] {3});
    assertThrows(IllegalArgumentException.class, () -> PrivateQuantile.probabilities(h, 1.5, 1));
    assertThrows(IllegalArgumentException.class, () -> PrivateQuantile.probabilities(h, 0.5, 0));
  }

  @Test
  void quantile_staysInsideTheBounds() {
    BucketedHistogram h =
        new BucketedHistogram(new double[] {-1e300, 0, 1e300}, new long[] {10, 10});
    PrivateQuantile m = PrivateQuantile.create();
    for (int i = 0; i < 1000; i++) {
      double x = m.quantile(h, 0.5, 1.0);
      assertTrue(x >= -1e300 && x < 1e300, "x=" + x);
    }
  }
}
