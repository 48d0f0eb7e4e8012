package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EXPLAIN PRIVACY refuses what execution refuses, with the same SQLState, and spends nothing either
 * way: every refused statement of {@link #refused} runs once under EXPLAIN PRIVACY (which must
 * spend nothing) and once as itself, after the session settings it names. Execution spends nothing
 * on these either, except on PostgreSQL for a value the server cannot convert, which it meets only
 * when the statement executes, after the charge. The refusals cover the analyzer (row-level output,
 * DML, missing bounds and units, names, the WHERE rule), the data-independent checks before the
 * charge (unbound parameters, the preflight of constant expressions, settings that cannot be
 * calibrated), the catalog door, session statements and the budget.
 */
abstract class ExplainParityScenarios extends ScenarioBase {

  /** (what, settings to SET first, statement); expected: execution's own SQLState. */
  static List<Arguments> refused() {
    List<Arguments> out = new ArrayList<>();
    String[][] cases = {
      {"row-level", "", "SELECT * FROM employees"},
      {"row-level columns", "", "SELECT id, salary FROM employees"},
      {"DELETE", "", "DELETE FROM employees"},
      {"UPDATE", "", "UPDATE employees SET age = 30"},
      {"DDL", "", "DROP TABLE employees"},
      {"unbounded column", "", "SELECT SUM(bonus) AS b FROM employees"},
      {"no privacy unit", "", "SELECT COUNT(*) AS n FROM visits"},
      {"unknown table", "", "SELECT COUNT(*) AS n FROM nosuchtable"},
      {"unknown column", "", "SELECT SUM(nosuch) FROM employees"},
      {"syntax error", "", "SELEC COUNT(*) FROM employees"},
      {"other database", "", "SELECT COUNT(*) FROM otherdb.public.employees"},
      {
        "partition selection without delta",
        "dp.delta=0",
        "SELECT bonus, COUNT(*) FROM employees GROUP BY bonus"
      },
      {"non-deterministic", "", "SELECT COUNT(*) FROM employees WHERE random() < 0.5"},
      {"data-dependent WHERE", "", "SELECT COUNT(*) FROM employees WHERE 1 / (age - 30) > 0"},
      {"unbound parameter", "", "SELECT COUNT(*) AS n FROM employees WHERE age > ?"},
      {"preflight overflow", "", "SELECT COUNT(*) AS n FROM employees WHERE age > 2147483647 * 2"},
      {"preflight cast", "", "SELECT COUNT(*) AS n FROM employees WHERE age > CAST('x' AS INT)"},
      {
        "gaussian without delta",
        "dp.mechanism=gaussian;dp.delta=0",
        "SELECT COUNT(*) FROM employees"
      },
      {
        "uncalibratable epsilon",
        "dp.mechanism=gaussian;dp.epsilon=1e308",
        "SELECT COUNT(*) FROM employees"
      },
      {
        "unrecordable cost",
        "dp.mechanism=laplace;dp.epsilon=1e13",
        "SELECT COUNT(*) FROM employees"
      },
      {"statistics view", "", "SELECT * FROM pg_stats WHERE tablename = 'employees'"},
      {"setting off the allow-list", "", "SET statement_timeout = 0"},
      {"SHOW off the allow-list", "", "SHOW work_mem"},
      {"bad dp setting", "", "SET dp.epsilon = -1"},
      {"unknown dp setting", "", "SET dp.nosuch = 1"},
    };
    for (String[] c : cases) {
      out.add(Arguments.of(c[0], c[1], c[2]));
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void explain_refusesWhatExecutionRefuses_withTheSameSqlState(
      String what, String settings, String sql) throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      for (String set : settings.isEmpty() ? new String[0] : settings.split(";")) {
        s.execute("SET " + set);
      }
      SQLException explained = Refusal.expect(() -> s.execute("EXPLAIN PRIVACY " + sql));
      assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")), what);
      SQLException executed = Refusal.expect(() -> s.execute(sql));
      assertNotNull(executed.getSQLState(), what);
      assertEquals(
          executed.getSQLState(),
          explained.getSQLState(),
          what
              + ": execution said "
              + executed.getMessage()
              + "; EXPLAIN said "
              + explained.getMessage());
    }
  }

  /**
   * A parameter bound with a value of the wrong type, through a PreparedStatement: PostgreSQL
   * converts it when the statement executes, after the charge (PostgresAttackIT relies on that
   * order); EXPLAIN PRIVACY binds the values into a table-free probe and refuses it the same way,
   * for free.
   */
  @Test
  void explain_badParameterValue_refusedAsExecutionRefusesIt() throws SQLException {
    String sql = "SELECT COUNT(*) AS n FROM employees WHERE age > ?";
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      PreparedStatement explain = c.prepareStatement("EXPLAIN PRIVACY " + sql);
      explain.setString(1, "not a number");
      SQLException explained = Refusal.expect(explain::executeQuery);
      assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")), "EXPLAIN is free");
      PreparedStatement run = c.prepareStatement(sql);
      run.setString(1, "not a number");
      SQLException executed = Refusal.expect(run::executeQuery);
      assertEquals(executed.getSQLState(), explained.getSQLState(), explained.getMessage());
    }
  }

  /** Budget ε = 0.5, each query ε = 1: execution and EXPLAIN both say ZD100, nothing is spent. */
  @Test
  void explain_overBudget_refusedWithZd100() throws SQLException {
    Path small = Policies.write(dir, "small-" + UUID.randomUUID(), 0.5, 1e-6, 1.0, 0.0, "laplace");
    try (Connection c = backend.dp(small, "poor-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      String q = "SELECT COUNT(*) AS n FROM employees";
      SQLException executed = Refusal.expect(() -> s.executeQuery(q));
      SQLException explained = Refusal.expect(() -> s.executeQuery("EXPLAIN PRIVACY " + q));
      assertEquals("ZD100", executed.getSQLState());
      assertEquals("ZD100", explained.getSQLState(), explained.getMessage());
      s.execute("SET dp.epsilon = 0.5");
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + q)) {
        assertTrue(rs.next(), "a query the budget covers is explained");
      }
      assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")));
    }
  }

  /** What execution answers, EXPLAIN explains: a query, with its parameter, and a catalog read. */
  @Test
  void explain_acceptsWhatExecutionAccepts() throws SQLException {
    try (Connection c = dp()) {
      PreparedStatement ps =
          c.prepareStatement(
              "EXPLAIN PRIVACY SELECT region, COUNT(*) AS n FROM employees WHERE age > ?"
                  + " GROUP BY region");
      assertEquals(1, ps.getParameterMetaData().getParameterCount());
      ps.setInt(1, 30);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
      }
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "EXPLAIN PRIVACY SELECT table_name FROM information_schema.tables"
                      + " WHERE table_name = 'employees'")) {
        assertEquals("output_column", rs.getMetaData().getColumnLabel(1));
        assertTrue(!rs.next(), "a catalog read releases nothing private: no noisy coordinate");
      }
      try (Statement s = c.createStatement()) {
        assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")));
        SQLException e = Refusal.expect(() -> s.execute("EXPLAIN PRIVACY SET dp.epsilon = 2"));
        assertEquals("42601", e.getSQLState(), "nothing to explain, as PostgreSQL's EXPLAIN SET");
      }
    }
  }
}
