package dev.dpjdbc.driver.charge;

import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.sql.SQLException;

/**
 * The durable per-analyst privacy ledger. Charges happen before any noisy value is drawn or
 * released, in one transaction that locks the analyst's row; charges are never refunded.
 *
 * <p>Admission: a query is admitted when, after adding its cost, the better of basic (ε,δ)
 * composition and zCDP (ρ, converted with Canonne–Kamath–Steinke 2020 at the δ left after the
 * extra δ) stays within the analyst's budget. A refusal is an {@link SQLException} with SQLState
 * {@code ZD100} and a message that says what remains.
 */
public interface Ledger extends AutoCloseable {

  /** Opens (and creates on first use) the ledger in the database at {@code jdbcUrl}. */
  static Ledger open(String jdbcUrl) throws SQLException {
    return JdbcLedger.open(jdbcUrl);
  }

  /**
   * Atomically admits and records {@code cost} for {@code analyst}, or throws (SQLState ZD100)
   * without recording anything.
   *
   * @param budget the analyst's lifetime budget
   * @param description what was charged (the query text, for the audit trail)
   */
  BudgetStatus charge(String analyst, Budget budget, PrivacyCost cost, String description)
      throws SQLException;

  /** What the analyst has spent and has left; spends nothing. */
  BudgetStatus status(String analyst, Budget budget) throws SQLException;

  @Override
  void close() throws SQLException;

  /** An analyst's lifetime (ε, δ) budget. */
  record Budget(double epsilon, double delta) {}

  /**
   * The analyst's position after a charge (or now): the spent (ε, δ) under the better of the two
   * accountings, and what remains of the budget.
   */
  record BudgetStatus(
      double epsilonSpent,
      double deltaSpent,
      double epsilonRemaining,
      double deltaRemaining,
      long queries) {}
}
