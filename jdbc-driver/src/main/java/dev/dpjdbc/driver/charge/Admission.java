package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.mechanisms.account.Accountant;
import dev.dpjdbc.mechanisms.account.Accounting;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.account.ZcdpConversion;
import java.math.BigDecimal;

/**
 * The admission rule of docs/ledger.md § Admission, applied to an analyst's running total <em>after
 * </em> adding the new query's cost: admitted when the better of the two accountings stays within
 * the budget (B_ε, B_δ):
 *
 * <ul>
 *   <li>basic composition: Σε ≤ B_ε and Σδ ≤ B_δ, compared <em>exactly</em> in decimals ({@link
 *       ExactCost}; the budget as the decimal its double prints as) — so ten charges of ε = 0.1
 *       exhaust a budget of 1 exactly at the tenth;
 *   <li>otherwise the mechanisms module's {@link Accountant#admits}: zCDP, Σρ converted with
 *       Canonne–Kamath–Steinke 2020 (or Bun–Steinke when smaller) at δ' = B_δ − Σ extraDelta, must
 *       be ≤ B_ε·(1 + {@link Accountant#EPSILON_SLACK}), plus its floating-point basic check with
 *       the same slack. The totals are handed over rounded <em>up</em> to doubles, so the
 *       accountant never sees less than was spent.
 * </ul>
 *
 * <p>Worst case, an admitted total exceeds B_ε by the accountant's relative slack 1e-12 (plus the
 * 1.1e-16 of {@link ExactCost}); δ is never exceeded beyond that representation error.
 *
 * <p>Reported spend ({@code SHOW dp.budget}): in the accounting that gives the smaller ε, {@link
 * Accountant#spent} on the totals rounded to nearest doubles: (Σε, Σδ) under basic composition, or
 * (ε(Σρ, δ'), Σ extra δ) under zCDP. Under zCDP the δ spent is only the failure probability outside
 * the zCDP part; the rest of the δ budget, δ' = B_δ − Σ extra δ, is what the ρ → ε conversion is
 * stated at and stays available to later queries (which add to ρ), so it is shown as remaining: the
 * releases so far are (ε(Σρ, δ'), B_δ)-DP. When basic composition gives the smaller ε but has no δ
 * left (Σδ ≥ B_δ &gt; Σ extra δ) and zCDP's ε is within B_ε, the zCDP pair is reported instead:
 * only zCDP can still admit a query with δ &gt; 0, and both pairs are valid guarantees. When no
 * accounting fits (a budget lowered below what was already spent) the basic pair is reported.
 */
final class Admission {

  private Admission() {}

  /** The (ε, δ) an analyst has spent under the better accounting, and which one that is. */
  record Spent(double epsilon, double delta, Accounting accounting) {}

  /** True when {@code total} (including the query being admitted) fits {@code budget}. */
  static boolean admits(ExactCost total, Budget budget) {
    return basicFitsExactly(total, budget)
        || Accountant.admits(total.toCostRoundedUp(), budget.epsilon(), budget.delta());
  }

  /** What {@code total} has spent, under the better accounting (see the class comment). */
  static Spent spent(ExactCost total, Budget budget) {
    PrivacyCost nearest =
        new PrivacyCost(
            total.epsilon().doubleValue(),
            total.delta().doubleValue(),
            total.rho().doubleValue(),
            total.extraDelta().doubleValue());
    dev.dpjdbc.mechanisms.account.Spent better = Accountant.spent(nearest, budget.delta());
    if (better.accounting() == Accounting.ZCDP && better.feasible()) {
      return new Spent(better.epsilon(), nearest.extraDelta(), Accounting.ZCDP);
    }
    double zcdpDelta = budget.delta() - nearest.extraDelta();
    if (total.delta().compareTo(BigDecimal.valueOf(budget.delta())) >= 0 && zcdpDelta > 0) {
      // basic composition has no δ left, so only zCDP can admit a query with δ > 0: show that
      // accounting (its ε is a valid guarantee too), not a δ remaining of 0
      double eps = ZcdpConversion.bestEpsilon(nearest.rho(), zcdpDelta);
      if (eps <= budget.epsilon()) {
        return new Spent(eps, nearest.extraDelta(), Accounting.ZCDP);
      }
    }
    return new Spent(nearest.epsilon(), nearest.delta(), Accounting.BASIC);
  }

  /** Basic composition, exactly: Σε ≤ B_ε and Σδ ≤ B_δ as decimals. */
  static boolean basicFitsExactly(ExactCost total, Budget budget) {
    return total.epsilon().compareTo(BigDecimal.valueOf(budget.epsilon())) <= 0
        && total.delta().compareTo(BigDecimal.valueOf(budget.delta())) <= 0;
  }
}
