package dev.dpjdbc.driver.charge;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Ledger} on any JDBC database the common SQL of H2 and PostgreSQL runs on (schema: {@link
 * LedgerSchema}); many processes may share one PostgreSQL ledger.
 *
 * <p>A charge is one transaction: make sure the analyst's totals row exists (a separate
 * auto-committed insert; a concurrent insert of the same row is a harmless unique violation;
 * skipped for analysts this ledger already saw with a row, since rows are never deleted), lock it
 * with {@code SELECT ... FOR UPDATE}, add the cost exactly, apply {@link Admission}, then append
 * the log row and update the totals and commit — or roll back and refuse with SQLState {@code
 * ZD100} having recorded nothing. The row lock serialises charges of one analyst across threads,
 * connections and processes, so concurrent charges can never overspend. Lock waits that time out
 * and deadlock/serialisation failures are retried a few times; any other failure propagates, and
 * the caller then releases nothing. Nothing is ever refunded.
 */
final class JdbcLedger implements Ledger {

  private static final int MAX_ANALYST_LENGTH = 256;
  private static final int MAX_DESCRIPTION_LENGTH = 100_000;
  private static final int MAX_ATTEMPTS = 10;

  /** Lock timeout, deadlock, serialisation failure (H2 and PostgreSQL): safe to retry. */
  private static final Set<String> RETRYABLE = Set.of("40001", "40P01", "55P03", "HYT00");

  /** At most this many analysts are remembered as having a totals row ({@link #withRow}). */
  private static final int MAX_REMEMBERED = 10_000;

  private final LedgerConnections connections;
  private final boolean postgres;

  /**
   * Analysts whose totals row this ledger has seen: rows are never deleted, so a charge for them
   * skips step 1 (the existence read) and starts with the locking read.
   */
  private final Set<String> withRow = java.util.concurrent.ConcurrentHashMap.newKeySet();

  private JdbcLedger(LedgerConnections connections, boolean postgres) {
    this.connections = connections;
    this.postgres = postgres;
  }

  /**
   * Connects to {@code jdbcUrl}, creating the ledger's tables on first use. A failure names no path
   * or URL ({@link LedgerErrors}).
   */
  static JdbcLedger open(String jdbcUrl) throws SQLException {
    if (jdbcUrl == null || jdbcUrl.isBlank()) {
      throw new LedgerErrors.LedgerException(
          "the privacy ledger needs a JDBC URL (the policy's ledger: setting); got none",
          AnalyzerSqlState.INVALID_POLICY.code());
    }
    LedgerConnections connections = new LedgerConnections(jdbcUrl);
    try {
      Connection c = connections.acquire();
      boolean healthy = false;
      try {
        LedgerSchema.ensure(c);
        boolean postgres = LedgerSchema.isPostgres(c);
        healthy = true;
        return new JdbcLedger(connections, postgres);
      } finally {
        connections.release(c, healthy);
        if (!healthy) {
          connections.close();
        }
      }
    } catch (SQLException e) {
      connections.close();
      throw LedgerErrors.hide("opening the ledger", jdbcUrl, e);
    }
  }

  @Override
  public BudgetStatus charge(String analyst, Budget budget, PrivacyCost cost, String description)
      throws SQLException {
    checkAnalyst(analyst);
    checkBudget(budget);
    Objects.requireNonNull(cost, "cost");
    ExactCost add = exact(cost);
    // PostgreSQL text cannot hold NUL; a failing log insert would refuse an affordable query
    String text = truncate(description == null ? "" : description.replace('\u0000', '\uFFFD'));
    SQLException last = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Connection c = acquire("charging " + analyst);
      boolean healthy = false;
      try {
        BudgetStatus status = chargeOnce(c, analyst, budget, cost, add, text);
        healthy = true;
        return status;
      } catch (BudgetExhaustedException refused) {
        healthy = true;
        throw refused;
      } catch (SQLException e) {
        if (!RETRYABLE.contains(e.getSQLState())) {
          throw LedgerErrors.hide("charging " + analyst, connections.url(), e);
        }
        last = e;
      } finally {
        connections.release(c, healthy);
      }
      pause(attempt);
    }
    throw LedgerErrors.hide("charging " + analyst, connections.url(), last);
  }

  private BudgetStatus chargeOnce(
      Connection c, String analyst, Budget budget, PrivacyCost cost, ExactCost add, String text)
      throws SQLException {
    ensureRow(c, analyst);
    c.setAutoCommit(false);
    Totals before = LedgerRows.read(c, analyst, true);
    if (before == null) {
      withRow.remove(analyst); // someone deleted it by hand: insert it again on the retry
      throw new LedgerErrors.LedgerException(
          "ledger row for analyst '" + analyst + "' vanished", "40001");
    }
    ExactCost after;
    try {
      after = before.cost().plus(add);
    } catch (IllegalArgumentException e) {
      after = null;
    }
    if (after == null || !Admission.admits(after, budget)) {
      c.rollback();
      c.setAutoCommit(true);
      throw refusal(analyst, budget, cost, status(before, budget, null));
    }
    if (postgres) {
      LedgerRows.appendAndUpdate(c, analyst, add, budget, text, after, before.queries() + 1);
    } else {
      LedgerRows.append(c, analyst, add, budget, text);
      LedgerRows.update(c, analyst, after, before.queries() + 1);
    }
    c.commit();
    c.setAutoCommit(true);
    return status(new Totals(after, before.queries() + 1), budget, cost);
  }

  private void ensureRow(Connection c, String analyst) throws SQLException {
    if (withRow.contains(analyst)) {
      return;
    }
    if (LedgerRows.read(c, analyst, false) != null) {
      remember(analyst);
      return;
    }
    try {
      LedgerRows.insertZero(c, analyst, postgres);
    } catch (SQLException e) {
      if (!"23505".equals(e.getSQLState())) {
        throw e;
      }
      // another session inserted it first: fine, rows are never deleted
    }
    remember(analyst);
  }

  private void remember(String analyst) {
    if (withRow.size() >= MAX_REMEMBERED) {
      withRow.clear(); // a cache: forgetting only costs the existence read again
    }
    withRow.add(analyst);
  }

  @Override
  public void checkAdmits(String analyst, Budget budget, PrivacyCost cost) throws SQLException {
    Objects.requireNonNull(cost, "cost");
    ExactCost add = exact(cost);
    Totals before = totals(analyst, budget);
    ExactCost after;
    try {
      after = before.cost().plus(add);
    } catch (IllegalArgumentException e) {
      after = null;
    }
    if (after == null || !Admission.admits(after, budget)) {
      throw refusal(analyst, budget, cost, status(before, budget, null));
    }
  }

  @Override
  public BudgetStatus status(String analyst, Budget budget, PrivacyCost perQuery)
      throws SQLException {
    return status(totals(analyst, budget), budget, perQuery);
  }

  /** The analyst's stored totals (zero when none), read without a lock. */
  private Totals totals(String analyst, Budget budget) throws SQLException {
    checkAnalyst(analyst);
    checkBudget(budget);
    Connection c = acquire("reading the budget of " + analyst);
    boolean healthy = false;
    try {
      Totals totals = LedgerRows.read(c, analyst, false);
      healthy = true;
      return totals == null ? Totals.NONE : totals;
    } catch (SQLException e) {
      throw LedgerErrors.hide("reading the budget of " + analyst, connections.url(), e);
    } finally {
      connections.release(c, healthy);
    }
  }

  private Connection acquire(String action) throws SQLException {
    try {
      return connections.acquire();
    } catch (SQLException e) {
      throw LedgerErrors.hide(action, connections.url(), e);
    }
  }

  @Override
  public void close() throws SQLException {
    connections.close();
  }

  @Override
  public String toString() {
    return "JdbcLedger[" + (postgres ? "PostgreSQL" : "H2/common SQL") + "]";
  }

  static BudgetStatus status(Totals totals, Budget budget, PrivacyCost perQuery) {
    Admission.Spent spent = Admission.spent(totals.cost(), budget);
    double rho = totals.cost().rho().doubleValue();
    double rhoBudget = Headroom.rhoBudget(budget, ExactCost.up(totals.cost().extraDelta()));
    return new BudgetStatus(
        spent.epsilon(),
        spent.delta(),
        remaining(budget.epsilon(), spent.epsilon()),
        remaining(budget.delta(), spent.delta()),
        totals.queries(),
        spent.accounting().name().toLowerCase(Locale.ROOT),
        rho,
        Double.isNaN(rhoBudget)
            ? Double.NaN
            : Math.max(0.0, rhoBudget - ExactCost.up(totals.cost().rho())),
        Headroom.queriesLeft(totals.cost(), budget, perQuery));
  }

  /**
   * budget − spent in decimal (as the totals are kept), so 1e-5 − 2e-7 shows as 9.8e-6 rather than
   * 9.800000000000001e-6; never below 0.
   */
  private static double remaining(double budget, double spent) {
    if (!Double.isFinite(spent)) {
      return 0.0;
    }
    double r = BigDecimal.valueOf(budget).subtract(BigDecimal.valueOf(spent)).doubleValue();
    return Math.max(0.0, r);
  }

  private static SQLException refusal(
      String analyst, Budget budget, PrivacyCost cost, BudgetStatus now) {
    return new BudgetExhaustedException(
        "privacy budget exhausted for analyst '"
            + analyst
            + "': this query needs ε="
            + show(cost.epsilon())
            + ", δ="
            + show(cost.delta())
            + " (zCDP ρ="
            + show(cost.rho())
            + "); remaining ε="
            + show(now.epsilonRemaining())
            + ", δ="
            + show(now.deltaRemaining())
            + " of the budget ε="
            + show(budget.epsilon())
            + ", δ="
            + show(budget.delta())
            + " after "
            + now.queries()
            + " charged queries; ask for a smaller ε/δ (SET dp.epsilon, SET dp.delta) or ask an"
            + " administrator to raise the budget in the policy");
  }

  /** Six significant digits, no trailing zeros: 1, 0.5, 1e-7. */
  static String show(double value) {
    if (value == 0) {
      return "0";
    }
    return BigDecimal.valueOf(value)
        .round(new MathContext(6))
        .stripTrailingZeros()
        .toString()
        .toLowerCase(Locale.ROOT)
        .replace("e+", "e");
  }

  private static ExactCost exact(PrivacyCost cost) throws SQLException {
    try {
      return ExactCost.of(cost);
    } catch (IllegalArgumentException e) {
      throw new LedgerErrors.LedgerException(
          "cannot charge this privacy cost: " + e.getMessage(),
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code(),
          e);
    }
  }

  private static void checkAnalyst(String analyst) throws SQLException {
    if (analyst == null || analyst.isBlank() || analyst.length() > MAX_ANALYST_LENGTH) {
      throw new LedgerErrors.LedgerException(
          "analyst name must be non-blank and at most "
              + MAX_ANALYST_LENGTH
              + " characters. Provided value: "
              + (analyst == null ? "null" : "'" + truncate(analyst, 300) + "'"),
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
  }

  private static void checkBudget(Budget budget) throws SQLException {
    if (budget == null
        || !(budget.epsilon() >= 0)
        || !Double.isFinite(budget.epsilon())
        || !(budget.delta() >= 0)
        || !(budget.delta() < 1)) {
      throw new LedgerErrors.LedgerException(
          "an analyst's budget must have 0 <= epsilon < infinity and 0 <= delta < 1. Provided"
              + " value: "
              + budget,
          AnalyzerSqlState.INVALID_POLICY.code());
    }
  }

  private static String truncate(String text) {
    return truncate(text, MAX_DESCRIPTION_LENGTH);
  }

  private static String truncate(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }

  private static void pause(int attempt) throws SQLException {
    try {
      Thread.sleep(Math.min(1000L, 10L << attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LedgerErrors.LedgerException(
          "interrupted while charging the privacy ledger", "57014", e);
    }
  }

  /** An analyst's stored running totals. */
  record Totals(ExactCost cost, long queries) {
    static final Totals NONE = new Totals(ExactCost.ZERO, 0);
  }
}
