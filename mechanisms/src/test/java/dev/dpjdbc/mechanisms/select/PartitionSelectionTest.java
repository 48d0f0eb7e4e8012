package dev.dpjdbc.mechanisms.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The partition-selection table at ε = 1, δ = 1e-5 of docs/mechanisms.md § Reference values. */
class PartitionSelectionTest {
  private static final PrivacyParams P = new PrivacyParams(1, 1e-5);

  @ParameterizedTest(name = "L0={0}")
  @CsvSource({
    "1, 12, 23, 11.82, 18.16, 3.88",
    "3, 33, 66, 36.76, 32.28, 6.73",
    "10, 109, 218, 132.2, 61.08, 12.28"
  })
  void partitionTable_row_matches(
      int l0, int nHalf, int nFull, double laplaceTau, double gaussTau, double gaussSigma) {
    OptimalPartitionRule opt = PartitionSelection.optimal(P, l0);
    assertEquals(nHalf, opt.nHalf());
    assertEquals(nFull, opt.nCertain());
    Threshold lap = PartitionSelection.laplace(P, l0);
    assertEquals(laplaceTau, lap.tau(), laplaceTau > 100 ? 0.05 : 0.005);
    Threshold g = PartitionSelection.gaussian(P, l0);
    assertEquals(gaussTau, g.tau(), 0.005);
    assertEquals(gaussSigma, g.scale(), 0.005);
  }

  /** A group with a single unit clears the Laplace threshold with probability exactly δ′. */
  @ParameterizedTest
  @CsvSource({"1", "3", "10"})
  void laplace_singleUnitLeakProbability_isPerGroupDelta(int l0) {
    Threshold t = PartitionSelection.laplace(P, l0);
    double leak = 0.5 * Math.exp(-(t.tau() - 1) / t.scale());
    double perGroup = 1 - Math.pow(1 - 1e-5, 1.0 / l0);
    assertEquals(perGroup, leak, 1e-9 * perGroup);
    assertEquals(1e-5, 1 - Math.pow(1 - leak, l0), 1e-12);
  }

  @ParameterizedTest
  @CsvSource({"1", "3", "10"})
  void gaussian_singleUnitLeakProbability_isHalfDeltaOverGroups(int l0) {
    Threshold t = PartitionSelection.gaussian(P, l0);
    double leak = NormalTail.q((t.tau() - 1) / t.scale());
    assertEquals(1 - Math.pow(1 - 5e-6, 1.0 / l0), leak, 1e-9 * leak);
  }

  /** π satisfies both DP inequalities between neighbours n−1, n, and is 0 at n = 0. */
  @ParameterizedTest
  @CsvSource({"1, 1e-5", "0.1, 1e-8", "3, 1e-3"})
  void optimal_keepProbability_isDpAndMonotone(double eps, double delta) {
    OptimalPartitionRule r = PartitionSelection.optimal(new PrivacyParams(eps, delta), 1);
    assertEquals(0.0, r.keepProbability(0));
    for (int n = 1; n <= r.nCertain() + 2; n++) {
      double p = r.keepProbability(n);
      double q = r.keepProbability(n - 1);
      assertTrue(p >= q);
      assertTrue(p <= Math.exp(eps) * q + delta + 1e-15);
      assertTrue(1 - q <= Math.exp(eps) * (1 - p) + delta + 1e-15);
    }
    assertEquals(1.0, r.keepProbability(r.nCertain()));
  }

  @Test
  void selection_badArguments_throw() {
    assertThrows(
        IllegalArgumentException.class, () -> PartitionSelection.laplace(PrivacyParams.pure(1), 1));
    assertThrows(IllegalArgumentException.class, () -> PartitionSelection.gaussian(P, 0));
  }
}
