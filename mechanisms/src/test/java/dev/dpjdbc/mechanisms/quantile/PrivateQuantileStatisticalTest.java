package dev.dpjdbc.mechanisms.quantile;

import static dev.dpjdbc.mechanisms.sample.StatisticalBounds.ALPHA;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.sample.StatisticalBounds;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The quantile mechanism's samples against its exact distribution, with fresh SecureRandom. */
@Tag("statistical")
class PrivateQuantileStatisticalTest {
  private static final int N = 200_000;

  /** 40 unequal buckets over [0, 200], a skewed histogram of 2,000 elements. */
  private static BucketedHistogram skewed() {
    double[] edges = new double[41];
    for (int i = 0; i <= 40; i++) {
      edges[i] = 200.0 * (i / 40.0) * (i / 40.0);
    }
    long[] counts = new long[40];
    for (int j = 0; j < 40; j++) {
      counts[j] = Math.round(100 * Math.exp(-j / 8.0));
    }
    return new BucketedHistogram(edges, counts);
  }

  /**
   * Pearson χ² of the sampled bucket against the exact probabilities at ε = 0.05 (a spread-out
   * distribution), buckets with expected count &lt; 20 merged into one; critical value at 1 − 1e-7:
   * false failure ≤ 1e-7. A second χ² (10 equal sub-bins of each bucket, pooled by relative
   * position) checks that the point is uniform inside its bucket: false failure ≤ 1e-7.
   */
  @Test
  void quantile_matchesExactMechanism_byChiSquare() {
    BucketedHistogram h = skewed();
    double eps = 0.05;
    double[] p = PrivateQuantile.probabilities(h, 0.5, eps);
    PrivateQuantile m = PrivateQuantile.create();
    double[] e = h.edges();
    long[] byBucket = new long[h.buckets()];
    long[] byPosition = new long[10];
    for (int i = 0; i < N; i++) {
      double x = m.quantile(h, 0.5, eps);
      int j = bucketOf(e, x);
      byBucket[j]++;
      int pos = (int) Math.min(9, Math.floor(10 * (x - e[j]) / (e[j + 1] - e[j])));
      byPosition[pos]++;
    }
    List<Double> exp = new ArrayList<>();
    List<Long> obs = new ArrayList<>();
    double restE = 0;
    long restO = 0;
    for (int j = 0; j < p.length; j++) {
      if (N * p[j] >= 20) {
        exp.add(N * p[j]);
        obs.add(byBucket[j]);
      } else {
        restE += N * p[j];
        restO += byBucket[j];
      }
    }
    if (restE >= 20) {
      exp.add(restE);
      obs.add(restO);
    } else {
      assertTrue(restO <= 20 + 10 * Math.sqrt(restE + 1), "too many draws in rare buckets");
    }
    double[] ex = exp.stream().mapToDouble(Double::doubleValue).toArray();
    long[] ob = obs.stream().mapToLong(Long::longValue).toArray();
    double stat = StatisticalBounds.chiSquare(ob, ex);
    double crit = StatisticalBounds.chiSquareCritical(ex.length - 1, ALPHA);
    assertTrue(stat <= crit, "bucket chi2=" + stat + " critical=" + crit + " bins=" + ex.length);
    double[] uniform = new double[10];
    java.util.Arrays.fill(uniform, N / 10.0);
    double stat2 = StatisticalBounds.chiSquare(byPosition, uniform);
    assertTrue(stat2 <= StatisticalBounds.chiSquareCritical(9, ALPHA), "position chi2=" + stat2);
  }

  /**
   * Concentration at large ε: with ε = 2 and 10,000 elements the exact probability of leaving the
   * buckets within ±2 of the true median's bucket is computed (≤ 1e-13 asserted); then all N draws
   * must land there — false failure ≤ N·1e-13 = 2e-8.
   */
  @Test
  void quantile_largeEpsilon_concentratesNearTrueQuantile() {
    double[] edges = BucketedHistogram.equalWidthEdges(0, 1000, 100);
    long[] counts = new long[100];
    for (int j = 0; j < 100; j++) {
      counts[j] = 100; // uniform data: true median at 500, bucket 49/50 boundary
    }
    BucketedHistogram h = new BucketedHistogram(edges, counts);
    double[] p = PrivateQuantile.probabilities(h, 0.5, 2.0);
    double outside = 0;
    for (int j = 0; j < p.length; j++) {
      if (j < 47 || j > 52) {
        outside += p[j];
      }
    }
    assertTrue(outside <= 1e-13, "exact mass outside = " + outside);
    PrivateQuantile m = PrivateQuantile.create();
    for (int i = 0; i < N; i++) {
      double x = m.quantile(h, 0.5, 2.0);
      assertTrue(x >= 470 && x < 530, "draw " + x + " far from the median 500");
    }
  }

  private static int bucketOf(double[] e, double x) {
    int j = java.util.Arrays.binarySearch(e, x);
    return j >= 0 ? j : -j - 2;
  }
}
