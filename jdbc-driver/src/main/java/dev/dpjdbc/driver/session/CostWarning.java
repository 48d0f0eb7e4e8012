package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.sql.SQLWarning;
import java.util.Locale;

/**
 * The warning every released result carries (SQLState 01000): the mechanism, what was charged, what
 * remains in the accounting that admits (ε and δ; ρ too under zCDP) and about how many more queries
 * like this one the budget admits. The proxy turns it into a NOTICE. Everything in it is computed
 * from the ledger's totals, the budget and the query's cost, never from data.
 */
final class CostWarning {
  private CostWarning() {}

  static final String SQL_STATE = "01000";

  static SQLWarning of(String analyst, Allocation a, Ledger.BudgetStatus after) {
    return new SQLWarning(text(analyst, a, after), SQL_STATE);
  }

  static String text(String analyst, Allocation a, Ledger.BudgetStatus after) {
    boolean zcdp = "zcdp".equals(after.accounting());
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "dpjdbc: released with %s noise (objective %s); charged epsilon=%s, delta=%s;"
                    + " remaining budget of %s: epsilon=%s, delta=%s",
                a.mechanism().name().toLowerCase(Locale.ROOT),
                a.objective().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                num(a.cost().epsilon()),
                num(a.cost().delta()),
                analyst,
                num(after.epsilonRemaining()),
                num(after.deltaRemaining())));
    if (zcdp && !Double.isNaN(after.rhoRemaining())) {
      text.append(", rho=").append(num(after.rhoRemaining()));
    }
    text.append(zcdp ? " (zCDP accounting)" : " (basic composition)");
    if (after.queriesLeft() >= 0) {
      text.append(after.queriesLeft() >= Ledger.QUERIES_LEFT_CAP ? "; at least " : "; about ")
          .append(after.queriesLeft())
          .append(" more queries like this one");
    }
    return text.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
