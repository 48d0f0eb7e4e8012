package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Through {@code jdbc:dp:} over embedded PostgreSQL: a plan that left out a clamp because a
 * validated CHECK bounds the column stops with ZD003 once the CHECK is dropped, before it
 * aggregates the out-of-bound row added since; the driver then reads the catalog again, and the
 * next run clamps to the policy's bounds.
 *
 * <p>False failures: the noisy answer is compared with the clamped truth within 15 Laplace scales
 * (b = λ/ε = 10); P(|noise| ≥ 15 b) ≤ 2·e^-15 ≈ 6·10^-7 ≤ 10^-6.
 */
class PostgresCatalogChangeIT {
  private static final String QUERY = "SELECT SUM(reading) FROM (SELECT reading FROM cc.meters) t";

  @Test
  void droppedCheck_stopsTheCachedPlan_thenTheNextPlanClamps() throws Exception {
    Backend backend = TestBackends.postgres();
    Path dir = TestBackends.tempDir();
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA cc");
      s.execute(
          "CREATE TABLE cc.meters (id INTEGER PRIMARY KEY, reading INTEGER NOT NULL"
              + " CONSTRAINT reading_check CHECK (reading BETWEEN 0 AND 10))");
      s.execute("INSERT INTO cc.meters SELECT g, g % 11 FROM generate_series(1, 100) g");
    }
    Path policy = dir.resolve("cc.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1000.0, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:file:"
            + dir.resolve("cc-ledger").toAbsolutePath()
            + "\n"
            + "tables:\n"
            + "  cc.meters: {columns: {reading: {min: 0, max: 10}}}\n");
    try (Connection dp = backend.dp(policy, "cc-" + UUID.randomUUID());
        Statement s = dp.createStatement()) {
      String bounds = (String) ScenarioBase.oneRow(s, "EXPLAIN PRIVACY " + QUERY).get("bounds");
      assertTrue(bounds.contains("no clamp"), bounds);
      assertEquals(496, answer(s), 150);
      try (Connection c = backend.direct();
          Statement d = c.createStatement()) {
        d.execute("ALTER TABLE cc.meters DROP CONSTRAINT reading_check");
        d.execute("INSERT INTO cc.meters VALUES (1000, 1000000)");
      }
      SQLException e = assertThrows(SQLException.class, () -> answer(s));
      assertEquals("ZD003", e.getSQLState(), e.getMessage());
      assertEquals(506, answer(s), 150, "clamped to the policy's [0, 10] now");
      bounds = (String) ScenarioBase.oneRow(s, "EXPLAIN PRIVACY " + QUERY).get("bounds");
      assertFalse(bounds.contains("no clamp"), bounds);
    }
  }

  private static double answer(Statement s) throws SQLException {
    Map<String, Object> row = ScenarioBase.oneRow(s, QUERY);
    return ScenarioBase.num(row.values().iterator().next());
  }
}
