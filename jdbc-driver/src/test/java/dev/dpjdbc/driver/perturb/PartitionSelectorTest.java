package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.sample.RandomSource;
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
}
