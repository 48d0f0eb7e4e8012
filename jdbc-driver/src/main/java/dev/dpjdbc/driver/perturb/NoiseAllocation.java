package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import java.sql.SQLException;

/**
 * Chooses the per-coordinate noise for a plan under the session's (ε, δ, mechanism, objective): λ =
 * the plan's per-group sensitivities, L0 = {@link PrivacyPlan#maxGroupsPerUnit}, and for the
 * RELATIVE objective the plan's data-independent relative weights. The same allocation is used for
 * every group (docs/mechanisms.md: {@code L0 Σ λ_j²/σ_j² ≤ μ0²}, {@code L0 Σ λ_j/b_j ≤ ε}).
 */
public final class NoiseAllocation {
  private NoiseAllocation() {}

  /** Allocates; an impossible combination (e.g. Gaussian with δ = 0) is SQLState 22023. */
  public static Allocation allocate(
      PrivacyPlan plan, PrivacyParams params, Mechanism mechanism, Objective objective)
      throws SQLException {
    try {
      double[] weights = objective == Objective.RELATIVE ? plan.relativeWeights() : null;
      return Allocator.allocate(
          new AllocationRequest(
              new SensitivityProfile(plan.sensitivities()),
              weights,
              plan.maxGroupsPerUnit(),
              params,
              mechanism,
              objective));
    } catch (IllegalArgumentException e) {
      throw new SQLException(
          "cannot allocate noise for epsilon="
              + params.epsilon()
              + ", delta="
              + params.delta()
              + ", mechanism="
              + mechanism.name().toLowerCase(java.util.Locale.ROOT)
              + ": "
              + e.getMessage()
              + " (change it with SET dp.epsilon / dp.delta / dp.mechanism)",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
  }
}
