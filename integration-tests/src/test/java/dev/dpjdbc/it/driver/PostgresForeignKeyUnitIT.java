package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A child table queried alone through {@code jdbc:dp:} over embedded PostgreSQL takes its privacy
 * unit along its foreign key: {@code fk.visits} names no unit in the policy, its {@code
 * employee_id} references {@code fk.employees(id)}, so one employee's visits are one unit. COUNT
 * then has λ = {@code max_rows_per_unit} (5), not 1 (every visit a person, the bug this guards
 * against), rows beyond 5 per employee are dropped, and EXPLAIN PRIVACY names the path {@code
 * visits.employee_id -> employees.id}.
 *
 * <p>False failures: the one noisy answer checked is compared with the capped truth within 15
 * Laplace scales; the (discrete) Laplace tail gives P(|noise| ≥ 15 b) ≤ 2·e^-15 ≈ 6·10^-7 ≤ 10^-6.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresForeignKeyUnitIT {
  private Backend backend;
  private Path policy;

  @BeforeAll
  void setUp() throws Exception {
    backend = TestBackends.postgres();
    Path dir = TestBackends.tempDir();
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA fk");
      s.execute(
          "CREATE TABLE fk.employees (id INTEGER PRIMARY KEY,"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S')))");
      s.execute(
          "CREATE TABLE fk.visits (id INTEGER PRIMARY KEY,"
              + " employee_id INTEGER NOT NULL REFERENCES fk.employees (id),"
              + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600))");
      // the unit is in visits.employee_id, not in what notes reference
      s.execute(
          "CREATE TABLE fk.notes (id INTEGER PRIMARY KEY,"
              + " visit_id INTEGER NOT NULL REFERENCES fk.visits (id))");
      // employees 1..100; employee e has 1 + e % 4 visits, employee 1 has 9 (4 over the cap)
      s.execute(
          "INSERT INTO fk.employees SELECT g, CASE WHEN g % 2 = 0 THEN 'N' ELSE 'S' END"
              + " FROM generate_series(1, 100) g");
      s.execute(
          "INSERT INTO fk.visits SELECT 1000 * e + k, e, (e * 7 + k) % 600"
              + " FROM generate_series(1, 100) e, generate_series(1, 9) k"
              + " WHERE k <= CASE WHEN e = 1 THEN 9 ELSE 1 + e % 4 END");
    }
    policy = dir.resolve("fk.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1000.0, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: laplace, objective: relative}\n"
            + "ledger: jdbc:h2:file:"
            + dir.resolve("fk-ledger").toAbsolutePath()
            + "\n"
            + "tables:\n"
            + "  fk.visits: {max_rows_per_unit: 5}\n");
  }

  private Connection dp() throws SQLException {
    return backend.dp(policy, "fk-" + UUID.randomUUID());
  }

  @Test
  void explain_countOfChildTable_lambdaIsRowsPerEmployee_unitAlongTheForeignKey()
      throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      Map<String, Object> visits =
          ScenarioBase.oneRow(s, "EXPLAIN PRIVACY SELECT COUNT(*) FROM fk.visits");
      Map<String, Object> employees =
          ScenarioBase.oneRow(s, "EXPLAIN PRIVACY SELECT COUNT(*) FROM fk.employees");
      assertEquals(5.0, ScenarioBase.num(visits.get("sensitivity")), visits.toString());
      assertEquals(1.0, ScenarioBase.num(employees.get("sensitivity")), employees.toString());
      assertEquals(
          5.0,
          ScenarioBase.num(visits.get("scale")) / ScenarioBase.num(employees.get("scale")),
          1e-9,
          "the same ε buys 5× the noise on visits");
      String bounds = (String) visits.get("bounds");
      assertTrue(bounds.contains("privacy unit (visits.employee_id -> employees.id"), bounds);
      assertTrue(bounds.contains("at most 5 row(s) per unit"), bounds);
    }
  }

  @Test
  void count_ofChildTable_chargedAndNoisedPerEmployee_capsRowsPerEmployee() throws Exception {
    double truth; // rows per employee capped at 5: employee 1 counts 5 of its 9 visits
    try (Connection c = backend.direct();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT SUM(LEAST(n, 5)) FROM (SELECT COUNT(*) AS n FROM fk.visits"
                    + " GROUP BY employee_id) t")) {
      rs.next();
      truth = rs.getDouble(1);
    }
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      double scale = ScenarioBase.num(explain(s).get("scale"));
      assertEquals(5.0, scale, 1e-3, "Laplace b ≈ λ/ε = 5/1");
      Map<String, Object> before = ScenarioBase.oneRow(s, "SHOW dp.budget");
      double answer =
          ScenarioBase.num(ScenarioBase.oneRow(s, "SELECT COUNT(*) FROM fk.visits").get("count"));
      Map<String, Object> after = ScenarioBase.oneRow(s, "SHOW dp.budget");
      assertEquals(
          ScenarioBase.num(before.get("queries")) + 1,
          ScenarioBase.num(after.get("queries")),
          "charged as one query");
      assertTrue(
          ScenarioBase.num(after.get("epsilon_spent"))
              > ScenarioBase.num(before.get("epsilon_spent")),
          after.toString());
      assertTrue(
          Math.abs(answer - truth) <= 15 * scale, "noisy " + answer + " vs capped truth " + truth);
    }
  }

  @Test
  void count_ofTableWhoseUnitIsOnlyReachedThroughAJoin_refusedNamingTheJoin() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM fk.notes"));
      assertEquals("ZD002", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("visits ON notes.visit_id = visits.id"), e.getMessage());
      assertEquals(0.0, spent(s), 1e-12, "a refusal spends nothing");
    }
  }

  private static Map<String, Object> explain(Statement s) throws SQLException {
    return ScenarioBase.oneRow(s, "EXPLAIN PRIVACY SELECT COUNT(*) FROM fk.visits");
  }

  private static double spent(Statement s) throws SQLException {
    return ScenarioBase.num(ScenarioBase.oneRow(s, "SHOW dp.budget").get("epsilon_spent"));
  }
}
