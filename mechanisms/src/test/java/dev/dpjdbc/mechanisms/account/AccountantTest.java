package dev.dpjdbc.mechanisms.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AccountantTest {

  @Test
  void spent_singlePureQuery_usesBasic() {
    Spent s = Accountant.spent(new PrivacyCost(1, 0, 0.5, 0), 1e-6);
    assertEquals(Accounting.BASIC, s.accounting());
    assertEquals(1.0, s.epsilon());
    assertEquals(0.0, s.delta());
  }

  /** 100 Gaussian queries at (0.1, 1e-8): zCDP is far better than Σε = 10. */
  @Test
  void spent_manyGaussianQueries_zcdpWins() {
    double mu0 = AnalyticGaussian.mu0(0.1, 1e-8);
    PrivacyCost one = new PrivacyCost(0.1, 1e-8, mu0 * mu0 / 2, 0);
    PrivacyCost total = PrivacyCost.ZERO;
    for (int i = 0; i < 100; i++) {
      total = total.plus(one);
    }
    Spent s = Accountant.spent(total, 1e-5);
    assertEquals(Accounting.ZCDP, s.accounting());
    assertEquals(1e-5, s.delta());
    assertTrue(s.epsilon() < 10 * 0.5, "zCDP eps " + s.epsilon());
    assertEquals(ZcdpConversion.cksEpsilon(total.rho(), 1e-5), s.epsilon(), 1e-12);
  }

  @Test
  void spent_extraDeltaLeavesLessForConversion() {
    PrivacyCost total = new PrivacyCost(50, 5e-7, 0.5, 4e-7);
    Spent s = Accountant.spent(total, 1e-6);
    assertEquals(Accounting.ZCDP, s.accounting());
    assertEquals(ZcdpConversion.cksEpsilon(0.5, 6e-7), s.epsilon(), 1e-12);
  }

  @Test
  void spent_deltaOverBudgetAndNoRoom_isInfeasible() {
    Spent s = Accountant.spent(new PrivacyCost(1, 2e-6, 0.5, 1e-6), 1e-6);
    assertFalse(s.feasible());
    assertFalse(Accountant.admits(new PrivacyCost(1, 2e-6, 0.5, 1e-6), 100, 1e-6));
  }

  @ParameterizedTest
  @CsvSource({
    "1.0, 0, 0.5, 0, 1.0, 1e-6, true",
    "1.0000000000000002, 0, 0.5, 0, 1.0, 1e-6, true",
    "1.01, 0, 0.51, 0, 1.0, 0, false",
    "0.5, 1e-7, 0.1, 0, 1.0, 1e-6, true",
    "0.5, 2e-6, 0.01, 0, 1.0, 1e-6, true",
    "0.5, 2e-6, 0.5, 0, 1.0, 1e-6, false"
  })
  void admits_table(
      double eps,
      double delta,
      double rho,
      double extra,
      double budgetEps,
      double budgetDelta,
      boolean expected) {
    assertEquals(
        expected,
        Accountant.admits(new PrivacyCost(eps, delta, rho, extra), budgetEps, budgetDelta));
  }

  @ParameterizedTest
  @CsvSource({"1e-6, 1e-5", "0.01, 1e-9", "1, 1e-6", "100, 1e-3", "1e-12, 1e-12"})
  void cks_neverAboveBunSteinke_andAttainsGridMinimum(double rho, double delta) {
    double cks = ZcdpConversion.cksEpsilon(rho, delta);
    assertTrue(cks <= ZcdpConversion.bunSteinkeEpsilon(rho, delta));
    // brute force over a fine α grid: the minimiser cannot be beaten by more than 1e-9
    double brute = Double.POSITIVE_INFINITY;
    for (double t = -12; t <= 40; t += 0.001) {
      brute = Math.min(brute, ZcdpConversion.cksObjective(t, rho, Math.log(delta)));
    }
    assertTrue(cks <= Math.max(0, brute) + 1e-9 * Math.max(1, brute), cks + " vs " + brute);
  }

  @Test
  void conversion_badArguments_throw() {
    assertThrows(IllegalArgumentException.class, () -> ZcdpConversion.cksEpsilon(-1, 1e-6));
    assertThrows(IllegalArgumentException.class, () -> ZcdpConversion.cksEpsilon(1, 0));
    assertThrows(IllegalArgumentException.class, () -> Accountant.spent(PrivacyCost.ZERO, 1));
  }
}
