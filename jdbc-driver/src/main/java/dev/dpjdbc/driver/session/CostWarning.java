package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.sql.SQLWarning;
import java.util.Locale;

/**
 * The warning every released result carries (SQLState 01000): the mechanism, what was charged and
 * what remains. The proxy turns it into a NOTICE.
 */
final class CostWarning {
  private CostWarning() {}

  static final String SQL_STATE = "01000";

  static SQLWarning of(String analyst, Allocation a, Ledger.BudgetStatus after) {
    String text =
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
            num(after.deltaRemaining()));
    return new SQLWarning(text, SQL_STATE);
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
