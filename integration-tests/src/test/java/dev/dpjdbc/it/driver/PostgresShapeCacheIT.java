package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.cache.PlanCache;
import dev.dpjdbc.driver.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The plan cache by statement shape through {@code jdbc:dp:} on embedded PostgreSQL: a dashboard's
 * statement re-issued with new literals is planned once and each answer is right for its own
 * literal; a literal the analysis reads (a narrowed bound) keeps the statement's own plan; a
 * catalog change forgets the shape's plan.
 *
 * <p>False failures: every released count is compared with the true count within 16 Laplace scales
 * b = stddev / √2 (EXPLAIN PRIVACY's stddev of the same statement): P(|noise| ≥ 16 b) = e^-16 ≈
 * 1.1·10^-7 per answer, ≤ 10^-6 for the 8 answers compared here (union bound).
 */
class PostgresShapeCacheIT extends ScenarioBase {
  private static final String COUNT = "SELECT COUNT(*) AS n FROM employees WHERE age > %d";

  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }

  @Test
  void newLiterals_usePlanOfTheShape_andAnswerForTheirOwnValue() throws Exception {
    Path own = Policies.large(dir, "shape-count");
    int[] ks = {25, 40, 55, 70, 85};
    try (Connection c = backend.dp(own, "dash-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      for (int k : ks) {
        String sql = COUNT.formatted(k);
        double truth = TestSchema.truth(backend, "SELECT COUNT(*) FROM employees WHERE age > " + k);
        Map<String, Object> explain = oneRow(s, "EXPLAIN PRIVACY " + sql);
        assertEquals("laplace", explain.get("mechanism"));
        double b = num(explain.get("stddev")) / Math.sqrt(2);
        double released = num(oneRow(s, sql).get("n"));
        assertEquals(truth, released, 16 * b, "k = " + k + ", Laplace scale " + b);
      }
    }
    PlanCache.Stats stats = Backends.shared().planCacheStats(own);
    assertEquals(1, stats.templates(), stats.toString());
    assertEquals(1, stats.plannedStatements(), "only the first statement is planned: " + stats);
    assertEquals(1, stats.plannedShapes(), stats.toString());
    assertEquals(ks.length - 1, stats.shapeHits(), stats.toString());
  }

  @Test
  void narrowingLiteral_isNotServedByTheWiderShapePlan() throws Exception {
    Path own = Policies.large(dir, "shape-narrow");
    String narrow = "SELECT SUM(age) AS s FROM employees WHERE age < 30";
    try (Connection c = backend.dp(own, "dash-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      Map<String, Object> explain = oneRow(s, "EXPLAIN PRIVACY " + narrow);
      // the literal narrowed age to [18, 29]: λ = 29, not the column's 100
      assertEquals(29.0, num(explain.get("sensitivity")), 1e-9, explain.toString());
      double truth = TestSchema.truth(backend, narrow.replace(" AS s", ""));
      double b = num(explain.get("stddev")) / Math.sqrt(2);
      assertEquals(truth, num(oneRow(s, narrow).get("s")), 16 * b);
      Map<String, Object> other =
          oneRow(s, "EXPLAIN PRIVACY SELECT SUM(age) AS s FROM employees WHERE age < 25");
      assertEquals(24.0, num(other.get("sensitivity")), 1e-9, other.toString());
    }
    PlanCache.Stats stats = Backends.shared().planCacheStats(own);
    assertEquals(0, stats.templates(), stats.toString());
    assertEquals(0, stats.shapeHits(), stats.toString());
  }

  @Test
  void catalogChange_forgetsTheShapePlan() throws Exception {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA sc");
      s.execute(
          "CREATE TABLE sc.meters (id INTEGER PRIMARY KEY, reading INTEGER NOT NULL"
              + " CONSTRAINT reading_check CHECK (reading BETWEEN 0 AND 10))");
      s.execute("INSERT INTO sc.meters SELECT g, g % 11 FROM generate_series(1, 100) g");
    }
    Path own = dir.resolve("shape-catalog.yaml");
    Files.writeString(
        own,
        "budget: {epsilon: 1000.0, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:file:"
            + dir.resolve("shape-catalog-ledger").toAbsolutePath()
            + "\n"
            + "tables:\n"
            + "  sc.meters: {columns: {reading: {min: 0, max: 10}}}\n");
    String sum = "SELECT SUM(reading) AS s FROM sc.meters WHERE id > %d";
    try (Connection dp = backend.dp(own, "dash-" + UUID.randomUUID());
        Statement s = dp.createStatement()) {
      oneRow(s, sum.formatted(5));
      oneRow(s, sum.formatted(6));
      assertEquals(1, Backends.shared().planCacheStats(own).shapeHits());
      try (Connection c = backend.direct();
          Statement d = c.createStatement()) {
        d.execute("ALTER TABLE sc.meters DROP CONSTRAINT reading_check");
        d.execute("INSERT INTO sc.meters VALUES (1000, 1000000)");
      }
      // the shape's plan left out the clamp the CHECK made unnecessary: its guard stops it
      SQLException e = assertThrows(SQLException.class, () -> oneRow(s, sum.formatted(7)));
      assertEquals("ZD003", e.getSQLState(), e.getMessage());
      assertEquals(0, Backends.shared().planCacheStats(own).templates(), "forgotten");
      long planned = Backends.shared().planCacheStats(own).plannedStatements();
      String bounds = (String) oneRow(s, "EXPLAIN PRIVACY " + sum.formatted(8)).get("bounds");
      assertFalse(bounds.contains("no clamp"), bounds);
      assertTrue(
          Backends.shared().planCacheStats(own).plannedStatements() > planned,
          "planned again against the catalog as it is now");
    }
  }
}
