package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the driver refuses and how the budget holds: every refused kind with its SQLState, budget
 * exhaustion exactly at the policy's limit, and the file ledger surviving a JVM restart.
 */
abstract class GuardScenarios extends ScenarioBase {

  static List<Arguments> refused() {
    return List.of(
        Arguments.of("row-level SELECT *", "SELECT * FROM employees", "42501"),
        Arguments.of("row-level columns", "SELECT id, salary FROM employees", "42501"),
        Arguments.of("DELETE", "DELETE FROM employees", "42501"),
        Arguments.of("UPDATE", "UPDATE employees SET age = 30", "42501"),
        Arguments.of("DDL", "DROP TABLE employees", "42501"),
        Arguments.of("several statements", "SELECT COUNT(*) FROM employees; SELECT 1", "0A000"),
        Arguments.of("unbounded column", "SELECT SUM(bonus) AS b FROM employees", "ZD001"),
        Arguments.of("no privacy unit", "SELECT COUNT(*) AS n FROM visits", "ZD002"),
        Arguments.of("unknown table", "SELECT COUNT(*) AS n FROM nosuchtable", "42P01"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refused_withSqlStateAndFixItMessage(String kind, String sql, String state)
      throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      SQLException e = Refusal.expect(() -> s.execute(sql));
      assertEquals(state, e.getSQLState(), kind + ": " + e.getMessage());
      assertTrue(e.getMessage() != null && e.getMessage().length() > 20, e.getMessage());
      assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")), kind);
    }
  }

  @Test
  void executeUpdateAndBatch_refused() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      assertEquals(
          "42501", Refusal.expect(() -> s.executeUpdate("DELETE FROM employees")).getSQLState());
      assertEquals(
          "0A000",
          Refusal.expect(() -> s.addBatch("SELECT COUNT(*) FROM employees")).getSQLState());
      var ps = c.prepareStatement("SELECT COUNT(*) AS n FROM employees");
      assertEquals("42501", Refusal.expect(ps::executeUpdate).getSQLState());
      assertEquals("0A000", Refusal.expect(ps::addBatch).getSQLState());
    }
    assertEquals(TestSchema.ROWS, TestSchema.truth(backend, "SELECT COUNT(*) FROM employees"));
  }

  /** Budget ε = 1, each query ε = 0.25 with pure Laplace: exactly four are admitted. */
  @Test
  void budget_exhaustedExactlyAtPolicyLimit() throws SQLException {
    Path small = Policies.write(dir, "small-" + UUID.randomUUID(), 1.0, 1e-6, 0.25, 0.0, "laplace");
    try (Connection c = backend.dp(small, "frugal");
        Statement s = c.createStatement()) {
      for (int i = 0; i < 4; i++) {
        s.executeQuery("SELECT COUNT(*) AS n FROM employees").close();
      }
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(1.0, num(budget.get("epsilon_spent")), 1e-12);
      assertEquals(0.0, num(budget.get("epsilon_remaining")), 1e-12);
      SQLException e = Refusal.expect(() -> s.executeQuery("SELECT COUNT(*) AS n FROM employees"));
      assertEquals("ZD100", e.getSQLState(), e.getMessage());
      assertEquals(null, s.getResultSet(), "nothing released after a refused charge");
      SQLException explained =
          Refusal.expect(() -> s.executeQuery("SELECT AVG(age) AS a FROM employees"));
      assertEquals("ZD100", explained.getSQLState());
      // EXPLAIN PRIVACY refuses what execution would refuse, the budget included
      assertEquals(
          "ZD100",
          Refusal.expect(() -> s.executeQuery("EXPLAIN PRIVACY SELECT COUNT(*) FROM employees"))
              .getSQLState());
    }
  }

  /**
   * A child JVM (ProcessBuilder, same classpath) runs one query through {@code jdbc:dp:} on a file
   * ledger and exits; this JVM then opens the ledger for the first time and sees the charge.
   */
  @Test
  void ledger_survivesJvmRestart() throws Exception {
    Path restart =
        Policies.write(dir, "restart-" + UUID.randomUUID(), 10, 1e-6, 0.5, 0.0, "laplace");
    String analyst = "restart-" + UUID.randomUUID();
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(ChildQuery.class.getName());
    cmd.addAll(
        List.of(
            backend.dpUrl(),
            backend.user(),
            backend.password(),
            restart.toString(),
            analyst,
            "SELECT COUNT(*) AS n FROM employees"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM finished");
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("released"), out);
    try (Connection c = backend.dp(restart, analyst);
        Statement s = c.createStatement()) {
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(0.5, num(budget.get("epsilon_spent")), 1e-12, out);
      assertEquals(9.5, num(budget.get("epsilon_remaining")), 1e-12);
    }
  }
}
