package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.SortKey;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which columns get interval columns, and that rows keep their intervals through ORDER BY. */
class IntervalReleaseTest {
  /** region key, COUNT, a quantile: ORDER BY count DESC LIMIT 2. */
  private static PrivacyPlan plan() {
    return new PrivacyPlan(
        "q",
        "SELECT ...",
        0,
        List.of(new GroupKey("region", Types.VARCHAR, "varchar", List.of("N", "S", "E"), "IN")),
        List.of(new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1)),
        1,
        List.of(
            new OutputColumn("region", Types.VARCHAR, "varchar", null, new OutputExpr.KeyRef(0)),
            new OutputColumn("n", Types.BIGINT, "int8", "COUNT(*)", new OutputExpr.CountOf(0)),
            new OutputColumn(
                "m", Types.DOUBLE, "float8", "MEDIAN(x)", new OutputExpr.QuantileOf(1, 0, 9, 0))),
        List.of(new SortKey(1, true, null)),
        null,
        2L,
        List.of());
  }

  @Test
  void keysNone_aggregatesTheirOwn_quantilesNull() {
    assertArrayEquals(
        new int[] {IntervalRelease.NONE, 1, IntervalRelease.NULL_INTERVAL},
        IntervalRelease.sources(plan()));
    assertEquals(
        List.of("region", "n", "n_ci_low", "n_ci_high", "m", "m_ci_low", "m_ci_high"),
        IntervalRelease.columns(plan(), true).stream().map(Table.Column::label).toList());
    assertEquals(3, IntervalRelease.columns(plan(), false).size());
  }

  @Test
  void sortedRowsKeepTheirOwnIntervals() throws Exception {
    Allocation a =
        Allocator.allocate(
            new AllocationRequest(
                SensitivityProfile.of(1),
                null,
                1,
                new PrivacyParams(1.0, 1e-6),
                Mechanism.LAPLACE,
                Objective.IID));
    NoisyResult noisy =
        new NoisyResult(
            List.of(
                new NoisyResult.Group(new Object[] {"N"}, new double[] {10, 3}),
                new NoisyResult.Group(new Object[] {"S"}, new double[] {500, 4}),
                new NoisyResult.Group(new Object[] {"E"}, new double[] {100, 5})));
    Table t = IntervalRelease.release(noisy, plan(), null, a, 0.95, true);
    assertEquals(2, t.rows().size());
    assertEquals("S", t.rows().get(0)[0]);
    assertEquals("E", t.rows().get(1)[0]);
    for (int r = 0; r < 2; r++) {
      Object[] row = t.rows().get(r);
      long n = (Long) row[1];
      assertTrue((Long) row[2] <= n && n <= (Long) row[3] && (Long) row[3] - (Long) row[2] < 100);
      assertEquals(((Long) row[2]).doubleValue(), t.intervals().rows().get(r)[1][0]);
      assertNull(row[5], "a quantile's interval is NULL");
      assertNull(t.intervals().rows().get(r)[0], "a key has none");
    }
  }
}
