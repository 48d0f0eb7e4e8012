package dev.dpjdbc.driver.session;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.policy.Policy;

/**
 * A session's per-query privacy settings: the budget one query spends and how its noise is chosen.
 * Starts from the policy's {@code query:} defaults; {@code SET dp.*} replaces it with a new value.
 */
public record QuerySettings(
    double epsilon, double delta, Mechanism mechanism, Objective objective) {

  /** The policy's defaults. */
  public static QuerySettings from(Policy.QueryDefaults q) {
    return new QuerySettings(q.epsilon(), q.delta(), q.mechanism(), q.objective());
  }

  public PrivacyParams params() {
    return new PrivacyParams(epsilon, delta);
  }

  /**
   * What one query without partition selection costs at these settings (the mechanism AUTO would
   * pick for a single count), or null when such a query could not run (Gaussian with δ = 0,
   * settings whose noise cannot be calibrated). Data-independent: {@code SHOW dp.budget}'s "queries
   * left" counts copies of it.
   */
  public PrivacyCost oneQueryCost() {
    try {
      return Allocator.allocate(
              new AllocationRequest(
                  SensitivityProfile.of(1.0),
                  new double[] {1.0},
                  1,
                  params(),
                  mechanism,
                  objective))
          .cost();
    } catch (IllegalArgumentException | ArithmeticException e) {
      return null; // settings that cannot be calibrated (ε = 1e308 with the Gaussian): no count
    }
  }
}
