package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.account.ZcdpConversion;

/**
 * What is left of a budget, in the terms of the accounting that admits: the zCDP ρ the budget still
 * allows, and how many more copies of a given query cost {@link Admission} would admit. Both depend
 * only on the ledger's totals, the budget and the per-query cost — never on data — so showing them
 * is free.
 *
 * <ul>
 *   <li>ρ budget: the largest ρ whose conversion (Canonne–Kamath–Steinke 2020, or Bun–Steinke when
 *       smaller) at δ' = B_δ − Σ extra δ is ≤ B_ε, found by bisection on the monotone conversion to
 *       a relative 1e-12; rounded <em>down</em>, so a displayed remainder is never more than the
 *       ledger admits. Undefined (NaN) when δ' ≤ 0: no zCDP conversion exists then.
 *   <li>queries left: the largest k ≥ 0 with {@code Admission.admits(total + k · cost)}, by
 *       doubling then bisection (admission is monotone in k: every component only grows); capped at
 *       {@link #CAP}. Exactly what k consecutive charges of {@code cost} would be admitted, absent
 *       other charges in between.
 * </ul>
 */
final class Headroom {
  /** The largest count reported; a cost too small to exhaust the budget in 1e9 queries shows so. */
  static final long CAP = 1_000_000_000L;

  private Headroom() {}

  /** Memo of {@link #rhoBudget}: a pure function of (B_ε, B_δ, Σ extra δ), asked per charge. */
  private static final java.util.Map<java.util.List<Double>, Double> RHO_BUDGETS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final int MAX_MEMO = 1024;

  /** The largest total ρ the zCDP route admits within {@code budget}, or NaN when δ' ≤ 0. */
  static double rhoBudget(Budget budget, double extraDelta) {
    java.util.List<Double> key = java.util.List.of(budget.epsilon(), budget.delta(), extraDelta);
    Double known = RHO_BUDGETS.get(key);
    if (known != null) {
      return known;
    }
    double rho = searchRhoBudget(budget, extraDelta);
    if (RHO_BUDGETS.size() >= MAX_MEMO) {
      RHO_BUDGETS.clear();
    }
    RHO_BUDGETS.put(key, rho);
    return rho;
  }

  private static double searchRhoBudget(Budget budget, double extraDelta) {
    double zcdpDelta = budget.delta() - extraDelta;
    if (!(zcdpDelta > 0)) {
      return Double.NaN;
    }
    double eps = budget.epsilon();
    if (ZcdpConversion.bestEpsilon(0, zcdpDelta) > eps) {
      return 0.0;
    }
    double lo = 0;
    double hi = Math.max(eps, Double.MIN_NORMAL);
    while (ZcdpConversion.bestEpsilon(hi, zcdpDelta) <= eps) {
      lo = hi;
      hi *= 2;
      if (Double.isInfinite(hi)) {
        return lo;
      }
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
      double mid = lo + (hi - lo) / 2;
      if (ZcdpConversion.bestEpsilon(mid, zcdpDelta) <= eps) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * How many more charges of {@code perQuery} the admission rule takes after {@code total} (capped
   * at {@link #CAP}); -1 when {@code perQuery} is null or not recordable.
   */
  static long queriesLeft(ExactCost total, Budget budget, PrivacyCost perQuery) {
    if (perQuery == null) {
      return -1;
    }
    ExactCost one;
    try {
      one = ExactCost.of(perQuery);
    } catch (IllegalArgumentException e) {
      return -1;
    }
    long lo = 0;
    long hi = 1;
    while (fits(total, one, hi, budget)) {
      lo = hi;
      if (hi >= CAP) {
        return CAP;
      }
      hi = Math.min(CAP, hi * 2);
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (fits(total, one, mid, budget)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static boolean fits(ExactCost total, ExactCost one, long k, Budget budget) {
    try {
      return Admission.admits(total.plus(one.times(k)), budget);
    } catch (IllegalArgumentException e) {
      return false; // past what the ledger can record
    }
  }
}
