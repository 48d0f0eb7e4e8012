package dev.dpjdbc.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Quantiles through {@code jdbc:dp:} on embedded PostgreSQL and H2: the privacy audit of a median
 * on neighbouring databases, and the accuracy EXPLAIN PRIVACY promises.
 *
 * <p><b>Audit.</b> {@code people(id PK, score INTEGER CHECK 0..100)}: D holds 21 people with scores
 * 40..60, D′ = D plus one person with score 70 (one unit, C = 1). The query {@code
 * PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY score)} runs at ε = 1 (the only part of the split, so
 * ε_q = 1 and ε′ = 1; 101 buckets of width 1). Events S_t = {x ≥ t} and complements for t ∈ {45.5,
 * 49.5, 50.5, 51.5}: the exact mechanism's largest loss among events of probability ≥ 0.02 is 0.26,
 * at {x &lt; 50} (0.407 on D against 0.313 on D′). {@link ThresholdAudit} asserts every
 * Clopper–Pearson lower bound ≤ ε.
 *
 * <p><b>Accuracy.</b> {@code scores(id PK, score INTEGER CHECK 0..10000)} with 2000 people, scores
 * 5·id mod 10001; the median at ε = 1, run {@value #ACCURACY_RUNS} times per backend: each released
 * value must pass the corpus's rank check at the bound t(β) = t(10⁻⁶) + 2·ln(10⁻⁶/β)/ε′ (EXPLAIN's
 * {@code rank_error} moved to β = 10⁻⁶/(2·{@value #ACCURACY_RUNS}), as t(β) = 2·ln(K/β)/ε′), within
 * one bucket width.
 *
 * <p><b>False-failure probability ≤ 1e-6 per part.</b> Audit: 4 thresholds × 2 databases × 2 sides
 * × 2 backends = 32 one-sided bounds at level 1e-6/32 each. Power (best point estimate &gt; 0.08,
 * so a driver releasing constants cannot pass): the estimate ln(k_D/k_D′) at {x &lt; 50} has mean
 * 0.26 and standard deviation ≈ 0.035 at n = 3000, so it falls below 0.08 with probability ≈ 2e-7
 * per backend. Accuracy: 2 × {@value #ACCURACY_RUNS} runs, each failing with probability ≤ β.
 */
@Tag("statistical")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QuantileAuditIT {
  static final int RUNS = Integer.getInteger("dpjdbc.audit.runs", 3000);
  static final int ACCURACY_RUNS = 200;
  static final double EPSILON = 1.0;
  static final double ALPHA = 1e-6 / 32;
  static final String MEDIAN =
      "SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY score) FROM people";
  static final String ACCURACY =
      "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY score) AS med FROM scores";

  record Site(String name, String urlD, String urlNeighbour, String user, String password) {
    @Override
    public String toString() {
      return name;
    }
  }

  private EmbeddedPostgres postgres;
  private final List<Site> sites = new ArrayList<>();
  private Path policy;

  @BeforeAll
  void setUp() throws Exception {
    try {
      postgres = EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start (as root it needs `unshare -U`): " + e, e);
    }
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE quantile_d");
      s.execute("CREATE DATABASE quantile_neighbour");
    }
    String pg = "jdbc:postgresql://localhost:" + postgres.getPort() + "/";
    sites.add(
        new Site(
            "PostgreSQL", pg + "quantile_d", pg + "quantile_neighbour", "postgres", "postgres"));
    String h2 = "jdbc:h2:mem:quantile-audit-" + UUID.randomUUID();
    sites.add(
        new Site("H2", h2 + "-d;DB_CLOSE_DELAY=-1", h2 + "-neighbour;DB_CLOSE_DELAY=-1", "sa", ""));
    for (Site site : sites) {
      populate(site, site.urlD(), false);
      populate(site, site.urlNeighbour(), true);
    }
    Path dir = Files.createTempDirectory("dpjdbc-quantile-audit-");
    policy = dir.resolve("audit.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e9, delta: 0.0}\n"
            + "query: {epsilon: 1.0, delta: 0.0, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:mem:quantile-audit-ledger-"
            + UUID.randomUUID()
            + ";DB_CLOSE_DELAY=-1\n");
  }

  @AfterAll
  void tearDown() throws IOException {
    postgres.close();
  }

  List<Site> sites() {
    return sites;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sites")
  void median_neighbouringDatabases_privacyLossStaysUnderEpsilon(Site site) throws Exception {
    double[] thresholds = {45.5, 49.5, 50.5, 51.5};
    double[] onD;
    try (Connection c = dp(site, site.urlD())) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + MEDIAN)) {
        assertTrue(rs.next());
        assertEquals("exponential", rs.getString("mechanism"));
        assertEquals(1.0, rs.getDouble("sensitivity"), 0);
        assertEquals(EPSILON, rs.getDouble("scale"), 1e-12, "per-group epsilon");
        assertEquals(1.0, rs.getDouble("bucket_width"), 0);
      }
      onD = ThresholdAudit.run(c, MEDIAN, RUNS);
    }
    double[] onNeighbour;
    try (Connection c = dp(site, site.urlNeighbour())) {
      onNeighbour = ThresholdAudit.run(c, MEDIAN, RUNS);
    }
    String what = site + ": " + MEDIAN;
    ThresholdAudit.Outcome o =
        ThresholdAudit.check(what, onD, onNeighbour, thresholds, ALPHA, EPSILON);
    System.out.printf(
        Locale.ROOT,
        "QuantileAuditIT: %s n=%d: best ε lower bound %.3f, best point estimate %.3f (claim"
            + " ε=%.1f)%n",
        what,
        RUNS,
        o.bestLower(),
        o.bestPoint(),
        EPSILON);
    assertTrue(o.bestPoint() > 0.08, what + ": the audit has no power:" + o.log());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sites")
  void median_rankError_withinExplainedBound(Site site) throws Exception {
    double[] sorted;
    try (Connection c = DriverManager.getConnection(site.urlD(), site.user(), site.password());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT score FROM scores ORDER BY score")) {
      List<Double> v = new ArrayList<>();
      while (rs.next()) {
        v.add(rs.getDouble(1));
      }
      sorted = v.stream().mapToDouble(Double::doubleValue).toArray();
    }
    try (Connection c = dp(site, site.urlD())) {
      double t6;
      double epsPrime;
      double width;
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + ACCURACY)) {
        assertTrue(rs.next());
        t6 = rs.getDouble("rank_error");
        epsPrime = rs.getDouble("scale");
        width = rs.getDouble("bucket_width");
      }
      double beta = 1e-6 / (2.0 * ACCURACY_RUNS);
      double t = t6 + 2 * Math.log(1e-6 / beta) / epsPrime;
      double target = 0.5 * sorted.length;
      double[] released = ThresholdAudit.run(c, ACCURACY, ACCURACY_RUNS);
      double worst = 0;
      for (double v : released) {
        int below = 0;
        int atOrBelow = 0;
        for (double x : sorted) {
          below += x < v - width * (1 + 1e-9) ? 1 : 0;
          atOrBelow += x <= v + width * (1 + 1e-9) ? 1 : 0;
        }
        double err = Math.max(0, Math.max(target - atOrBelow, below - target));
        worst = Math.max(worst, err);
        assertTrue(
            err <= t,
            site
                + ": released median "
                + v
                + " has rank ["
                + below
                + ", "
                + atOrBelow
                + "], bound "
                + t
                + " around "
                + target);
      }
      System.out.printf(
          Locale.ROOT,
          "QuantileAuditIT: %s accuracy: worst rank error %.1f of n=%d, bound %.1f (t(1e-6)=%.1f,"
              + " bucket width %s)%n",
          site,
          worst,
          sorted.length,
          t,
          t6,
          width);
    }
  }

  private Connection dp(Site site, String url) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", site.user());
    p.setProperty("password", site.password());
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", "auditor");
    Connection c = DriverManager.getConnection("jdbc:dp:" + url.substring("jdbc:".length()), p);
    try (Statement s = c.createStatement()) {
      s.execute("SET dp.mechanism = laplace");
      s.execute("SET dp.epsilon = " + EPSILON);
      s.execute("SET dp.delta = 0");
    }
    return c;
  }

  private static void populate(Site site, String url, boolean neighbour) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, site.user(), site.password())) {
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE people (id INTEGER PRIMARY KEY,"
                + " score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100))");
        s.execute(
            "CREATE TABLE scores (id INTEGER PRIMARY KEY,"
                + " score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 10000))");
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO people VALUES (?, ?)")) {
        for (int i = 0; i <= 20; i++) {
          ps.setInt(1, i + 1);
          ps.setInt(2, 40 + i);
          ps.addBatch();
        }
        if (neighbour) {
          ps.setInt(1, 100);
          ps.setInt(2, 70);
          ps.addBatch();
        }
        ps.executeBatch();
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO scores VALUES (?, ?)")) {
        for (int i = 1; i <= 2000; i++) {
          ps.setInt(1, i);
          ps.setInt(2, (5 * i) % 10001);
          ps.addBatch();
        }
        ps.executeBatch();
      }
    }
  }
}
