package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.allocate.Allocation;

/**
 * How a query's ε is shared between its noisy coordinates and its quantiles (docs/mechanisms.md,
 * "Quantiles"): over "parts" in proportion to their count — the K noisy coordinates (λ &gt; 0)
 * count K, each quantile counts 1 — so with P = K + (number of quantiles) the noise vector gets
 * ε·K/P (and all of δ; quantiles use none), allocated exactly as without quantiles, and each
 * quantile ε/P. The costs add ({@link PrivacyCost#plus}): a quantile is pure ε_q-DP, so ρ = ε_q²/2.
 * Basic composition makes the whole release (ε, δ)-DP.
 *
 * @param coordinateParts K
 * @param quantileParts the number of quantiles
 * @param epsilon the query's ε
 * @param delta the query's δ
 */
public record BudgetSplit(int coordinateParts, int quantileParts, double epsilon, double delta) {

  /** The split for {@code plan} under the query's (ε, δ). */
  public static BudgetSplit of(PrivacyPlan plan, double epsilon, double delta) {
    int k = 0;
    for (double l : plan.sensitivities()) {
      k += l > 0 ? 1 : 0;
    }
    return new BudgetSplit(k, plan.quantiles().quantiles().size(), epsilon, delta);
  }

  /** P = K + quantiles. */
  public int parts() {
    return coordinateParts + quantileParts;
  }

  /** The plan has quantiles: the split applies. */
  public boolean splits() {
    return quantileParts > 0;
  }

  /** The noise vector's budget: (ε·K/P, δ); the query's own when there is no quantile. */
  public PrivacyParams vector() {
    return new PrivacyParams(epsilon * coordinateParts / parts(), delta);
  }

  /** ε_q = ε/P, each quantile's share. */
  public double quantileEpsilon() {
    return epsilon / parts();
  }

  /** What the quantiles cost together: Σ (ε_q, 0, ε_q²/2, 0). */
  public PrivacyCost quantileCost() {
    double e = quantileEpsilon();
    return new PrivacyCost(e * quantileParts, 0, quantileParts * e * e / 2, 0);
  }

  /** The allocation of a plan whose only releases are quantiles: no coordinate, nothing spent. */
  public static Allocation noCoordinates(dev.dpjdbc.mechanisms.Objective objective) {
    return noCoordinates(dev.dpjdbc.mechanisms.Mechanism.LAPLACE, objective);
  }

  /** The allocation of a plan with no noisy coordinate, labelled with {@code mechanism}. */
  public static Allocation noCoordinates(
      dev.dpjdbc.mechanisms.Mechanism mechanism, dev.dpjdbc.mechanisms.Objective objective) {
    return new Allocation(
        mechanism, objective, new double[0], new double[0], 0, 0, 0, Double.NaN, PrivacyCost.ZERO);
  }

  /** {@code a} charged with the quantiles' cost added. */
  public Allocation charged(Allocation a) {
    if (!splits()) {
      return a;
    }
    return a.withCost(a.cost().plus(quantileCost()));
  }
}
