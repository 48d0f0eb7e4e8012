package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * End-to-end answers through {@code jdbc:dp:}, the same scenarios on every backend (subclasses pick
 * H2 or PostgreSQL): each aggregate kind, WHERE, GROUP BY a public domain with empty groups, ORDER
 * BY/LIMIT after the noise, the cost warning, SET/SHOW, EXPLAIN PRIVACY (bounds from CHECK
 * constraints; the Gaussian optimum). Refusals, the budget and the JDBC surface are in {@link
 * GuardScenarios} and {@link JdbcSurfaceScenarios}.
 */
abstract class DriverScenarios extends ScenarioBase {
  /** With ε = 200 per query every coordinate's noise is tiny next to these tolerances. */
  @Test
  void aggregates_eachKind_closeToTruthAtLargeEpsilon() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.epsilon = 200");
      Map<String, Object> r =
          oneRow(
              s,
              "SELECT COUNT(*) AS n, COUNT(salary) AS ns, SUM(salary) AS total, AVG(age) AS mean_age,"
                  + " VAR_POP(age) AS vp, VAR_SAMP(age) AS vs, STDDEV_POP(age) AS sp,"
                  + " STDDEV_SAMP(age) AS ss FROM employees");
      assertTrue(r.get("n") instanceof Long, "COUNT is a Long: " + r.get("n"));
      assertEquals(TestSchema.ROWS, num(r.get("n")), 10);
      assertEquals(TestSchema.ROWS, num(r.get("ns")), 10);
      double total = TestSchema.truth(backend, "SELECT SUM(salary) FROM employees");
      assertEquals(total, num(r.get("total")), 0.02 * total);
      double avg = TestSchema.truth(backend, "SELECT AVG(age) FROM employees");
      assertEquals(avg, num(r.get("mean_age")), 2);
      double vp = TestSchema.truth(backend, "SELECT VAR_POP(age) FROM employees");
      assertEquals(vp, num(r.get("vp")), 0.15 * vp);
      assertEquals(vp, num(r.get("vs")), 0.15 * vp);
      assertEquals(Math.sqrt(vp), num(r.get("sp")), 0.1 * Math.sqrt(vp));
      assertEquals(Math.sqrt(vp), num(r.get("ss")), 0.1 * Math.sqrt(vp));
      assertCostWarning(s.getWarnings());
    }
  }

  @Test
  void where_filtersBeforeAggregation() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.epsilon = 200");
      double truth =
          TestSchema.truth(
              backend,
              "SELECT COUNT(*) FROM employees WHERE age > 50 AND active AND region <> 'N'");
      Map<String, Object> r =
          oneRow(
              s, "SELECT COUNT(*) AS n FROM employees WHERE age > 50 AND active AND region <> 'N'");
      assertEquals(truth, num(r.get("n")), 5);
    }
  }

  @Test
  void groupBy_publicDomain_releasesEmptyGroups() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.epsilon = 200");
      Map<Object, Double> byRegion = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery("SELECT region, COUNT(*) AS n FROM employees GROUP BY region")) {
        assertCostWarning(rs.getWarnings());
        while (rs.next()) {
          byRegion.put(rs.getString("region"), rs.getDouble("n"));
        }
      }
      assertEquals(java.util.Set.of("N", "S", "E", "W"), byRegion.keySet());
      assertEquals(0, byRegion.get("W"), 5, "the empty group W is released with noise");
      assertEquals(100, byRegion.get("N"), 5);
      Map<Object, Double> byDept = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT dept, AVG(age) AS a, COUNT(*) AS n FROM employees GROUP BY dept")) {
        while (rs.next()) {
          byDept.put(rs.getString("dept"), rs.getDouble("n"));
        }
      }
      assertEquals(java.util.Set.of("eng", "sales", "ops", "legal"), byDept.keySet());
      Map<Object, Double> byActive = new HashMap<>();
      try (ResultSet rs =
          s.executeQuery("SELECT active, COUNT(*) AS n FROM employees GROUP BY active")) {
        while (rs.next()) {
          byActive.put(rs.getBoolean("active"), rs.getDouble("n"));
        }
      }
      assertEquals(java.util.Set.of(true, false), byActive.keySet());
    }
  }

  @Test
  void orderByLimit_appliedAfterNoise() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      List<Map<String, Object>> rows;
      try (ResultSet rs =
          s.executeQuery(
              "SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY n DESC LIMIT 2")) {
        rows = rows(rs);
      }
      assertEquals(2, rows.size());
      assertTrue(num(rows.get(0).get("n")) >= num(rows.get(1).get("n")), rows.toString());
      try (ResultSet rs =
          s.executeQuery(
              "SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY region"
                  + " LIMIT 3 OFFSET 1")) {
        rows = rows(rs);
      }
      assertEquals(List.of("N", "S", "W"), rows.stream().map(r -> r.get("region")).toList());
    }
  }

  @Test
  void explainPrivacy_showsColumnsAndCheckBoundsAndSpendsNothing() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      List<Map<String, Object>> rows;
      try (ResultSet rs =
          s.executeQuery(
              "EXPLAIN PRIVACY SELECT AVG(age) AS mean_age, SUM(salary) AS total FROM employees")) {
        rows = rows(rs);
      }
      assertTrue(rows.size() >= 3, "AVG needs a sum and a count, SUM its own sum: " + rows);
      for (String col :
          List.of(
              "output_column",
              "aggregate",
              "sensitivity",
              "mechanism",
              "scale",
              "stddev",
              "epsilon",
              "delta",
              "groups",
              "weight",
              "bounds")) {
        assertTrue(rows.get(0).containsKey(col), "EXPLAIN PRIVACY has " + col + ": " + rows.get(0));
      }
      String bounds = rows.stream().map(r -> String.valueOf(r.get("bounds"))).toList().toString();
      assertTrue(bounds.toLowerCase(java.util.Locale.ROOT).contains("check"), bounds);
      assertTrue(bounds.contains("18") && bounds.contains("100"), "age bounds shown: " + bounds);
      assertTrue(bounds.contains("200000"), "salary bounds shown: " + bounds);
      for (Map<String, Object> row : rows) {
        assertTrue(
            String.valueOf(row.get("bounds")).contains("privacy unit"),
            "every coordinate shows the unit its sensitivity rests on: " + row);
      }
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(0.0, num(budget.get("epsilon_spent")));
      assertEquals(null, s.getWarnings(), "EXPLAIN and SHOW carry no cost warning");
    }
  }

  /** Gaussian, absolute objective: Σ L0 λ_i²/σ_i² = μ0² and σ_i ∝ √λ_i (the papers' optimum). */
  @Test
  void explainPrivacy_gaussianAbsolute_meetsAnalyticOptimum() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.objective = absolute");
      s.execute("SET dp.mechanism = gaussian");
      s.execute("SET dp.delta = 1e-6");
      List<Map<String, Object>> rows;
      try (ResultSet rs =
          s.executeQuery(
              "EXPLAIN PRIVACY SELECT COUNT(*) AS n, SUM(salary) AS total, AVG(age) AS a"
                  + " FROM employees")) {
        rows = rows(rs);
      }
      assertTrue(rows.size() >= 3, rows.toString());
      double mu0 = num(rows.get(0).get("mu0"));
      double l0 = num(rows.get(0).get("groups"));
      double constraint = 0;
      double ratio0 = Double.NaN;
      for (Map<String, Object> r : rows) {
        assertEquals("gaussian", r.get("mechanism"));
        double lambda = num(r.get("sensitivity"));
        double sigma = num(r.get("scale"));
        constraint += l0 * lambda * lambda / (sigma * sigma);
        double ratio = sigma * sigma / lambda; // σ_i² = λ_i ‖λ‖₁ L0 / μ0², so σ_i²/λ_i is constant
        if (Double.isNaN(ratio0)) {
          ratio0 = ratio;
        }
        assertEquals(ratio0, ratio, 1e-9 * ratio0, "sigma_i proportional to sqrt(lambda_i)");
        assertEquals(sigma, num(r.get("stddev")), 1e-12 * sigma);
      }
      assertEquals(mu0 * mu0, constraint, 1e-9 * mu0 * mu0);
    }
  }

  @Test
  void setAndShow_roundTrip_andBadValuesNameTheRange() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      assertFalse(s.execute("SET dp.epsilon = 0.5"));
      s.execute("SET dp.delta TO 1e-8");
      s.execute("SET dp.mechanism = 'gaussian'");
      s.execute("SET dp.objective = absolute");
      assertEquals(
          0.5, Double.parseDouble((String) oneRow(s, "SHOW dp.epsilon").get("dp.epsilon")));
      assertEquals(1e-8, Double.parseDouble((String) oneRow(s, "SHOW dp.delta").get("dp.delta")));
      assertEquals("gaussian", oneRow(s, "SHOW dp.mechanism").get("dp.mechanism"));
      assertEquals("absolute", oneRow(s, "SHOW dp.objective").get("dp.objective"));
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      for (String col :
          List.of("epsilon_spent", "delta_spent", "epsilon_remaining", "delta_remaining")) {
        assertNotNull(budget.get(col), col);
      }
      assertEquals("basic", budget.get("accounting"), "nothing spent yet: basic composition");
      for (String bad :
          List.of(
              "SET dp.epsilon = -1",
              "SET dp.epsilon = abc",
              "SET dp.delta = 1",
              "SET dp.mechanism = exponential",
              "SET dp.objective = fastest",
              "SET dp.nonsense = 1")) {
        SQLException e = Refusal.expect(() -> s.execute(bad));
        assertEquals("22023", e.getSQLState(), bad);
        assertTrue(e.getMessage().contains("dp."), e.getMessage());
      }
      SQLException e = Refusal.expect(() -> s.execute("SET dp.epsilon = -1"));
      assertTrue(e.getMessage().contains("> 0"), "names the allowed range: " + e.getMessage());
    }
  }
}
