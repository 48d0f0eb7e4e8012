package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import dev.dpjdbc.mechanisms.select.GaussianThresholdRule;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionSelection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Partition selection draws Bernoulli(π(n)) per group: a group of one unit is released at the
 * rule's rate, a group of at least {@link OptimalPartitionRule#nCertain} units always, n is never
 * passed on.
 *
 * <p>False failures: {@link #groupOfOne_isReleasedAtTheRulesRate} counts releases X among N =
 * 200,000 independent groups with π = π(1) = 0.01 (ε = 1, δ = 0.01, L0 = 1). By Bernstein's
 * inequality, P(|X − Nπ| ≥ t) ≤ 2·exp(−t²/(2(Nπ(1−π) + t/3))); with Nπ(1−π) = 1980 and t = 250 that
 * is 2·exp(−14.87) ≤ 7e-7. The other tests are deterministic (π = 0 or 1 draws nothing).
 *
 * <p>The Gaussian threshold ({@link GaussianThresholdRule}: exact discrete Gaussian on a fine grid,
 * compared with τ plus one grid step), each test with false-failure probability ≤ 1e-6:
 *
 * <ul>
 *   <li>{@link #gaussian_groupOfOne_isReleasedAtTheThresholdsDelta}: ε = 1, δ = 0.2, L0 = 1, so a
 *       group of 1 is released with p = Q((τ′ − 1)/σ) ≈ δ/2 = 0.1 (τ′ = τ + ≤ 2 grid steps; the
 *       exact discrete rate is within 2^−36 relative of p). N = 200,000: Nπ(1−π) ≤ 18,000 and by
 *       Bernstein P(|X − Np| ≥ 750) ≤ 2·exp(−750²/(2(18,000 + 250))) = 2·exp(−15.4) ≤ 5e-7.
 *   <li>{@link #gaussian_atL0Ten_smallGroupsRarely_largeGroupsAtTheTailRate}: ε = 1, δ = 1e-6, L0 =
 *       10. A group of 1 (p ≤ 5.1e-8, 20,000 groups): P(X ≥ 2) ≤ (Np)²/2 ≤ 6e-7. A group of 100 (p
 *       = Q((τ′ − 100)/σ) ≈ 0.967, 20,000 groups): Nπ(1−π) ≤ 640, Bernstein with t = 150:
 *       2·exp(−150²/(2(640 + 50))) = 2·exp(−16.3) ≤ 2e-7. A group of 1000 is missed with
 *       probability Q((1000 − τ′)/σ) < 1e-300 each.
 * </ul>
 */
class PartitionSelectorTest {
  private static final RandomSource RANDOM = RandomSource.secure();

  private static RawResult groups(long n, int count) {
    List<RawResult.Group> gs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      gs.add(new RawResult.Group(new Object[] {"g" + i}, new double[] {7, n}));
    }
    return new RawResult(gs);
  }

  @Test
  void groupOfOne_isReleasedAtTheRulesRate() {
    OptimalPartitionRule rule = PartitionSelection.optimal(new PrivacyParams(1, 0.01), 1);
    assertEquals(0.01, rule.keepProbability(1), 1e-15);
    int n = 200_000;
    int kept = PartitionSelector.select(groups(1, n), 1, rule, RANDOM).groups().size();
    assertTrue(Math.abs(kept - n * 0.01) < 250, "kept " + kept + " of " + n + " at π = 0.01");
  }

  @Test
  void largeGroups_alwaysReleased_emptyNever_countDropped() {
    OptimalPartitionRule rule = PartitionSelection.optimal(new PrivacyParams(0.5, 5e-7), 1);
    RawResult kept = PartitionSelector.select(groups(rule.nCertain(), 1000), 1, rule, RANDOM);
    assertEquals(1000, kept.groups().size());
    for (RawResult.Group g : kept.groups()) {
      assertArrayEquals(new double[] {7}, g.values(), "n is not released");
    }
    assertEquals(0, PartitionSelector.select(groups(0, 1000), 1, rule, RANDOM).groups().size());
  }

  @Test
  void gaussian_groupOfOne_isReleasedAtTheThresholdsDelta() {
    GaussianThresholdRule rule = PartitionSelection.gaussianRule(new PrivacyParams(1, 0.2), 1);
    double p = rule.keepProbability(1);
    assertEquals(0.1, p, 1e-9, "Q((τ′ − 1)/σ) is the threshold's per-group δ");
    int n = 200_000;
    int kept = PartitionSelector.select(groups(1, n), 1, rule, RANDOM).groups().size();
    assertTrue(Math.abs(kept - n * p) < 750, "kept " + kept + " of " + n + " at p = " + p);
  }

  @Test
  void gaussian_atL0Ten_smallGroupsRarely_largeGroupsAtTheTailRate() {
    GaussianThresholdRule rule = PartitionSelection.gaussianRule(new PrivacyParams(1, 1e-6), 10);
    assertTrue(rule.keepProbability(1) <= 5.1e-8, "p(1) = " + rule.keepProbability(1));
    int n = 20_000;
    int small = PartitionSelector.select(groups(1, n), 1, rule, RANDOM).groups().size();
    assertTrue(small <= 1, "a group of 1 kept " + small + " times of " + n);

    double p100 = NormalTail.q((rule.effectiveTau() - 100) / rule.threshold().scale());
    assertEquals(0.967, p100, 0.001, "the utility table's n = 100 at L0 = 10");
    RawResult kept100 = PartitionSelector.select(groups(100, n), 1, rule, RANDOM);
    int big = kept100.groups().size();
    assertTrue(Math.abs(big - n * p100) < 150, "kept " + big + " of " + n + " at p = " + p100);
    for (RawResult.Group g : kept100.groups()) {
      assertArrayEquals(new double[] {7}, g.values(), "n is not released");
    }
    assertEquals(
        1000, PartitionSelector.select(groups(1000, 1000), 1, rule, RANDOM).groups().size());
  }
}
