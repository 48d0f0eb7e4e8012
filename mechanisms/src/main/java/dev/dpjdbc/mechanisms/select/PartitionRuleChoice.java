package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.PrivacyParams;

/**
 * The partition-selection rule for one query, chosen from the selection's (ε, δ) and L0 alone —
 * never from the data, so the choice itself releases nothing: the {@link OptimalPartitionRule} at
 * (ε/L0, δ/L0) per group and the {@link GaussianThresholdRule} are both calibrated to (ε, δ), and
 * the one with the smaller n½ (the group size released half the time) is used; a tie keeps the
 * optimal rule. At L0 = 1 the optimal rule always wins (docs/partition-selection.md); at large L0
 * the Gaussian threshold does, because its ℓ2 sensitivity grows as √L0 while the optimal rule's
 * per-group ε falls as 1/L0. Either rule costs exactly (ε, δ) in basic composition.
 *
 * @param rule the chosen rule
 * @param optimalNHalf n½ of the optimal rule, or -1 when it cannot be calibrated at these
 *     parameters
 * @param gaussianNHalf n½ of the Gaussian threshold, or -1 when it cannot be calibrated
 */
public record PartitionRuleChoice(PartitionRule rule, int optimalNHalf, int gaussianNHalf) {

  /**
   * Chooses the rule for a selection at {@code p} (δ > 0) where one unit touches at most {@code l0}
   * groups.
   *
   * @throws IllegalArgumentException when neither rule can be calibrated (the optimal rule's
   *     message)
   */
  public static PartitionRuleChoice choose(PrivacyParams p, int l0) {
    OptimalPartitionRule optimal = null;
    IllegalArgumentException optimalFailure = null;
    try {
      optimal = PartitionSelection.optimal(p, l0);
    } catch (IllegalArgumentException e) {
      optimalFailure = e;
    }
    GaussianThresholdRule gaussian = null;
    try {
      gaussian = PartitionSelection.gaussianRule(p, l0);
    } catch (IllegalArgumentException e) {
      if (optimal == null) {
        throw optimalFailure;
      }
    }
    if (optimal == null) {
      return new PartitionRuleChoice(gaussian, -1, gaussian.nHalf());
    }
    if (gaussian == null) {
      return new PartitionRuleChoice(optimal, optimal.nHalf(), -1);
    }
    PartitionRule chosen = gaussian.nHalf() < optimal.nHalf() ? gaussian : optimal;
    return new PartitionRuleChoice(chosen, optimal.nHalf(), gaussian.nHalf());
  }
}
