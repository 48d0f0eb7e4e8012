package dev.dpjdbc.mechanisms.account;

/**
 * What one release costs, in every accounting the ledger keeps.
 *
 * @param epsilon basic-composition ε
 * @param delta basic-composition δ
 * @param rho zCDP ρ (Gaussian: μ0²/2; pure ε-DP: ε²/2)
 * @param extraDelta failure probability outside the zCDP part (partition-selection thresholds,
 *     (0,δ) mechanisms, Laplace's δ); adds to the δ the zCDP conversion must leave room for
 */
public record PrivacyCost(double epsilon, double delta, double rho, double extraDelta) {
  public static final PrivacyCost ZERO = new PrivacyCost(0, 0, 0, 0);

  public PrivacyCost {
    if (!(epsilon >= 0) || !(delta >= 0) || !(rho >= 0) || !(extraDelta >= 0)) {
      throw new IllegalArgumentException(
          "privacy cost components must be >= 0. Provided: "
              + epsilon
              + ", "
              + delta
              + ", "
              + rho
              + ", "
              + extraDelta);
    }
  }

  public PrivacyCost plus(PrivacyCost o) {
    return new PrivacyCost(
        epsilon + o.epsilon, delta + o.delta, rho + o.rho, extraDelta + o.extraDelta);
  }
}
