package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link WarmPlans} remembers a (plan, values) pair only by the plan's identity and the values'
 * contents, never mutable or array values, forgets a plan whose execution failed, and stays
 * bounded.
 */
class WarmPlansTest {

  static PrivacyPlan plan() {
    return new PrivacyPlan(
        "SELECT COUNT(*) FROM t WHERE a > ?",
        "SELECT COUNT(*) AS c0 FROM t WHERE a > ?",
        1,
        List.of(),
        List.of(new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1)),
        1,
        List.of(
            new OutputColumn("count", Types.BIGINT, "int8", "COUNT(*)", new OutputExpr.CountOf(0))),
        List.of(),
        null,
        null,
        List.of());
  }

  @Test
  void passed_onlyForTheSamePlanAndEqualValues() {
    WarmPlans warm = new WarmPlans();
    PrivacyPlan p = plan();
    List<Object> values = new ArrayList<>(List.of(5));
    assertFalse(warm.passed(p, values));
    warm.remember(p, values);
    values.set(0, 6); // the caller's list is copied
    assertTrue(warm.passed(p, List.of(5)));
    assertFalse(warm.passed(p, List.of(6)), "an analyst's other value is checked afresh");
    assertFalse(warm.passed(p, List.of(5L)), "another class binds with another setter");
    assertFalse(warm.passed(p, List.of("5")));
    assertFalse(warm.passed(plan(), List.of(5)), "an equal but new plan (after a catalog change)");
  }

  @Test
  void mutableOrArrayValues_areNeverRemembered() {
    WarmPlans warm = new WarmPlans();
    PrivacyPlan p = plan();
    for (Object v :
        List.of(new java.sql.Date(0), new int[] {1}, new java.util.Date(0), new StringBuilder())) {
      List<Object> values = Arrays.asList(v);
      warm.remember(p, values);
      assertFalse(warm.passed(p, values), v.getClass().getName());
    }
    warm.remember(p, Arrays.asList(null, new BigDecimal("1.5"), "x"));
    assertTrue(warm.passed(p, Arrays.asList(null, new BigDecimal("1.5"), "x")));
  }

  @Test
  void forget_dropsEveryValueOfThePlan() {
    WarmPlans warm = new WarmPlans();
    PrivacyPlan p = plan();
    PrivacyPlan other = plan();
    warm.remember(p, List.of(1));
    warm.remember(p, List.of(2));
    warm.remember(other, List.of(1));
    warm.forget(p);
    assertFalse(warm.passed(p, List.of(1)));
    assertFalse(warm.passed(p, List.of(2)));
    assertTrue(warm.passed(other, List.of(1)));
  }

  @Test
  void size_isBounded() {
    WarmPlans warm = new WarmPlans();
    PrivacyPlan p = plan();
    for (int i = 0; i < WarmPlans.MAX + 50; i++) {
      warm.remember(p, List.of(i));
    }
    assertEquals(WarmPlans.MAX, warm.size());
    assertTrue(warm.passed(p, List.of(WarmPlans.MAX + 49)));
    assertFalse(warm.passed(p, List.of(0)));
  }
}
