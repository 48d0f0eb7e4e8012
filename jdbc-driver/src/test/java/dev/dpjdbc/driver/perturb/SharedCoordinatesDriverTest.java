package dev.dpjdbc.driver.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Shared coordinates through the real {@code jdbc:dp:h2:mem:} path (docs/mechanisms.md "Shared
 * coordinates"): SUM and AVG of one column draw one sum, the released values agree, the derived
 * SUM's interval covers it, and its variance is the declared one.
 */
class SharedCoordinatesDriverTest {
  private static final int GROUPS = 64;
  private Connection direct;
  private Connection dp;
  private Path policy;

  @BeforeEach
  void setUp() throws Exception {
    String db = "shared_" + UUID.randomUUID().toString().replace("-", "");
    direct = DriverManager.getConnection("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1", "sa", "");
    try (Statement s = direct.createStatement()) {
      s.execute("CREATE TABLE t (id INT PRIMARY KEY, g INT NOT NULL, x DOUBLE PRECISION NOT NULL)");
      s.execute(
          "INSERT INTO t SELECT x, MOD(x, "
              + GROUPS
              + "), 20 + MOD(x * 37, 61) FROM SYSTEM_RANGE(1, 6400)");
    }
    StringBuilder domain = new StringBuilder();
    for (int i = 0; i < GROUPS; i++) {
      domain.append(i == 0 ? "" : ", ").append(i);
    }
    policy = Files.createTempFile("shared-policy", ".yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e15, delta: 0.9}\n"
            + "ledger: jdbc:h2:mem:"
            + db
            + "_ledger;DB_CLOSE_DELAY=-1\n"
            + "tables:\n  public.t:\n    privacy_unit: id\n    columns:\n"
            + "      g: {values: ["
            + domain
            + "]}\n      x: {min: 0, max: 100}\n");
    Properties p = new Properties();
    p.setProperty("user", "sa");
    p.setProperty("password", "");
    p.setProperty("dp.policy", policy.toString());
    dp = DriverManager.getConnection("jdbc:dp:h2:mem:" + db, p);
  }

  @AfterEach
  void tearDown() throws Exception {
    dp.close();
    try (Statement s = direct.createStatement()) {
      s.execute("SHUTDOWN");
    }
    direct.close();
    Files.deleteIfExists(policy);
  }

  @Test
  void explain_sumAndAvg_drawOneSum() throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (Statement s = dp.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PRIVACY SELECT SUM(x), AVG(x) FROM t")) {
      while (rs.next()) {
        rows.add(
            new String[] {
              rs.getString("aggregate"),
              rs.getString("output_column"),
              rs.getString("output_stddev")
            });
      }
    }
    assertEquals(2, rows.size(), "COUNT(*) and one sum");
    assertEquals("COUNT(*)", rows.get(0)[0]);
    assertEquals("SUM(x - 50)", rows.get(1)[0]);
    assertEquals("sum, avg", rows.get(1)[1]);
    assertTrue(rows.get(1)[2].startsWith("sum="), rows.get(1)[2]);
    assertTrue(rows.get(1)[2].contains("avg=√("), rows.get(1)[2]);
  }

  /**
   * SUM = c + 50·n and AVG = c/n + 50 from the same noisy c and n, COUNT = n rounded: so |SUM −
   * AVG·COUNT| = |AVG|·|n − COUNT| ≤ |AVG|/2 (no clamp is reached: the true AVG is 50 and the sums
   * are far from 0), up to floating-point rounding.
   */
  @Test
  void release_sumAvgCount_consistent() throws SQLException {
    for (int r = 0; r < 20; r++) {
      try (Statement s = dp.createStatement();
          ResultSet rs = s.executeQuery("SELECT SUM(x), AVG(x), COUNT(*) FROM t")) {
        assertTrue(rs.next());
        double sum = rs.getDouble(1);
        double avg = rs.getDouble(2);
        long count = rs.getLong(3);
        assertTrue(
            Math.abs(sum - avg * count) <= Math.abs(avg) / 2 + 1e-9 * Math.abs(sum),
            sum + " vs " + avg + " · " + count);
      }
    }
  }

  @Test
  void intervals_derivedSum_containsItsValue() throws SQLException {
    try (Statement s = dp.createStatement()) {
      s.execute("SET dp.intervals = on");
      try (ResultSet rs = s.executeQuery("SELECT SUM(x) AS s, AVG(x) AS a FROM t")) {
        assertTrue(rs.next());
        double v = rs.getDouble("s");
        assertNotNull(rs.getObject("s_ci_low"));
        assertTrue(rs.getDouble("s_ci_low") <= v && v <= rs.getDouble("s_ci_high"));
        assertTrue(rs.getDouble("s_ci_high") - rs.getDouble("s_ci_low") > 0);
      }
    }
  }

  /**
   * The derived SUM's noise has the declared variance (EXPLAIN PRIVACY's output_stddev), Gaussian
   * noise: N = 40 releases × 64 groups errors, T = Σe²/σ² ~ χ²_N; Laurent &amp; Massart (2000): P(T
   * − N ≥ 2√(Nx) + 2x) ≤ e^−x and P(N − T ≥ 2√(Nx)) ≤ e^−x, x = ln(2·10⁶): false failure ≤ 10⁻⁶.
   */
  @Test
  @Tag("statistical")
  void derivedSum_varianceIsTheDeclaredOne() throws SQLException {
    String sql = "SELECT g, SUM(x) AS s, AVG(x) AS a FROM t GROUP BY g ORDER BY g";
    double[] exact = new double[GROUPS];
    try (Statement s = direct.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        exact[rs.getInt(1)] = rs.getDouble(2);
      }
    }
    double sd = Double.NaN;
    try (Statement s = dp.createStatement()) {
      s.execute("SET dp.mechanism = gaussian");
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
        while (rs.next()) {
          String o = rs.getString("output_stddev");
          if (o.startsWith("s=")) {
            sd = Double.parseDouble(o.substring(2, o.indexOf(';')));
          }
        }
      }
      double t = 0;
      long n = 0;
      for (int r = 0; r < 40; r++) {
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            double e = rs.getDouble(2) - exact[rs.getInt(1)];
            t += e * e / (sd * sd);
            n++;
          }
        }
      }
      double x = Math.log(2e6);
      assertEquals(40L * GROUPS, n);
      assertTrue(t >= n - 2 * Math.sqrt(n * x), "too little noise: T/N = " + t / n);
      assertTrue(t <= n + 2 * Math.sqrt(n * x) + 2 * x, "too much noise: T/N = " + t / n);
    }
  }
}
