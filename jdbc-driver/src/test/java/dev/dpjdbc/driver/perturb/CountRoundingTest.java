package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A released count is the noisy value rounded to the nearest integer, never truncated: the driver's
 * perturbation path (Perturber → PostProcess) keeps the true mean and σ² + 1/12 of variance.
 */
class CountRoundingTest {
  @Test
  void nearestLong_roundsToNearest() {
    assertEquals(10L, NearestLong.of(9.6));
    assertEquals(-3L, NearestLong.of(-2.7));
    assertEquals(2L, NearestLong.of(2.5)); // double: ties to even, as PostgreSQL's float8 cast
    assertEquals(-2L, NearestLong.of(-2.5));
    assertEquals(3L, NearestLong.of(new BigDecimal("2.5"))); // numeric: ties away from zero
    assertEquals(-3L, NearestLong.of(new BigDecimal("-2.5")));
    assertEquals(5L, NearestLong.of(new BigDecimal("4.9"))); // longValue() gave 4
    assertEquals(7L, NearestLong.of(7));
    assertThrows(ArithmeticException.class, () -> NearestLong.of(new BigDecimal("1e30")));
  }

  @Test
  void typed_bigintColumnRoundsANoisyDouble() {
    OutputColumn n =
        new OutputColumn("n", Types.BIGINT, "int8", "SUM(x)", new OutputExpr.SumOf(0, 0, 10));
    assertEquals(10L, PostProcess.typed(9.6, n));
    assertEquals(-3L, PostProcess.typed(-2.7, n));
  }

  /**
   * 200 000 groups with COUNT = {@code count} through {@link Perturber} (Gaussian, ε = 1, δ = 1e-5,
   * σ ≈ 3.73) and {@link PostProcess#release}: the released Longs' mean and variance. Each case
   * fails falsely with probability ≤ 1e-6 ({@link RoundedGaussianBounds}), both ≤ 2e-6. The counts
   * are ≥ 13σ, so the clamp at 0 is reached with probability &lt; 1e-38 per draw.
   */
  @Tag("statistical")
  @ParameterizedTest
  @ValueSource(longs = {50, 1000})
  void gaussianCount_releasedMeanAndVarianceMatchTheDeclaredOnes(long count) throws Exception {
    Allocation a =
        Allocator.allocate(
            new AllocationRequest(
                SensitivityProfile.of(1),
                null,
                1,
                new PrivacyParams(1.0, 1e-5),
                Mechanism.GAUSSIAN,
                Objective.IID));
    double sigma = a.scales()[0];
    assertTrue(sigma > 3 && sigma < 4, "σ = " + sigma);
    Grant grant = new Grant(a, new Ledger.BudgetStatus(1, 1e-5, 0, 0, 1, "test", 0, 0, 0));
    int n = 200_000;
    List<RawResult.Group> groups = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      groups.add(new RawResult.Group(new Object[] {"a"}, new double[] {count}));
    }
    var plan = PostProcessTest.plan(List.of(), null, null);
    NoisyResult noisy =
        new Perturber(SecureNoise.create()).perturb(new RawResult(groups), plan, grant);
    Table t = PostProcess.release(noisy, plan, null);
    long[] released = new long[n];
    int offGrid = 0;
    for (int i = 0; i < n; i++) {
      released[i] = (Long) t.rows().get(i)[1];
      double v = noisy.groups().get(i).noisy()[0];
      offGrid += v != Math.rint(v) ? 1 : 0;
      assertEquals(Math.rint(v), released[i], 0.0, "the nearest integer to " + v);
    }
    assertTrue(offGrid > n / 2, "Gaussian counts lie on a fine grid: " + offGrid + " off integers");
    RoundedGaussianBounds.assertUnbiased(released, count, sigma);
  }
}
