package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Types;
import java.util.List;

/**
 * Result tables of {@code SHOW dp.budget} and {@code SHOW dp.<setting>}. The budget's first six
 * columns keep their names and order (clients rely on them); {@code rho_spent, rho_remaining,
 * queries_left} follow, NULL where not defined (no zCDP conversion without δ; no per-query cost).
 */
final class BudgetTable {
  private BudgetTable() {}

  static Table of(Ledger.BudgetStatus s) {
    return new Table(
        List.of(
            number("epsilon_spent"),
            number("delta_spent"),
            number("epsilon_remaining"),
            number("delta_remaining"),
            new Table.Column("queries", Types.BIGINT, "int8", Long.class.getName()),
            new Table.Column("accounting", Types.VARCHAR, "text", String.class.getName()),
            number("rho_spent"),
            number("rho_remaining"),
            new Table.Column("queries_left", Types.BIGINT, "int8", Long.class.getName())),
        List.<Object[]>of(
            new Object[] {
              s.epsilonSpent(),
              s.deltaSpent(),
              s.epsilonRemaining(),
              s.deltaRemaining(),
              s.queries(),
              s.accounting(),
              s.rhoSpent(),
              Double.isNaN(s.rhoRemaining()) ? null : s.rhoRemaining(),
              s.queriesLeft() < 0 ? null : s.queriesLeft()
            }));
  }

  /** One text cell named after the setting, as PostgreSQL's SHOW answers. */
  static Table single(String label, String value) {
    return new Table(
        List.of(new Table.Column(label, Types.VARCHAR, "text", String.class.getName())),
        List.<Object[]>of(new Object[] {value}));
  }

  private static Table.Column number(String label) {
    return new Table.Column(label, Types.DOUBLE, "float8", Double.class.getName());
  }
}
