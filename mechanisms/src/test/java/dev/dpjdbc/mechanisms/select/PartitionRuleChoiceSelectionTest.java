package dev.dpjdbc.mechanisms.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The per-query choice between the optimal rule and the Gaussian threshold (smaller n½ wins, ties
 * keep the optimal rule), and the Gaussian rule's exact decision constants. Deterministic.
 */
class PartitionRuleChoiceSelectionTest {
  private static final PrivacyParams P = new PrivacyParams(1, 1e-6);

  @ParameterizedTest(name = "L0={0}")
  @CsvSource({
    "1, 14, 23, optimal rule",
    "3, 40, 40, optimal rule",
    "10, 132, 75, Gaussian threshold"
  })
  void choice_atEpsilon1Delta1e6_matchesTheUtilityTable(
      int l0, int optimalHalf, int gaussianHalf, String chosen) {
    PartitionRuleChoice c = PartitionRuleChoice.choose(P, l0);
    assertEquals(optimalHalf, c.optimalNHalf());
    assertEquals(gaussianHalf, c.gaussianNHalf());
    assertEquals(chosen, c.rule().name());
    assertEquals(Math.min(optimalHalf, gaussianHalf), c.rule().nHalf());
  }

  @ParameterizedTest
  @CsvSource({"1", "10"})
  void choice_isOptimalAtL0One_gaussianAtL0Ten(int l0) {
    PartitionRule r = PartitionRuleChoice.choose(P, l0).rule();
    if (l0 == 1) {
      assertInstanceOf(OptimalPartitionRule.class, r);
    } else {
      assertInstanceOf(GaussianThresholdRule.class, r);
    }
  }

  /** Both rules cost exactly the selection's (ε, δ); the Gaussian's ρ is its noise's μ0²/2. */
  @ParameterizedTest
  @CsvSource({"1", "3", "10"})
  void bothRules_costTheSelectionsEpsilonAndDelta(int l0) {
    PrivacyCost g = PartitionSelection.gaussianRule(P, l0).cost();
    PrivacyCost o = PartitionSelection.optimal(P, l0).cost();
    for (PrivacyCost c : new PrivacyCost[] {g, o}) {
      assertEquals(1.0, c.epsilon());
      assertEquals(1e-6, c.delta());
    }
    assertEquals(5e-7, g.extraDelta(), "the threshold's half of δ is outside the zCDP part");
    double mu0 = Math.sqrt(l0) / PartitionSelection.gaussian(P, l0).scale();
    assertEquals(mu0 * mu0 / 2, g.rho(), 1e-12);
  }

  /**
   * The exact decision compares with τ plus one to two grid steps (g ≤ σ·2^−39): n½ = ⌈τ⌉, and the
   * continuous release probability at n = 1 is at most the per-group δ the threshold was built on.
   */
  @ParameterizedTest
  @CsvSource({"1, 1e-6", "10, 1e-6", "3, 1e-3", "1, 0.2", "50, 1e-9"})
  void gaussianRule_thresholdIsTauPlusAGridStep(int l0, double delta) {
    PrivacyParams p = new PrivacyParams(1, delta);
    GaussianThresholdRule r = PartitionSelection.gaussianRule(p, l0);
    Threshold t = r.threshold();
    double step = Math.scalb(t.scale(), -38); // τ′ < τ + 2g, g ≤ σ·2^−39
    assertTrue(
        r.effectiveTau() > t.tau() && r.effectiveTau() <= t.tau() + step,
        r.effectiveTau() + " vs " + t.tau());
    assertEquals((int) Math.ceil(t.tau()), r.nHalf());
    double perGroup = 1 - Math.pow(1 - delta / 2, 1.0 / l0);
    assertTrue(r.keepProbability(1) <= perGroup * (1 + 1e-9), r.keepProbability(1) + "");
    assertTrue(r.keepProbability(r.nHalf()) >= 0.5 && r.keepProbability(r.nHalf() - 1) < 0.5);
    int n99 = r.sizeReleasedWith(0.99);
    assertTrue(r.keepProbability(n99) >= 0.99 && r.keepProbability(n99 - 1) < 0.99);
  }
}
