package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.charge.JdbcLedger.Totals;
import dev.dpjdbc.driver.charge.Ledger.Budget;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The ledger's row-level SQL (tables of {@link LedgerSchema}); no transaction control here. */
final class LedgerRows {

  private static final String ANALYST = LedgerSchema.ANALYST;
  private static final String CHARGE = LedgerSchema.CHARGE;

  private LedgerRows() {}

  /**
   * The analyst's totals, or null when the analyst has no row. {@code forUpdate} locks the row
   * until the transaction ends (and waits for a concurrent holder, then reads its committed
   * totals).
   */
  static Totals read(Connection c, String analyst, boolean forUpdate) throws SQLException {
    String sql =
        "SELECT epsilon, delta, rho, extra_delta, queries FROM "
            + ANALYST
            + " WHERE analyst = ?"
            + (forUpdate ? " FOR UPDATE" : "");
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, analyst);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        ExactCost cost =
            new ExactCost(
                strip(rs.getBigDecimal(1)),
                strip(rs.getBigDecimal(2)),
                strip(rs.getBigDecimal(3)),
                strip(rs.getBigDecimal(4)));
        return new Totals(cost, rs.getLong(5));
      }
    }
  }

  /** Inserts a zero totals row; a concurrent duplicate fails with SQLState 23505 (H2). */
  static void insertZero(Connection c, String analyst, boolean postgres) throws SQLException {
    String sql =
        "INSERT INTO "
            + ANALYST
            + " (analyst, epsilon, delta, rho, extra_delta, queries, created_at, updated_at)"
            + " VALUES (?, 0, 0, 0, 0, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            + (postgres ? " ON CONFLICT (analyst) DO NOTHING" : "");
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, analyst);
      ps.executeUpdate();
    }
  }

  /** Appends one charge to the log. */
  static void append(Connection c, String analyst, ExactCost cost, Budget budget, String text)
      throws SQLException {
    String sql =
        "INSERT INTO "
            + CHARGE
            + " (analyst, charged_at, epsilon, delta, rho, extra_delta, budget_epsilon,"
            + " budget_delta, description) VALUES (?, CURRENT_TIMESTAMP, ?, ?, ?, ?, ?, ?, ?)";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, analyst);
      setCost(ps, 2, cost);
      ps.setDouble(6, budget.epsilon());
      ps.setDouble(7, budget.delta());
      ps.setString(8, text);
      ps.executeUpdate();
    }
  }

  /**
   * PostgreSQL: {@link #append} and {@link #update} in one statement (a data-modifying CTE), so one
   * round trip instead of two; the same rows, the same failure when the totals row is missing.
   */
  static void appendAndUpdate(
      Connection c,
      String analyst,
      ExactCost cost,
      Budget budget,
      String text,
      ExactCost totals,
      long queries)
      throws SQLException {
    String sql =
        "WITH logged AS (INSERT INTO "
            + CHARGE
            + " (analyst, charged_at, epsilon, delta, rho, extra_delta, budget_epsilon,"
            + " budget_delta, description) VALUES (?, CURRENT_TIMESTAMP, ?, ?, ?, ?, ?, ?, ?)"
            + " RETURNING 1) UPDATE "
            + ANALYST
            + " SET epsilon = ?, delta = ?, rho = ?, extra_delta = ?, queries = ?,"
            + " updated_at = CURRENT_TIMESTAMP WHERE analyst = ? AND EXISTS (SELECT 1 FROM logged)";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, analyst);
      setCost(ps, 2, cost);
      ps.setDouble(6, budget.epsilon());
      ps.setDouble(7, budget.delta());
      ps.setString(8, text);
      setCost(ps, 9, totals);
      ps.setLong(13, queries);
      ps.setString(14, analyst);
      if (ps.executeUpdate() != 1) {
        throw new LedgerErrors.LedgerException(
            "ledger row for analyst '" + analyst + "' vanished", "40001");
      }
    }
  }

  /** Overwrites the analyst's totals (the row must be locked by this transaction). */
  static void update(Connection c, String analyst, ExactCost totals, long queries)
      throws SQLException {
    String sql =
        "UPDATE "
            + ANALYST
            + " SET epsilon = ?, delta = ?, rho = ?, extra_delta = ?, queries = ?,"
            + " updated_at = CURRENT_TIMESTAMP WHERE analyst = ?";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      setCost(ps, 1, totals);
      ps.setLong(5, queries);
      ps.setString(6, analyst);
      if (ps.executeUpdate() != 1) {
        throw new LedgerErrors.LedgerException(
            "ledger row for analyst '" + analyst + "' vanished", "40001");
      }
    }
  }

  /** Binds epsilon, delta, rho, extra_delta to parameters {@code first .. first + 3}. */
  private static void setCost(PreparedStatement ps, int first, ExactCost cost) throws SQLException {
    ps.setBigDecimal(first, cost.epsilon());
    ps.setBigDecimal(first + 1, cost.delta());
    ps.setBigDecimal(first + 2, cost.rho());
    ps.setBigDecimal(first + 3, cost.extraDelta());
  }

  private static BigDecimal strip(BigDecimal value) {
    return value == null ? BigDecimal.ZERO : value.stripTrailingZeros();
  }
}
