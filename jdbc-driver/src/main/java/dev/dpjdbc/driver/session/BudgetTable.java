package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Types;
import java.util.List;

/** Result tables of {@code SHOW dp.budget} and {@code SHOW dp.<setting>}. */
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
            new Table.Column("accounting", Types.VARCHAR, "text", String.class.getName())),
        List.<Object[]>of(
            new Object[] {
              s.epsilonSpent(),
              s.deltaSpent(),
              s.epsilonRemaining(),
              s.deltaRemaining(),
              s.queries(),
              s.accounting()
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
