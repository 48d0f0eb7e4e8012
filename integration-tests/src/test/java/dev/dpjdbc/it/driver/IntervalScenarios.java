package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.jdbc.ConfidenceInterval;
import dev.dpjdbc.driver.jdbc.DpResultSet;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Confidence intervals through {@code jdbc:dp:} ({@code SET dp.intervals}, {@code dp.confidence},
 * {@code DpResultSet.interval}): which columns get interval columns, their types in the describe
 * and the result, that they cost nothing, and their coverage.
 *
 * <p>Data: ci_people, 300 rows, v = id % 11 (CHECK 0..10), region N/S/E by id % 3: COUNT(*) = 300,
 * SUM(v) = 1497, AVG(v) = 4.99. False failures: the coverage test's two assertions per backend each
 * fail falsely with probability ≤ 2.5e-7 (the bound is computed in the test), so ≤ 1e-6 over both
 * backends; the other assertions are deterministic, except the width comparison (footnote there, ≤
 * 1e-9).
 */
abstract class IntervalScenarios extends ScenarioBase {
  private static final int TRUE_COUNT = 300;
  private static final long TRUE_SUM = sumOfIdMod11(300);

  private static long sumOfIdMod11(int n) {
    long s = 0;
    for (int id = 1; id <= n; id++) {
      s += id % 11;
    }
    return s;
  }

  @BeforeAll
  void createTable() throws Exception {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS ci_people");
      s.execute(
          "CREATE TABLE ci_people (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v BETWEEN 0"
              + " AND 10), region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E')))");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO ci_people VALUES (?, ?, ?)")) {
        for (int id = 1; id <= TRUE_COUNT; id++) {
          ps.setInt(1, id);
          ps.setInt(2, id % 11);
          ps.setString(3, new String[] {"N", "S", "E"}[id % 3]);
          ps.addBatch();
        }
        ps.executeBatch();
      }
    }
  }

  private static List<String> labels(ResultSetMetaData md) throws SQLException {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      out.add(md.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT));
    }
    return out;
  }

  @Test
  void intervalsOn_addColumnsAfterAggregates_notKeys_nullForDerived_inDescribeAndResult()
      throws SQLException {
    String sql =
        "SELECT region, COUNT(*) AS n, SUM(v) AS s, SUM(v) / COUNT(*) AS ratio FROM ci_people"
            + " GROUP BY region ORDER BY region";
    List<String> want =
        List.of(
            "region",
            "n",
            "n_ci_low",
            "n_ci_high",
            "s",
            "s_ci_low",
            "s_ci_high",
            "ratio",
            "ratio_ci_low",
            "ratio_ci_high");
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.intervals = on");
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ResultSetMetaData described = ps.getMetaData();
        assertEquals(want, labels(described), "the describe shows the interval columns");
        assertEquals(Types.BIGINT, described.getColumnType(3), "a COUNT's interval is BIGINT");
        try (ResultSet rs = ps.executeQuery()) {
          assertEquals(want, labels(rs.getMetaData()));
          int rows = 0;
          while (rs.next()) {
            rows++;
            long n = rs.getLong("n");
            assertTrue(rs.getObject("n_ci_low") instanceof Long, "BIGINT values are Longs");
            assertTrue(rs.getLong("n_ci_low") <= n && n <= rs.getLong("n_ci_high"));
            double sum = rs.getDouble("s");
            assertTrue(rs.getDouble("s_ci_low") <= sum && sum <= rs.getDouble("s_ci_high"));
            assertNull(rs.getObject("ratio_ci_low"), "an expression over aggregates: NULL");
            assertNull(rs.getObject("ratio_ci_high"));
            DpResultSet dp = rs.unwrap(DpResultSet.class);
            ConfidenceInterval ci = dp.interval("n");
            assertEquals(rs.getLong("n_ci_low"), (long) ci.low());
            assertEquals(rs.getLong("n_ci_high"), (long) ci.high());
            assertEquals(0.95, ci.confidence());
            assertNull(dp.interval("region"), "a key has none");
            assertNull(dp.interval("ratio"));
            assertNull(dp.interval("n_ci_low"));
          }
          assertEquals(3, rows);
        }
      }
    }
  }

  /**
   * Query shapes the post-processing handles (HAVING, ORDER BY ... LIMIT ?, an outer aggregate,
   * DISTINCT keys, CASE, a quantile, COUNT(DISTINCT)): with intervals on, the describe and the
   * result have the same columns, and every interval present holds its value.
   */
  @Test
  void manyShapes_describeMatchesResult_andIntervalsHoldTheirValues() throws SQLException {
    List<String> queries =
        List.of(
            "SELECT region, COUNT(*) AS n FROM ci_people GROUP BY region HAVING COUNT(*) > ?"
                + " ORDER BY n DESC LIMIT ?",
            "SELECT COUNT(*) AS groups FROM (SELECT region, COUNT(*) AS c FROM ci_people"
                + " GROUP BY region) t",
            "SELECT region, CASE WHEN COUNT(*) > 50 THEN 'many' ELSE 'few' END AS size,"
                + " STDDEV_SAMP(v) AS sd, VAR_POP(v) AS vp FROM ci_people GROUP BY region",
            "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY v) AS med,"
                + " COUNT(DISTINCT id) AS people FROM ci_people",
            "SELECT AVG(v) AS a, SUM(v) AS s FROM ci_people WHERE v > ? ORDER BY 1");
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.intervals = on");
      for (String q : queries) {
        try (PreparedStatement ps = c.prepareStatement(q)) {
          List<String> described = labels(ps.getMetaData());
          ParameterFill.fill(ps);
          try (ResultSet rs = ps.executeQuery()) {
            List<String> got = labels(rs.getMetaData());
            assertEquals(described, got, q);
            if (q.contains("CASE")) {
              assertEquals(
                  List.of(
                      "region",
                      "size",
                      "sd",
                      "sd_ci_low",
                      "sd_ci_high",
                      "vp",
                      "vp_ci_low",
                      "vp_ci_high"),
                  got,
                  "keys and a text CASE over aggregates get no interval columns");
            }
            while (rs.next()) {
              for (int i = 1; i + 2 <= got.size(); i++) {
                if (!got.get(i).equals(got.get(i - 1) + "_ci_low")) {
                  continue;
                }
                Object value = rs.getObject(i);
                Object low = rs.getObject(i + 1);
                Object high = rs.getObject(i + 2);
                if (got.get(i - 1).equals("med")) {
                  assertNull(low, "a quantile's interval is NULL");
                }
                if (value instanceof Number v && low != null) {
                  double x = v.doubleValue();
                  assertTrue(
                      ((Number) low).doubleValue() <= x && x <= ((Number) high).doubleValue(),
                      q + ": " + got.get(i - 1) + " " + low + " <= " + x + " <= " + high);
                }
              }
            }
          }
        }
      }
    }
  }

  /** Binds every parameter of the shape queries: small integers. */
  private static final class ParameterFill {
    static void fill(PreparedStatement ps) throws SQLException {
      int n = ps.getParameterMetaData().getParameterCount();
      for (int i = 1; i <= n; i++) {
        ps.setInt(i, i == n && n == 2 ? 2 : 3);
      }
    }
  }

  @Test
  void intervalsOff_noColumns_butTheTypedApiAnswers_atDpConfidence() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.confidence = 0.5");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n, AVG(v) AS a FROM ci_people")) {
        assertEquals(List.of("n", "a"), labels(rs.getMetaData()));
        assertTrue(rs.next());
        ConfidenceInterval n = rs.unwrap(DpResultSet.class).interval(1);
        assertNotNull(n);
        assertEquals(0.5, n.confidence());
        assertTrue(n.low() <= rs.getLong(1) && rs.getLong(1) <= n.high(), n.toString());
        ConfidenceInterval a = rs.unwrap(DpResultSet.class).interval("a");
        double avg = rs.getDouble(2);
        assertTrue(a.low() <= avg && avg <= a.high(), a + " around " + avg);
      }
    }
  }

  @Test
  void settings_showResetShowAll_badConfidenceRefused() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      assertEquals("off", oneRow(s, "SHOW dp.intervals").get("dp.intervals"));
      assertEquals("0.95", oneRow(s, "SHOW dp.confidence").get("dp.confidence"));
      s.execute("SET dp.intervals TO true");
      s.execute("SET dp.confidence = 0.9");
      assertEquals("on", oneRow(s, "SHOW dp.intervals").get("dp.intervals"));
      assertEquals("0.9", oneRow(s, "SHOW dp.confidence").get("dp.confidence"));
      for (String bad : List.of("1", "0", "1.5", "-0.1", "abc")) {
        SQLException e =
            assertThrows(SQLException.class, () -> s.execute("SET dp.confidence = " + bad));
        assertEquals("22023", e.getSQLState());
        assertTrue(e.getMessage().contains("> 0 and < 1"), e.getMessage());
      }
      SQLException e = assertThrows(SQLException.class, () -> s.execute("SET dp.intervals = 2"));
      assertEquals("22023", e.getSQLState());
      s.execute("RESET dp.intervals");
      s.execute("RESET dp.confidence");
      assertEquals("off", oneRow(s, "SHOW dp.intervals").get("dp.intervals"));
      assertEquals("0.95", oneRow(s, "SHOW dp.confidence").get("dp.confidence"));
      List<String> all = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SHOW ALL")) {
        while (rs.next()) {
          all.add(rs.getString(1));
        }
      }
      assertTrue(all.containsAll(List.of("dp.intervals", "dp.confidence")), all.toString());
    }
  }

  @Test
  void urlProperties_setTheInitialValues() throws SQLException {
    String url =
        backend.isPostgres()
            ? backend.dpUrl() + "?dp.intervals=on&dp.confidence=0.8"
            : backend.dpUrl() + ";dp.intervals=on;dp.confidence=0.8";
    Properties p = new Properties();
    p.setProperty("user", backend.user());
    p.setProperty("password", backend.password());
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", "url-" + UUID.randomUUID());
    try (Connection c = DriverManager.getConnection(url, p);
        Statement s = c.createStatement()) {
      assertEquals("on", oneRow(s, "SHOW dp.intervals").get("dp.intervals"));
      assertEquals("0.8", oneRow(s, "SHOW dp.confidence").get("dp.confidence"));
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n FROM ci_people")) {
        assertEquals(List.of("n", "n_ci_low", "n_ci_high"), labels(rs.getMetaData()));
      }
    }
    p.setProperty("dp.confidence", "1");
    String plain = backend.dpUrl();
    SQLException e =
        assertThrows(SQLException.class, () -> DriverManager.getConnection(plain, p).close());
    assertEquals("22023", e.getSQLState());
  }

  @Test
  void intervals_costNothing_sameChargeOnAndOff() throws SQLException {
    double[] spent = new double[2];
    for (int i = 0; i < 2; i++) {
      try (Connection c = dp();
          Statement s = c.createStatement()) {
        s.execute("SET dp.intervals = " + (i == 0 ? "off" : "on"));
        s.executeQuery("SELECT COUNT(*), SUM(v), AVG(v) FROM ci_people").close();
        Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
        spent[i] = num(budget.get("epsilon_spent"));
      }
    }
    assertEquals(spent[0], spent[1], 0.0, "intervals are post-processing");
    assertTrue(spent[0] > 0);
  }

  /**
   * The smallest m with P(Binomial(n, p) > m) ≤ alpha, summing the pmf in log space: a number of
   * misses above m has probability ≤ alpha when each release misses with probability ≤ p.
   */
  static int binomialUpper(int n, double p, double alpha) {
    double cumulative = 0;
    for (int k = 0; k <= n; k++) {
      double logPmf = logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p);
      cumulative += Math.exp(logPmf);
      if (1 - cumulative <= alpha) {
        return k;
      }
    }
    return n;
  }

  private static double logChoose(int n, int k) {
    double s = 0;
    for (int i = 1; i <= k; i++) {
      s += Math.log(n - k + i) - Math.log(i);
    }
    return s;
  }

  /**
   * 400 releases of COUNT(*) and SUM(v) at 95 %: each interval misses the truth with probability ≤
   * 0.05 (exact intervals), independently across releases, so misses ≤ binomialUpper(400, 0.05,
   * 2.5e-7) (= 45; the mean is 20) fail falsely with probability ≤ 2.5e-7 per assertion.
   */
  @Test
  void countAndSum_coverTheTruth_atLeastAtTheConfidence() throws SQLException {
    int n = 400;
    int limit = binomialUpper(n, 0.05, 2.5e-7);
    int countMisses = 0;
    int sumMisses = 0;
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.intervals = on");
      for (int i = 0; i < n; i++) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n, SUM(v) AS s FROM ci_people")) {
          assertTrue(rs.next());
          if (rs.getLong("n_ci_low") > TRUE_COUNT || rs.getLong("n_ci_high") < TRUE_COUNT) {
            countMisses++;
          }
          if (rs.getDouble("s_ci_low") > TRUE_SUM || rs.getDouble("s_ci_high") < TRUE_SUM) {
            sumMisses++;
          }
        }
      }
    }
    assertTrue(countMisses <= limit, "COUNT misses " + countMisses + " > " + limit);
    assertTrue(sumMisses <= limit, "SUM misses " + sumMisses + " > " + limit);
  }

  /**
   * AVG (delta method): the interval holds the estimate and narrows as ε grows. Width at ε = 10 vs
   * ε = 0.5: the noise sd shrinks 20-fold; the comparison fails only if a noisy count at ε = 0.5
   * strays by more than ~200 from 300 (Laplace b = 2 per coordinate share: probability ≤ 1e-9).
   */
  @Test
  void avg_intervalHoldsTheEstimate_andNarrowsWithEpsilon() throws SQLException {
    double[] width = new double[2];
    double[] eps = {0.5, 10};
    for (int i = 0; i < 2; i++) {
      try (Connection c = dp();
          Statement s = c.createStatement()) {
        s.execute("SET dp.intervals = on");
        s.execute("SET dp.epsilon = " + eps[i]);
        try (ResultSet rs = s.executeQuery("SELECT AVG(v) AS a FROM ci_people")) {
          assertTrue(rs.next());
          double a = rs.getDouble("a");
          double lo = rs.getDouble("a_ci_low");
          double hi = rs.getDouble("a_ci_high");
          assertTrue(lo <= a && a <= hi && 0 <= lo && hi <= 10, lo + " " + a + " " + hi);
          width[i] = hi - lo;
        }
      }
    }
    assertTrue(width[1] < width[0], "width at ε=10 " + width[1] + " vs ε=0.5 " + width[0]);
  }
}
