package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.Selection;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.select.GaussianThresholdRule;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRuleChoice;
import dev.dpjdbc.mechanisms.select.PartitionSelection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The budget split of issue 9: K coordinates count K, partition selection 1; δ halved. */
class QueryBudgetTest {
  static PrivacyPlan plan(int coordinates, int l0, boolean selects) {
    List<Coordinate> cs =
        java.util.stream.IntStream.range(0, coordinates)
            .mapToObj(i -> new Coordinate("c" + i, Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1))
            .toList();
    PrivacyPlan p =
        new PrivacyPlan(
            "q",
            "SELECT city, COUNT(*) AS c0, COUNT(*) AS dp_n FROM t GROUP BY city",
            0,
            List.of(new GroupKey("city", Types.VARCHAR, "varchar", List.of(), "private")),
            cs,
            l0,
            List.of(
                new OutputColumn("city", Types.VARCHAR, "varchar", null, new OutputExpr.KeyRef(0))),
            List.of(),
            null,
            null,
            List.of());
    if (!selects) {
      return p;
    }
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

  @Test
  void withoutSelection_theSplitIsTheIdentity() throws SQLException {
    PrivacyParams params = new PrivacyParams(1, 1e-6);
    QueryBudget b =
        QueryBudget.allocate(plan(2, 1, false), params, Mechanism.LAPLACE, Objective.IID);
    assertNull(b.selection());
    assertEquals(
        NoiseAllocation.allocate(plan(2, 1, false), params, Mechanism.LAPLACE, Objective.IID)
            .cost(),
        b.cost());
  }

  @Test
  void selection_countsOnePart_takesHalfTheDelta_andTheCostsAdd() throws SQLException {
    PrivacyParams params = new PrivacyParams(0.9, 1e-6);
    for (Mechanism m : List.of(Mechanism.LAPLACE, Mechanism.GAUSSIAN)) {
      QueryBudget b = QueryBudget.allocate(plan(2, 3, true), params, m, Objective.IID);
      assertEquals(0.3, b.selectionParams().epsilon(), 1e-15, "ε/(K+1), K = 2");
      assertEquals(5e-7, b.selectionParams().delta(), 0);
      // the noise vector: its share (2ε/3, δ/2) allocated exactly as without selection
      var noise =
          NoiseAllocation.allocate(
              plan(2, 3, false), new PrivacyParams(0.9 - 0.3, 5e-7), m, Objective.IID);
      assertArrayEquals(noise.scales(), b.allocation().scales(), 0);
      assertEquals(noise.cost(), b.noiseCost());
      PartitionRuleChoice choice = PartitionRuleChoice.choose(new PrivacyParams(0.3, 5e-7), 3);
      assertEquals(choice.rule().name(), b.selection().name());
      assertEquals(b.noiseCost().plus(choice.rule().cost()), b.cost(), "the whole cost is charged");
      assertEquals(0.3, b.selection().cost().epsilon(), 1e-15);
      assertEquals(5e-7, b.selection().cost().delta(), 0);
      assertTrue(b.cost().epsilon() <= 0.9 * (1 + 1e-15), "within the query's ε: " + b.cost());
      assertTrue(b.cost().delta() <= 1e-6 * (1 + 1e-15), "within the query's δ: " + b.cost());
    }
  }

  /**
   * The rule is chosen from (ε_s, δ_s) and L0 alone: at ε = 1, δ = 1e-6 the optimal rule at L0 = 1
   * (n½ 14 against 23), the Gaussian threshold at L0 = 10 (n½ 75 against 132); either way the
   * ledger is charged the chosen rule's cost, exactly (ε_s, δ_s).
   */
  @Test
  void theRule_isOptimalAtL0One_andGaussianAtL0Ten() throws SQLException {
    PrivacyParams params = new PrivacyParams(1, 1e-6);
    QueryBudget one = QueryBudget.allocate(plan(0, 1, true), params, Mechanism.AUTO, Objective.IID);
    assertTrue(one.selection() instanceof OptimalPartitionRule, one.selectionChoice().toString());
    assertEquals(14, one.selectionChoice().optimalNHalf());
    assertEquals(23, one.selectionChoice().gaussianNHalf());
    QueryBudget ten =
        QueryBudget.allocate(plan(0, 10, true), params, Mechanism.AUTO, Objective.IID);
    assertTrue(ten.selection() instanceof GaussianThresholdRule, ten.selectionChoice().toString());
    assertEquals(132, ten.selectionChoice().optimalNHalf());
    assertEquals(75, ten.selection().nHalf());
    assertEquals(PartitionSelection.gaussian(params, 10).cost(), ten.cost(), "charged once");
    assertEquals(1.0, ten.cost().epsilon());
    assertEquals(1e-6, ten.cost().delta());
  }

  @Test
  void noCoordinate_selectionTakesTheWholeBudget() throws SQLException {
    QueryBudget b =
        QueryBudget.allocate(
            plan(0, 1, true), new PrivacyParams(1, 1e-6), Mechanism.AUTO, Objective.RELATIVE);
    assertEquals(new PrivacyParams(1, 1e-6), b.selectionParams());
    assertEquals(PrivacyCost.ZERO, b.noiseCost());
    assertEquals(1.0, b.cost().epsilon());
  }

  @Test
  void deltaZero_isRefusedWith22023() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                QueryBudget.allocate(
                    plan(1, 1, true),
                    new PrivacyParams(1, 0),
                    Mechanism.LAPLACE,
                    Objective.RELATIVE));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains("partition selection"), e.getMessage());
    assertTrue(e.getMessage().contains("delta > 0"), e.getMessage());
    assertTrue(e.getMessage().contains("SET dp.delta"), e.getMessage());
  }
}
