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
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.sql.SQLException;

/**
 * Chooses the per-coordinate noise for a plan under the session's (ε, δ, mechanism, objective): λ =
 * the plan's per-group sensitivities, L0 = {@link PrivacyPlan#maxGroupsPerUnit}, and for the
 * RELATIVE objective the plan's data-independent relative weights. The same allocation is used for
 * every group (docs/mechanisms.md: {@code L0 Σ λ_j²/σ_j² ≤ μ0²}, {@code L0 Σ λ_j/b_j ≤ ε}).
 *
 * <p>Guarantee: an allocation it returns can be sampled — every coordinate with λ_i &gt; 0 has a
 * positive scale whose noise, as {@link SecureNoise} draws it (grid inflation included: {@link
 * SecureNoise#effectiveScale}), is at most {@link #MAX_SCALE}, and a Gaussian μ0 is finite and
 * positive — so noise drawn after the ledger's charge cannot fail or overflow. Settings that are
 * valid one by one but cannot be calibrated together (ε = 1e308 with the Gaussian, whose μ0 has no
 * bracket; ε = 1e-320 with δ = 0, whose Laplace scale λ/ε is infinite) are refused here, with
 * SQLState 22023 naming the settings, before anything is charged.
 */
public final class NoiseAllocation {
  /**
   * The largest noise scale released: a Laplace or Gaussian draw of this scale exceeds the largest
   * double only with probability below e^(−10^18), so noisy values stay finite.
   */
  public static final double MAX_SCALE = 1e290;

  private NoiseAllocation() {}

  /** Allocates; an impossible combination (e.g. Gaussian with δ = 0) is SQLState 22023. */
  public static Allocation allocate(
      PrivacyPlan plan, PrivacyParams params, Mechanism mechanism, Objective objective)
      throws SQLException {
    BudgetSplit split = BudgetSplit.of(plan, params.epsilon(), params.delta());
    if (split.splits() && split.coordinateParts() == 0) {
      return split.charged(BudgetSplit.noCoordinates(objective));
    }
    if (plan.sensitivities().length == 0) {
      // nothing noisy and nothing selected (SELECT DISTINCT k over a public domain): the answer
      // is the public domain, independent of the data, and costs nothing
      return BudgetSplit.noCoordinates(
          mechanism == Mechanism.AUTO ? Mechanism.LAPLACE : mechanism, objective);
    }
    if (split.splits()) {
      params = split.vector(); // the noise vector's share (BudgetSplit); the cost adds back below
    }
    Allocation a;
    try {
      double[] weights = objective == Objective.RELATIVE ? plan.relativeWeights() : null;
      a =
          Allocator.allocate(
              new AllocationRequest(
                  new SensitivityProfile(plan.sensitivities()),
                  weights,
                  plan.maxGroupsPerUnit(),
                  params,
                  mechanism,
                  objective));
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw refusal(params, mechanism, e.getMessage());
    }
    double[] lambda = plan.sensitivities();
    for (int i = 0; i < lambda.length; i++) {
      double scale =
          SecureNoise.effectiveScale(
              lambda[i], a.scale(i), a.mechanism(), plan.coordinates().get(i).integral());
      if (lambda[i] > 0 && !(scale > 0 && scale <= MAX_SCALE)) {
        throw refusal(
            params,
            mechanism,
            "the noise scale of "
                + plan.coordinates().get(i).description()
                + " would be "
                + scale
                + ", outside (0, "
                + MAX_SCALE
                + "]");
      }
    }
    if (a.mechanism() == Mechanism.GAUSSIAN && !(a.mu0() > 0 && Double.isFinite(a.mu0()))) {
      throw refusal(params, mechanism, "the Gaussian's mu0 would be " + a.mu0());
    }
    return split.charged(a);
  }

  private static SQLException refusal(PrivacyParams params, Mechanism mechanism, String why) {
    return new SQLException(
        "cannot calibrate noise for epsilon="
            + params.epsilon()
            + ", delta="
            + params.delta()
            + ", mechanism="
            + mechanism.name().toLowerCase(java.util.Locale.ROOT)
            + ": "
            + why
            + " (change it with SET dp.epsilon / dp.delta / dp.mechanism)",
        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
  }
}
