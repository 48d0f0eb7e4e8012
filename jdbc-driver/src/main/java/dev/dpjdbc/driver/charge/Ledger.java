package dev.dpjdbc.driver.charge;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.sql.SQLException;

/**
 * The durable per-analyst privacy ledger. The driver charges it before the backend runs the query
 * (so before any noisy value is drawn or released), in one transaction that locks the analyst's
 * row; charges are never refunded, also when the execution then fails.
 *
 * <p>Admission: a query is admitted when, after adding its cost, the better of basic (ε,δ)
 * composition and zCDP (ρ, converted with Canonne–Kamath–Steinke 2020 at the δ left after the extra
 * δ) stays within the analyst's budget. A refusal is an {@link SQLException} with SQLState {@code
 * ZD100} and a message that says what remains ({@link BudgetExhaustedException}).
 *
 * <p>Implementations are thread-safe; open one per ledger URL per process and share it. Sums are
 * exact decimals, so budgets run out exactly at the policy's limit (docs/ledger.md).
 */
public interface Ledger extends AutoCloseable {

  /** The largest {@link BudgetStatus#queriesLeft} reported ("at least this many"). */
  long QUERIES_LEFT_CAP = Headroom.CAP;

  /**
   * Opens (and creates on first use) the ledger in the database at {@code jdbcUrl}: H2 (file or
   * memory) or PostgreSQL, which many processes may share. Fails with SQLState F0000 when the
   * database holds a ledger of another schema version.
   */
  static Ledger open(String jdbcUrl) throws SQLException {
    return JdbcLedger.open(jdbcUrl);
  }

  /**
   * Atomically admits and records {@code cost} for {@code analyst}, or throws {@link
   * BudgetExhaustedException} (SQLState ZD100) without recording anything. Any other {@link
   * SQLException} means the charge may not have happened: release nothing.
   *
   * @param budget the analyst's lifetime budget
   * @param description what was charged (the query text, for the audit trail)
   */
  BudgetStatus charge(String analyst, Budget budget, PrivacyCost cost, String description)
      throws SQLException;

  /**
   * Refuses, with SQLState 22023, a cost the ledger could not record: a component that is not
   * finite or not below 10^25 (the integer digits of its NUMERIC columns) — a Laplace query at ε =
   * 1e13 costs ρ = ε²/2 = 5e25. Charging such a cost fails the same way; calling this first makes
   * it one of the free, data-independent checks.
   */
  static void checkRecordable(PrivacyCost cost) throws SQLException {
    try {
      ExactCost.of(cost);
    } catch (IllegalArgumentException e) {
      throw new SQLException(
          "the privacy ledger cannot record this query's cost (epsilon="
              + cost.epsilon()
              + ", delta="
              + cost.delta()
              + ", zCDP rho="
              + cost.rho()
              + "): every component must be finite and below 1e"
              + ExactCost.INTEGER_DIGITS
              + "; choose a smaller dp.epsilon (SET dp.epsilon = ...)",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code(),
          e);
    }
  }

  /**
   * Throws {@link BudgetExhaustedException} (SQLState ZD100), with the message a {@link #charge}
   * would give, when charging {@code cost} now would be refused; records nothing and takes no lock,
   * so a concurrent charge may still change the answer. EXPLAIN PRIVACY uses it to refuse what
   * execution would refuse.
   */
  void checkAdmits(String analyst, Budget budget, PrivacyCost cost) throws SQLException;

  /** What the analyst has spent and has left; spends nothing. {@code queriesLeft} is -1. */
  default BudgetStatus status(String analyst, Budget budget) throws SQLException {
    return status(analyst, budget, null);
  }

  /**
   * What the analyst has spent and has left, and how many more queries costing {@code perQuery}
   * each the admission rule would still take ({@code queriesLeft}, -1 when {@code perQuery} is
   * null); spends nothing.
   */
  BudgetStatus status(String analyst, Budget budget, PrivacyCost perQuery) throws SQLException;

  @Override
  void close() throws SQLException;

  /** An analyst's lifetime (ε, δ) budget. */
  record Budget(double epsilon, double delta) {}

  /**
   * The analyst's position after a charge (or now), in the accounting that gives the smaller ε
   * ({@code accounting}):
   *
   * <ul>
   *   <li>{@code "basic"}: spent (Σε, Σδ), remaining (B_ε − Σε, B_δ − Σδ);
   *   <li>{@code "zcdp"}: spent ε = Σρ converted at δ' = B_δ − Σ extra δ, spent δ = Σ extra δ (the
   *       failure probability outside zCDP), remaining δ = δ'; the ρ → ε conversion is stated at
   *       δ', which later queries keep using, so δ remaining is never 0 while zCDP admits.
   * </ul>
   *
   * {@code rhoSpent} = Σρ; {@code rhoRemaining} = the largest total ρ the zCDP route admits minus
   * Σρ (≥ 0; NaN when δ' ≤ 0, i.e. no zCDP conversion exists). {@code queriesLeft} = how many more
   * charges of the given per-query cost the admission rule takes (capped at 1e9; -1 when none was
   * given). All of it is computed from the totals and the budget only, never from data.
   */
  record BudgetStatus(
      double epsilonSpent,
      double deltaSpent,
      double epsilonRemaining,
      double deltaRemaining,
      long queries,
      String accounting,
      double rhoSpent,
      double rhoRemaining,
      long queriesLeft) {}
}
