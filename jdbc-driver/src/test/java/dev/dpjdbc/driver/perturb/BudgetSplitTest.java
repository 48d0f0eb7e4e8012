package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BudgetSplitTest {
  static Stream<Arguments> splits() {
    return Stream.of(
        // K coordinates, quantiles, ε -> vector ε, ε_q
        Arguments.of(2, 1, 3.0, 2.0, 1.0),
        Arguments.of(0, 2, 1.0, Double.NaN, 0.5),
        Arguments.of(1, 3, 4.0, 1.0, 1.0),
        Arguments.of(3, 0, 1.0, 1.0, Double.NaN));
  }

  @ParameterizedTest
  @MethodSource("splits")
  void split_sharesEpsilonByParts(int k, int quantiles, double eps, double vector, double q) {
    BudgetSplit s = new BudgetSplit(k, quantiles, eps, 1e-6);
    assertEquals(k + quantiles, s.parts());
    if (k > 0) {
      assertEquals(vector, s.vector().epsilon(), 1e-12);
      assertEquals(1e-6, s.vector().delta(), 0); // quantiles take no δ
    }
    if (quantiles > 0) {
      assertEquals(q, s.quantileEpsilon(), 1e-12);
      assertEquals(quantiles * q, s.quantileCost().epsilon(), 1e-12);
      assertEquals(quantiles * q * q / 2, s.quantileCost().rho(), 1e-12);
      assertEquals(0, s.quantileCost().delta(), 0);
    }
    assertEquals(quantiles > 0, s.splits());
  }

  @Test
  void charged_addsTheQuantilesCost_toTheVector() {
    BudgetSplit s = new BudgetSplit(1, 1, 2.0, 0);
    Allocation a =
        new Allocation(
            Mechanism.LAPLACE,
            Objective.ABSOLUTE,
            new double[] {1},
            new double[] {Math.sqrt(2)},
            2,
            2,
            2,
            Double.NaN,
            new PrivacyCost(1, 0, 0.5, 0));
    PrivacyCost total = s.charged(a).cost();
    assertEquals(2.0, total.epsilon(), 1e-12); // the query's ε, spent once
    assertEquals(1.0, total.rho(), 1e-12); // 1²/2 + 1²/2
  }

  @Test
  void noCoordinates_costsNothingBeforeTheQuantiles() {
    Allocation a = BudgetSplit.noCoordinates(Objective.ABSOLUTE);
    assertEquals(0, a.size());
    assertEquals(PrivacyCost.ZERO, a.cost());
    assertFalse(new BudgetSplit(2, 0, 1, 0).splits());
    assertTrue(new BudgetSplit(0, 1, 1, 0).splits());
  }
}
