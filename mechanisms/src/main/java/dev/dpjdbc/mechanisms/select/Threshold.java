package dev.dpjdbc.mechanisms.select;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.account.PrivacyCost;

/**
 * A noisy-threshold partition-selection rule: add noise of {@code scale} (b for Laplace, σ for
 * Gaussian) to the group's COUNT(DISTINCT unit) and release the group only if the noisy count is ≥
 * {@code tau}.
 *
 * @param mechanism LAPLACE or GAUSSIAN
 * @param scale b or σ of the noise on the distinct-unit count (sensitivity 1 per group, L0 groups)
 * @param tau the release threshold
 * @param cost what the selection costs: ε, δ, ρ of the noise and the threshold's failure δ
 */
public record Threshold(Mechanism mechanism, double scale, double tau, PrivacyCost cost) {
  public Threshold {
    if (mechanism != Mechanism.LAPLACE && mechanism != Mechanism.GAUSSIAN) {
      throw new IllegalArgumentException(
          "threshold mechanism must be LAPLACE or GAUSSIAN. Provided value: " + mechanism);
    }
    if (!(scale > 0) || !Double.isFinite(tau) || cost == null) {
      throw new IllegalArgumentException(
          "threshold needs scale > 0, finite tau and a cost. Provided: " + scale + ", " + tau);
    }
  }

  /** True when a group whose noisy distinct-unit count is {@code noisyCount} may be released. */
  public boolean keeps(double noisyCount) {
    return noisyCount >= tau;
  }
}
