package dev.dpjdbc.mechanisms.account;

/**
 * Turns the running total of an analyst's {@link PrivacyCost}s into one (ε, δ) guarantee and
 * decides admission. Two accountings are tracked and the better one is used (docs/mechanisms.md §
 * Accounting):
 *
 * <ul>
 *   <li><b>BASIC</b>: (Σε, Σδ), usable when Σδ ≤ the δ budget. {@code total.delta()} must already
 *       include every failure probability (thresholds, (0,δ) mechanisms).
 *   <li><b>ZCDP</b>: Σρ-zCDP plus the extra failure probability Σδ_extra; at the δ budget D the
 *       release is (ε, D)-DP with ε = conversion of Σρ at δ = D − Σδ_extra (CKS20, or Bun–Steinke
 *       if smaller), usable when D − Σδ_extra &gt; 0. Assumes every cost's ε-part is covered by its
 *       ρ (Gaussian μ0²/2, pure ε-DP ε²/2).
 * </ul>
 *
 * The smaller ε wins; ties go to BASIC. Stateless and thread-safe.
 */
public final class Accountant {
  /**
   * Relative slack on the ε comparison in {@link #admits}, only so that floating-point summation
   * (0.1 + 0.2 + 0.7 = 1.0000000000000002) does not refuse a query that fits exactly.
   */
  public static final double EPSILON_SLACK = 1e-12;

  private Accountant() {}

  /**
   * The better of basic and zCDP accounting for {@code total} within δ budget {@code budgetDelta}.
   */
  public static Spent spent(PrivacyCost total, double budgetDelta) {
    if (total == null) {
      throw new IllegalArgumentException("total cost is required");
    }
    if (!(budgetDelta >= 0 && budgetDelta < 1)) {
      throw new IllegalArgumentException(
          "budget delta must be >= 0 and < 1. Provided value: " + budgetDelta);
    }
    Spent basic =
        total.delta() <= budgetDelta
            ? new Spent(Accounting.BASIC, total.epsilon(), total.delta())
            : new Spent(Accounting.BASIC, Double.POSITIVE_INFINITY, total.delta());
    double zcdpDelta = budgetDelta - total.extraDelta();
    if (zcdpDelta > 0) {
      double eps = ZcdpConversion.bestEpsilon(total.rho(), zcdpDelta);
      if (eps < basic.epsilon()) {
        return new Spent(Accounting.ZCDP, eps, budgetDelta);
      }
    }
    return basic;
  }

  /** True when {@code total} (already including the query in question) fits the budget. */
  public static boolean admits(PrivacyCost total, double budgetEpsilon, double budgetDelta) {
    if (!(budgetEpsilon >= 0)) {
      throw new IllegalArgumentException(
          "budget epsilon must be >= 0. Provided value: " + budgetEpsilon);
    }
    Spent s = spent(total, budgetDelta);
    return s.feasible()
        && s.epsilon() <= budgetEpsilon * (1 + EPSILON_SLACK)
        && s.delta() <= budgetDelta;
  }
}
