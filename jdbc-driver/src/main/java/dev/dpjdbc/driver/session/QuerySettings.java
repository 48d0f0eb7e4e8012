package dev.dpjdbc.driver.session;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
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
}
