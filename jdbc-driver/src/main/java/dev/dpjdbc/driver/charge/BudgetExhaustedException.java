package dev.dpjdbc.driver.charge;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;

/**
 * A charge the analyst's budget cannot cover: SQLState {@code ZD100} ({@link
 * AnalyzerSqlState#BUDGET_EXHAUSTED}). Thrown by {@link Ledger#charge} after rolling back, so
 * nothing was recorded; the message says what the query needed and what remains.
 */
public final class BudgetExhaustedException extends SQLException {
  private static final long serialVersionUID = 1L;

  public BudgetExhaustedException(String message) {
    super(message, AnalyzerSqlState.BUDGET_EXHAUSTED.code());
  }
}
