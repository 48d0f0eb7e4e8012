package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.SortKey;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostProcessTest {
  static PrivacyPlan plan(List<SortKey> order, Long offset, Long limit) {
    return new PrivacyPlan(
        "q",
        "r",
        0,
        List.of(new GroupKey("k", Types.VARCHAR, "text", List.of("a", "b", "c"), "test")),
        List.of(new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1)),
        1,
        List.of(
            new OutputColumn("k", Types.VARCHAR, "text", null, new OutputExpr.KeyRef(0)),
            new OutputColumn("n", Types.BIGINT, "int8", "COUNT(*)", new OutputExpr.CountOf(0))),
        order,
        offset,
        limit,
        List.of());
  }

  static NoisyResult noisy() {
    return new NoisyResult(
        List.of(
            new NoisyResult.Group(new Object[] {"a"}, new double[] {5.4}),
            new NoisyResult.Group(new Object[] {"b"}, new double[] {-2.2}),
            new NoisyResult.Group(new Object[] {"c"}, new double[] {9.6})));
  }

  @Test
  void release_ordersByNoisyValue_thenOffsetLimit() throws Exception {
    Table t = PostProcess.release(noisy(), plan(List.of(new SortKey(1, true, null)), 1L, 1L), null);
    assertEquals(1, t.rows().size());
    assertEquals("a", t.rows().get(0)[0]);
    assertEquals(5L, t.rows().get(0)[1]);
  }

  @Test
  void release_countsAreClampedLongs() throws Exception {
    Table t = PostProcess.release(noisy(), plan(List.of(), null, null), null);
    assertEquals(0L, t.rows().get(1)[1]);
    assertEquals(10L, t.rows().get(2)[1]);
    assertEquals("java.lang.Long", t.columns().get(1).className());
  }
}
