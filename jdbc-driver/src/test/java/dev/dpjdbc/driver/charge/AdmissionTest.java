package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The admission rule on running totals, against docs/mechanisms.md's reference: CKS20 converts ρ =
 * 0.035926 at δ = 1e-5 to ε = 1.092, ρ = 0.000529 to 0.111, ρ = 0.340542 at 1e-9 to 5.247 (scipy:
 * 1.09216, 0.11147, 5.24664; at δ' = 5e-6 ρ = 0.035926 gives 1.13587).
 */
class AdmissionTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        // Σε, Σδ, Σρ, Σ extra δ, budget ε, budget δ, admitted, why
        Arguments.of("5", "0", 0.035926, 0.0, 1.1, 1e-5, true, "zCDP: CKS 1.0922 <= 1.1"),
        Arguments.of("5", "0", 0.035926, 0.0, 1.09, 1e-5, false, "zCDP: CKS 1.0922 > 1.09"),
        Arguments.of("5", "0", 0.035926, 5e-6, 1.1, 1e-5, false, "extra δ leaves 5e-6: 1.1359"),
        Arguments.of("5", "0", 0.035926, 5e-6, 1.14, 1e-5, true, "extra δ leaves 5e-6: 1.1359"),
        Arguments.of(
            "5", "0", 0.035926, 1e-5, 4.0, 1e-5, false, "extra δ leaves no room, basic 5 > 4"),
        Arguments.of("1", "1e-5", 0.000529, 0.0, 0.112, 1e-5, true, "zCDP: CKS 0.11147"),
        Arguments.of("1", "1e-5", 0.000529, 0.0, 0.111, 1e-5, false, "zCDP: CKS 0.11147"),
        Arguments.of("9", "0", 0.340542, 0.0, 5.25, 1e-9, true, "zCDP: CKS 5.24664"),
        Arguments.of("9", "0", 0.340542, 0.0, 5.24, 1e-9, false, "zCDP: CKS 5.24664"),
        Arguments.of("1", "0", 0.5, 0.0, 1.0, 0.0, true, "basic, exactly at the limit"),
        Arguments.of("1.000000001", "0", 0.5, 0.0, 1.0, 0.0, false, "basic, 1e-9 over"),
        Arguments.of("0.3", "3e-7", 0.045, 0.0, 0.3, 3e-7, true, "basic, 0.1+0.2 exactly"),
        Arguments.of("0.3", "3.0000000001e-7", 0.045, 0.0, 0.3, 3e-7, false, "basic, δ over"),
        Arguments.of("0", "0", 0.0, 0.0, 0.0, 0.0, true, "nothing spent fits a zero budget"));
  }

  @ParameterizedTest(name = "{7}")
  @MethodSource("cases")
  void admits_total_followsTheBetterAccounting(
      String epsilon,
      String delta,
      double rho,
      double extraDelta,
      double budgetEpsilon,
      double budgetDelta,
      boolean admitted,
      String why) {
    ExactCost total =
        new ExactCost(
            new BigDecimal(epsilon),
            new BigDecimal(delta),
            BigDecimal.valueOf(rho),
            BigDecimal.valueOf(extraDelta));
    assertEquals(admitted, Admission.admits(total, new Budget(budgetEpsilon, budgetDelta)), why);
  }

  static Stream<Arguments> spends() {
    return Stream.of(
        // Σε, Σδ, Σρ, budget ε, budget δ, spent ε, spent δ
        Arguments.of(0.3, 2e-7, 0.045, 5.0, 1e-6, 0.3, 2e-7), // basic smaller
        // zCDP smaller: ε converted at the whole δ, which is not spent (no extra δ)
        Arguments.of(5.0, 0.0, 0.035926, 10.0, 1e-5, 1.09216, 0.0),
        Arguments.of(0.0, 0.0, 0.0, 1.0, 1e-6, 0.0, 0.0));
  }

  @ParameterizedTest(name = "Σε={0} Σδ={1} Σρ={2} -> ({5}, {6})")
  @MethodSource("spends")
  void spent_reportsTheBetterPair(
      double epsilon,
      double delta,
      double rho,
      double budgetEpsilon,
      double budgetDelta,
      double spentEpsilon,
      double spentDelta) {
    ExactCost total = ExactCost.of(new PrivacyCost(epsilon, delta, rho, 0));
    Admission.Spent spent = Admission.spent(total, new Budget(budgetEpsilon, budgetDelta));
    assertEquals(spentEpsilon, spent.epsilon(), 1e-5);
    assertEquals(spentDelta, spent.delta(), 0.0);
  }
}
