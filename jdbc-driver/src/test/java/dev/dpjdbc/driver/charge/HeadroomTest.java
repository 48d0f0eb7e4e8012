package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.account.ZcdpConversion;
import org.junit.jupiter.api.Test;

/** The ρ budget inverts the admission's conversion; "queries left" is the admission's own count. */
class HeadroomTest {

  @Test
  void rhoBudget_invertsTheConversion() {
    // CKS20: ρ = 0.035926 at δ = 1e-5 converts to ε = 1.09216 (AdmissionTest's reference)
    double rho = Headroom.rhoBudget(new Budget(1.09216, 1e-5), 0);
    assertEquals(0.035926, rho, 1e-5);
    assertTrue(ZcdpConversion.bestEpsilon(rho, 1e-5) <= 1.09216, "never more than admitted");
    // extra δ leaves δ' = 5e-6 for the conversion: a smaller ρ fits the same ε
    assertTrue(Headroom.rhoBudget(new Budget(1.09216, 1e-5), 5e-6) < rho);
    assertTrue(Double.isNaN(Headroom.rhoBudget(new Budget(1, 1e-6), 1e-6)), "δ' = 0");
    assertTrue(Double.isNaN(Headroom.rhoBudget(new Budget(1, 0), 0)), "pure ε-DP budget");
  }

  @Test
  void queriesLeft_matchesAdmission_andIsCapped() {
    Budget budget = new Budget(1.0, 0);
    PrivacyCost tenth = new PrivacyCost(0.1, 0, 0.005, 0);
    assertEquals(10, Headroom.queriesLeft(ExactCost.ZERO, budget, tenth));
    assertEquals(3, Headroom.queriesLeft(ExactCost.of(tenth).times(7), budget, tenth));
    assertEquals(0, Headroom.queriesLeft(ExactCost.of(tenth).times(10), budget, tenth));
    PrivacyCost tiny = new PrivacyCost(1e-12, 0, 5e-25, 0);
    assertEquals(Headroom.CAP, Headroom.queriesLeft(ExactCost.ZERO, budget, tiny));
    assertEquals(0, Headroom.queriesLeft(ExactCost.ZERO, budget, new PrivacyCost(2, 0, 2, 0)));
    assertEquals(-1, Headroom.queriesLeft(ExactCost.ZERO, budget, null));
  }
}
