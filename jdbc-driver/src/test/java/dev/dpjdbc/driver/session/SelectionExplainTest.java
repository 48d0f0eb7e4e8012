package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.Selection;
import dev.dpjdbc.driver.perturb.QueryBudget;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

/** EXPLAIN PRIVACY's selection row names the chosen rule, its n½ and its 0.99 size. */
class SelectionExplainTest {
  private static PrivacyPlan plan(int l0) {
    PrivacyPlan p =
        new PrivacyPlan(
            "q",
            "SELECT city, COUNT(DISTINCT id) AS dp_n FROM t GROUP BY city",
            0,
            List.of(new GroupKey("city", Types.VARCHAR, "varchar", List.of(), "private")),
            List.of(),
            l0,
            List.of(
                new OutputColumn("city", Types.VARCHAR, "varchar", null, new OutputExpr.KeyRef(0))),
            List.of(),
            null,
            null,
            List.of());
    return new PrivacyPlan(
        p.originalSql(),
        p.rewrittenSql(),
        p.parameterCount(),
        p.groupKeys(),
        p.coordinates(),
        p.maxGroupsPerUnit(),
        p.outputs(),
        p.orderBy(),
        p.offset(),
        p.limit(),
        p.bounds(),
        p.parameters(),
        p.preflight(),
        p.typing(),
        p.post(),
        new Selection("GROUP BY city has no public domain", "COUNT(DISTINCT t.id)"));
  }

  private static Object[] row(int l0) throws SQLException {
    PrivacyPlan plan = plan(l0);
    QueryBudget b =
        QueryBudget.allocate(plan, new PrivacyParams(1, 1e-6), Mechanism.AUTO, Objective.IID);
    return SelectionExplain.row(plan, b, 14);
  }

  @Test
  void l0One_showsTheOptimalRule() throws SQLException {
    Object[] r = row(1);
    assertEquals("partition selection (optimal rule) over COUNT(DISTINCT t.id)", r[1]);
    assertEquals("optimal partition selection", r[3]);
    String bounds = (String) r[13];
    assertTrue(bounds.contains("rule: optimal rule (n½ 14 for the optimal rule, 23 for"), bounds);
    assertTrue(bounds.contains("n½ = 14 distinct units"), bounds);
    assertTrue(bounds.contains("0.99 from 18, always from 28"), bounds);
  }

  @Test
  void l0Ten_showsTheGaussianThreshold() throws SQLException {
    Object[] r = row(10);
    assertEquals("partition selection (Gaussian threshold) over COUNT(DISTINCT t.id)", r[1]);
    assertEquals("Gaussian-threshold partition selection", r[3]);
    assertEquals(10, r[8]);
    assertEquals(1.0, r[6]);
    assertEquals(1e-6, r[7]);
    String bounds = (String) r[13];
    assertTrue(
        bounds.contains("rule: Gaussian threshold (n½ 132 for the optimal rule, 75"), bounds);
    assertTrue(bounds.contains("n½ = 75 distinct units"), bounds);
    assertTrue(bounds.contains("never certain (noise sigma = "), bounds);
    assertTrue(bounds.contains("0.99 from 107, never certain"), bounds);
  }
}
