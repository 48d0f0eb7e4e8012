package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.util.List;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Intervals of released columns: COUNT and SUM cover the true value with probability ≥ the
 * confidence on the real sampler; AVG/VAR follow the delta-method formulas.
 */
class IntervalsTest {
  private static final List<Coordinate> COORDS =
      List.of(
          new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1),
          new Coordinate("c1", Coordinate.Kind.SUM, "SUM(x - 50)", 50, false, 1));

  private static Allocation allocation(Mechanism m) {
    return Allocator.allocate(
        new AllocationRequest(
            SensitivityProfile.of(1, 50), null, 1, new PrivacyParams(1.0, 1e-6), m, Objective.IID));
  }

  /**
   * 20 000 releases of (COUNT = 1000, SUM = 12345.5): misses per column are Binomial(N, p ≤ 0.05);
   * each of the two assertions fails falsely with probability ≤ 1e-7 (the binomial's 1 − 1e-7
   * quantile at p = 0.05), so the test with both mechanisms ≤ 4e-7.
   */
  @Tag("statistical")
  @ParameterizedTest
  @EnumSource(
      value = Mechanism.class,
      names = {"LAPLACE", "GAUSSIAN"})
  void countAndSum_coverAtLeastTheConfidence(Mechanism m) {
    Allocation a = allocation(m);
    Intervals intervals = Intervals.of(COORDS, a, 0.95);
    SecureNoise noise = SecureNoise.create();
    int n = 20_000;
    int countMisses = 0;
    int sumMisses = 0;
    for (int i = 0; i < n; i++) {
      double[] noisy = {
        noise.addNoise(1000, 1, a.scales()[0], m, true),
        noise.addNoise(12345.5, 50, a.scales()[1], m, false)
      };
      Object[] count = intervals.interval(new OutputExpr.CountOf(0), noisy);
      if ((Long) count[0] > 1000 || (Long) count[1] < 1000) {
        countMisses++;
      }
      Object[] sum = intervals.interval(new OutputExpr.SumOf(1, -50, 50), noisy);
      if ((Double) sum[0] > 12345.5 || (Double) sum[1] < 12345.5) {
        sumMisses++;
      }
    }
    int limit = new BinomialDistribution(null, n, 0.05).inverseCumulativeProbability(1 - 1e-7);
    assertTrue(countMisses <= limit, "COUNT misses " + countMisses + " > " + limit);
    assertTrue(sumMisses <= limit, "SUM misses " + sumMisses + " > " + limit);
  }

  @Test
  void avgAndVariance_deltaMethod_andNullWhereTheValueIsNull() {
    Allocation a = allocation(Mechanism.LAPLACE);
    Intervals intervals = Intervals.of(COORDS, a, 0.95);
    double sdN = a.stddevs()[0];
    double sdS = a.stddevs()[1];
    double[] noisy = {400, 2000};
    Object[] avg = intervals.interval(new OutputExpr.AvgOf(1, 0, 0, 100), noisy);
    double est = 2000.0 / 400 + 50;
    double sd = Math.sqrt(sdS * sdS + 25 * sdN * sdN) / 400;
    assertEquals(est - 1.959963984540054 * sd, (Double) avg[0], 1e-9);
    assertEquals(est + 1.959963984540054 * sd, (Double) avg[1], 1e-9);
    assertNull(intervals.interval(new OutputExpr.AvgOf(1, 0, 0, 100), new double[] {0.5, 3}));
    assertNull(intervals.interval(new OutputExpr.KeyRef(0), noisy));
    Object[] std =
        intervals.interval(new OutputExpr.VarianceOf(1, 1, 0, 0, 100, true, true), noisy);
    Object[] var =
        intervals.interval(new OutputExpr.VarianceOf(1, 1, 0, 0, 100, true, false), noisy);
    assertEquals(Math.sqrt((Double) var[0]), (Double) std[0], 1e-12);
    assertTrue((Double) var[0] <= (Double) var[1] && (Double) var[1] <= 2500, "within [0, h²]");
  }
}
