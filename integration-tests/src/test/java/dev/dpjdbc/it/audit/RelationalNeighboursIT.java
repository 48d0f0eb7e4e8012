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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The privacy audit of {@link NeighbouringDatabasesIT} for queries only the relational analyzer
 * answers: a join along a foreign key, where a person has several rows, and an expression inside
 * the aggregate. Run through {@code jdbc:dp:} as a black box on embedded PostgreSQL and on H2.
 *
 * <p><b>Databases.</b> {@code employees(id PK, remote)} and {@code visits(id PK, employee_id
 * REFERENCES employees(id), cost CHECK 0..100, qty CHECK 1..5)}; the policy caps C = {@code
 * max_rows_per_unit} = {@value #CAP} visits per employee. D holds {@value #PEOPLE} employees with 1
 * to 3 visits each (within the cap, so D's true answers are the plain query's). D′ = D plus one
 * remote employee with {@value #WORST_VISITS} visits at cost 100 and qty 5: more rows than the cap,
 * every value at its bound. Without the cap that person would move COUNT by 10, not 3: the audit
 * checks the cap's enforcement as much as the noise.
 *
 * <p><b>Queries</b> ({@link Query}), each with the λ EXPLAIN PRIVACY must report before anything
 * runs: COUNT(*) over the join (λ = C = 3), SUM(v.cost) over it (λ = C·100 = 300) and SUM(v.cost *
 * v.qty) over it filtered on the parent's column (λ = C·max|[0,100]·[1,5]| = 1500). D′'s extra
 * person moves each true (capped) answer by exactly λ: the worst case.
 *
 * <p><b>Events</b>, fixed before any private query runs from c, the plain query's answer on D
 * (computed directly), and the λ asserted from EXPLAIN: S_t = {x ≥ t} and its complement for t ∈ {c
 * + λ/2, c + λ}. At t = c + λ the true loss is ε itself (continuous Laplace; for COUNT's discrete
 * Laplace, P(Y ≥ k) ∝ e^(−kε/λ) for k ≥ 0 gives the same), so the audit has power.
 *
 * <p><b>False-failure probability ≤ 1e-6</b> (this class alone; {@link NeighbouringDatabasesIT} has
 * its own 1e-6). The test ({@link ThresholdAudit}) fails only if one of its one-sided
 * Clopper–Pearson bounds misses: 3 queries × 2 backends × 2 thresholds × 2 databases × 2 sides = 48
 * bounds, each at level {@link #ALPHA} = 1e-6/48, so by a union bound all hold together with
 * probability ≥ 1 − 1e-6. The power check (best point estimate ln(k_A/k_B) &gt; 0.5, so a driver
 * releasing constants cannot pass) adds nothing measurable: at t = c + λ, P_D′ = 0.5 and P_D =
 * 0.5·e^−1 ≈ 0.18 for the sums (≈ 0.58 and 0.21 for COUNT), and the estimate falls to 0.5 only if
 * one frequency moves by ≥ 0.074, which Hoeffding bounds by 2·exp(−2n·0.074²) &lt; 1e-14 per case
 * for n = 3000.
 */
@Tag("statistical")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RelationalNeighboursIT {
  /** Runs per query and database; {@code -Ddpjdbc.audit.runs=N} changes it. */
  static final int RUNS = Integer.getInteger("dpjdbc.audit.runs", 3000);

  static final double EPSILON = 1.0;
  static final int PEOPLE = 100;
  static final int CAP = 3;
  static final int WORST_VISITS = 10;

  /** One-sided level per Clopper–Pearson bound: 1e-6 over 48 bounds (class Javadoc). */
  static final double ALPHA = 1e-6 / 48;

  /** The audited queries and the λ each must have. */
  enum Query {
    JOIN_COUNT("SELECT COUNT(*) FROM visits v JOIN employees e ON v.employee_id = e.id", CAP),
    JOIN_SUM(
        "SELECT SUM(v.cost) FROM visits v JOIN employees e ON v.employee_id = e.id", CAP * 100),
    PRODUCT_SUM(
        "SELECT SUM(v.cost * v.qty) FROM visits v JOIN employees e ON v.employee_id = e.id"
            + " WHERE e.remote",
        CAP * 500);

    final String sql;
    final double lambda;

    Query(String sql, double lambda) {
      this.sql = sql;
      this.lambda = lambda;
    }
  }

  /** One backend holding D and D′, with the credentials of its direct connections. */
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
      s.execute("CREATE DATABASE audit_d");
      s.execute("CREATE DATABASE audit_neighbour");
    }
    String pg = "jdbc:postgresql://localhost:" + postgres.getPort() + "/";
    sites.add(
        new Site("PostgreSQL", pg + "audit_d", pg + "audit_neighbour", "postgres", "postgres"));
    String h2 = "jdbc:h2:mem:relational-audit-" + UUID.randomUUID();
    sites.add(
        new Site("H2", h2 + "-d;DB_CLOSE_DELAY=-1", h2 + "-neighbour;DB_CLOSE_DELAY=-1", "sa", ""));
    for (Site site : sites) {
      populate(site, site.urlD(), false);
      populate(site, site.urlNeighbour(), true);
    }
    Path dir = Files.createTempDirectory("dpjdbc-relational-audit-");
    policy = dir.resolve("audit.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e9, delta: 0.0}\n"
            + "query: {epsilon: 1.0, delta: 0.0, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:mem:relational-audit-ledger-"
            + UUID.randomUUID()
            + ";DB_CLOSE_DELAY=-1\n"
            + "tables:\n"
            + "  visits: {max_rows_per_unit: "
            + CAP
            + "}\n");
  }

  @AfterAll
  void tearDown() throws IOException {
    postgres.close();
  }

  Iterable<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Site site : sites) {
      for (Query q : Query.values()) {
        out.add(Arguments.of(site, q));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void relationalQuery_neighbouringDatabases_privacyLossStaysUnderEpsilon(Site site, Query q)
      throws Exception {
    double truthD = plain(site, q.sql);
    double[] thresholds = {truthD + q.lambda / 2, truthD + q.lambda};
    long start = System.nanoTime();
    double[] onD;
    try (Connection c = dp(site, site.urlD())) {
      assertLambda(c, q);
      onD = ThresholdAudit.run(c, q.sql, RUNS);
    }
    double[] onNeighbour;
    try (Connection c = dp(site, site.urlNeighbour())) {
      onNeighbour = ThresholdAudit.run(c, q.sql, RUNS);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String what = site + ": " + q.sql;
    ThresholdAudit.Outcome o =
        ThresholdAudit.check(what, onD, onNeighbour, thresholds, ALPHA, EPSILON);
    System.out.printf(
        Locale.ROOT,
        "RelationalNeighboursIT: %s n=%d (%.1f s): best ε lower bound %.3f, best point estimate"
            + " %.3f (claim ε=%.1f, λ=%s, truth on D %s)%n",
        what,
        RUNS,
        seconds,
        o.bestLower(),
        o.bestPoint(),
        EPSILON,
        q.lambda,
        truthD);
    assertTrue(
        o.bestPoint() > 0.5,
        what + ": the audit has no power (best point estimate " + o.bestPoint() + "):" + o.log());
  }

  /** EXPLAIN PRIVACY (which spends nothing) reports the λ the thresholds were chosen from. */
  private static void assertLambda(Connection c, Query q) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + q.sql)) {
      assertTrue(rs.next(), q.sql);
      String bounds = rs.getString("bounds");
      assertEquals(q.lambda, rs.getDouble("sensitivity"), 1e-9, bounds);
      assertEquals(q.lambda / EPSILON, rs.getDouble("scale"), 1e-9 * q.lambda, bounds);
      assertTrue(bounds.contains("policy max_rows_per_unit"), bounds);
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

  /** The plain query's answer on D (a direct connection; D is within every bound and cap). */
  private static double plain(Site site, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(site.urlD(), site.user(), site.password());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1);
    }
  }

  /**
   * D: employee e (1..{@value #PEOPLE}) with 1 + e mod 3 visits; D′ adds one remote employee with
   * {@value #WORST_VISITS} visits at cost 100, qty 5.
   */
  private static void populate(Site site, String url, boolean neighbour) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, site.user(), site.password())) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE employees (id INTEGER PRIMARY KEY, remote BOOLEAN NOT NULL)");
        s.execute(
            "CREATE TABLE visits (id INTEGER PRIMARY KEY,"
                + " employee_id INTEGER NOT NULL REFERENCES employees (id),"
                + " cost INTEGER NOT NULL CHECK (cost BETWEEN 0 AND 100),"
                + " qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 5))");
      }
      try (PreparedStatement emp = c.prepareStatement("INSERT INTO employees VALUES (?, ?)");
          PreparedStatement visit = c.prepareStatement("INSERT INTO visits VALUES (?, ?, ?, ?)")) {
        int people = neighbour ? PEOPLE + 1 : PEOPLE;
        for (int e = 1; e <= people; e++) {
          boolean worst = e > PEOPLE;
          emp.setInt(1, e);
          emp.setBoolean(2, worst || e % 2 == 0);
          emp.addBatch();
          int visits = worst ? WORST_VISITS : 1 + e % 3;
          for (int k = 1; k <= visits; k++) {
            visit.setInt(1, 1000 * e + k);
            visit.setInt(2, e);
            visit.setInt(3, worst ? 100 : (e * 7 + k) % 101);
            visit.setInt(4, worst ? 5 : 1 + (e + k) % 5);
            visit.addBatch();
          }
        }
        emp.executeBatch();
        visit.executeBatch();
      }
    }
  }
}
