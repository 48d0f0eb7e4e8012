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
 * A session's per-query privacy settings: the budget one query spends, how its noise is chosen, and
 * whether released noisy columns are followed by their confidence intervals ({@code dp.intervals},
 * at {@code dp.confidence}; they cost nothing). Starts from the policy's {@code query:} defaults
 * (intervals off, confidence 0.95); {@code SET dp.*} replaces it with a new value.
 */
public record QuerySettings(
    double epsilon,
    double delta,
    Mechanism mechanism,
    Objective objective,
    boolean intervals,
    double confidence) {

  /** The default confidence of intervals. */
  public static final double DEFAULT_CONFIDENCE = 0.95;

  /** Settings with intervals off at the default confidence. */
  public QuerySettings(double epsilon, double delta, Mechanism mechanism, Objective objective) {
    this(epsilon, delta, mechanism, objective, false, DEFAULT_CONFIDENCE);
  }

  /** The policy's defaults. */
  public static QuerySettings from(Policy.QueryDefaults q) {
    return new QuerySettings(q.epsilon(), q.delta(), q.mechanism(), q.objective());
  }

  QuerySettings withEpsilon(double e) {
    return new QuerySettings(e, delta, mechanism, objective, intervals, confidence);
  }

  QuerySettings withDelta(double d) {
    return new QuerySettings(epsilon, d, mechanism, objective, intervals, confidence);
  }

  QuerySettings withMechanism(Mechanism m) {
    return new QuerySettings(epsilon, delta, m, objective, intervals, confidence);
  }

  QuerySettings withObjective(Objective o) {
    return new QuerySettings(epsilon, delta, mechanism, o, intervals, confidence);
  }

  QuerySettings withIntervals(boolean on) {
    return new QuerySettings(epsilon, delta, mechanism, objective, on, confidence);
  }

  QuerySettings withConfidence(double c) {
    return new QuerySettings(epsilon, delta, mechanism, objective, intervals, c);
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
