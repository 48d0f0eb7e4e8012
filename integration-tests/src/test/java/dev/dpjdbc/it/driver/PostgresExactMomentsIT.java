package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Through {@code jdbc:dp:} over embedded PostgreSQL, with ε = 10^12 per query (the ledger records
 * at most ρ = ε²/2 < 10^25) so the noise is tiny: SUM over INTEGER, BIGINT and NUMERIC columns
 * (kept in the backend's own type) and VAR_POP / STDDEV_SAMP over an integer column (exact BIGINT
 * squares, a midpoint that is not whole) answer the exact value computed by PostgreSQL in NUMERIC,
 * up to that noise.
 *
 * <p>False failures: EXPLAIN PRIVACY shows every coordinate's Laplace scale b ≤ 10^-2 (asserted),
 * and each answer is compared within 10^-3 of its exact value, relative, plus 0.5 (the released
 * integer's rounding). A coordinate's noise exceeds 30 b with probability e^-30 ≈ 10^-13. Within 30
 * b ≤ 0.3 per coordinate, the largest first-order error relative to its tolerance is VAR_POP(i)'s
 * (derivative about 48 in the count, 6·10^-4 in the squares): at most 15 against a tolerance of 83;
 * the others are further inside. Over the 7 queries' 14 coordinates, P ≤ 2·10^-12. (The i.n.i.d.
 * allocation gives VAR_POP(b)'s moments scales too large for so tight a bound; ExactMomentsTest
 * checks its coordinates digit for digit.)
 */
class PostgresExactMomentsIT {

  @Test
  void sumsAndMoments_areTheExactValues_upToTinyNoise() throws Exception {
    Backend backend = TestBackends.postgres();
    Path dir = TestBackends.tempDir();
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA em");
      s.execute(
          "CREATE TABLE em.readings (id INTEGER PRIMARY KEY,"
              + " i INTEGER CHECK (i BETWEEN 0 AND 999),"
              + " b BIGINT NOT NULL CHECK (b BETWEEN -5 AND 1000000),"
              + " n NUMERIC(12, 2) NOT NULL CHECK (n BETWEEN 0 AND 10))");
      s.execute(
          "INSERT INTO em.readings SELECT g,"
              + " CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 37) % 1000 END,"
              + " CASE WHEN g % 3 = 0 THEN -5 ELSE 1000000 - g END,"
              + " CAST(g % 1000 AS NUMERIC(12, 2)) / 100 + 0.01"
              + " FROM generate_series(1, 2000) g");
    }
    Path policy = dir.resolve("em.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e18, delta: 0.5}\n"
            + "query: {epsilon: 1.0e12, delta: 1.0e-7, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:file:"
            + dir.resolve("em-ledger").toAbsolutePath()
            + "\n"
            + "tables:\n"
            + "  em.readings: {privacy_unit: id}\n");
    String[] queries = {
      "SELECT SUM(i) FROM em.readings",
      "SELECT SUM(b) FROM em.readings",
      "SELECT SUM(n) FROM em.readings",
      "SELECT VAR_POP(i) FROM em.readings",
      "SELECT STDDEV_SAMP(i) FROM em.readings",
      "SELECT AVG(i) FROM em.readings",
      "SELECT AVG(n) FROM em.readings",
    };
    try (Connection dp = backend.dp(policy, "em-" + UUID.randomUUID());
        Statement s = dp.createStatement();
        Connection c = backend.direct();
        Statement d = c.createStatement()) {
      for (String q : queries) {
        double exact = exact(d, q.replace("(i)", "(CAST(i AS NUMERIC))"));
        try (ResultSet explain = s.executeQuery("EXPLAIN PRIVACY " + q)) {
          for (Map<String, Object> coordinate : ScenarioBase.rows(explain)) {
            double b = ScenarioBase.num(coordinate.get("scale"));
            assertTrue(b <= 1e-2, q + ": Laplace scale " + b + " of " + coordinate);
          }
        }
        Map<String, Object> row = ScenarioBase.oneRow(s, q);
        double noisy = ScenarioBase.num(row.values().iterator().next());
        assertEquals(exact, noisy, 1e-3 * Math.abs(exact) + 0.5, q);
      }
    }
  }

  private static double exact(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      BigDecimal v = rs.getBigDecimal(1);
      return v.doubleValue();
    }
  }
}
