package dev.dpjdbc.it.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.select.OptimalPartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionSelection;
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
 * The privacy audit of partition selection: {@code SELECT city, COUNT(*) FROM people GROUP BY city}
 * (city has no public domain) through {@code jdbc:dp:} as a black box, on embedded PostgreSQL and
 * H2, on neighbouring databases where the added person is in a group of their own, or is the second
 * person of a group.
 *
 * <p><b>Databases.</b> D0: city 'big' with {@value #BIG} people and 'pair' with 1. D1 = D0 plus one
 * person in city 'solo' (a group of their own). D2 = D0 plus a second person in 'pair'. The query
 * runs at ε = 1, δ = 0.1 (Laplace noise, L0 = 1): the selection's share is (ε_s, δ_s) = (0.5,
 * 0.05), so π(1) = δ_s = 0.05 and π(2) = e^ε_s·δ_s + δ_s ≈ 0.132 — both neighbour pairs are exactly
 * tight for the (ε_s, δ_s) claim. A large δ keeps the events measurable in 3000 runs; the ledger
 * charges δ_s per run, so every {@value #RUNS_PER_ANALYST} runs use a fresh analyst.
 *
 * <p><b>Event</b>: S = {the group ('solo' for D0/D1, 'pair' for D0/D2) is released}, and its
 * complement, in both directions. (ε, δ)-DP requires P_A(S) ≤ e^ε·P_B(S) + δ, so with one-sided
 * Clopper–Pearson bounds ε̂_lo = ln((P_A^lo − δ_s) / P_B^hi) is a lower confidence bound on the
 * selection's privacy loss; it is asserted ≤ ε_s (the selection's share, which implies the query's
 * claim (1, 0.1)).
 *
 * <p><b>False-failure probability ≤ 1e-6.</b> 2 cases × 2 backends × 2 databases × 2 sides = 16
 * one-sided bounds at α = 1e-6/32 each (≤ 5e-7 together). The power checks: D0 never releases
 * 'solo' (it has no such row: deterministic); on D1 'solo' is released in ≥ μ/2 of n = 3000 runs, μ
 * = 150 (Chernoff: P ≤ e^(−μ/8) = 7e-9 per backend); on D2 'pair' is released more often than on D0
 * (mean difference 247, Bernstein: P ≤ e^(−53) per backend). Total ≤ 1e-6.
 */
@Tag("statistical")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SelectionNeighboursIT {
  static final int RUNS = Integer.getInteger("dpjdbc.audit.runs", 3000);
  static final int BIG = 200;
  static final int RUNS_PER_ANALYST = 19; // 19 × δ_s = 0.95 of the 0.99 δ budget
  static final double EPSILON = 1.0;
  static final double DELTA = 0.1;
  static final double ALPHA = 1e-6 / 32;
  static final String SQL = "SELECT city, COUNT(*) AS n FROM people GROUP BY city";

  /** Which neighbour: the added person alone in 'solo', or the second person in 'pair'. */
  enum Case {
    OWN_GROUP("solo", 1),
    SECOND_OF_PAIR("pair", 2);

    final String city;
    final int database;

    Case(String city, int database) {
      this.city = city;
      this.database = database;
    }
  }

  record Site(String name, List<String> urls, String user, String password) {
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
    List<String> pg = new ArrayList<>();
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      for (int d = 0; d < 3; d++) {
        s.execute("CREATE DATABASE sel_d" + d);
        pg.add("jdbc:postgresql://localhost:" + postgres.getPort() + "/sel_d" + d);
      }
    }
    sites.add(new Site("PostgreSQL", pg, "postgres", "postgres"));
    String h2 = "jdbc:h2:mem:selection-audit-" + UUID.randomUUID();
    List<String> h2s = new ArrayList<>();
    for (int d = 0; d < 3; d++) {
      h2s.add(h2 + "-d" + d + ";DB_CLOSE_DELAY=-1");
    }
    sites.add(new Site("H2", h2s, "sa", ""));
    for (Site site : sites) {
      for (int d = 0; d < 3; d++) {
        populate(site, site.urls().get(d), d);
      }
    }
    Path dir = Files.createTempDirectory("dpjdbc-selection-audit-");
    policy = dir.resolve("audit.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e9, delta: 0.99}\n"
            + String.format(
                Locale.ROOT,
                "query: {epsilon: %s, delta: %s, mechanism: laplace, objective: absolute}%n",
                EPSILON,
                DELTA)
            + "ledger: jdbc:h2:mem:selection-audit-ledger-"
            + UUID.randomUUID()
            + ";DB_CLOSE_DELAY=-1\n");
  }

  @AfterAll
  void tearDown() throws IOException {
    postgres.close();
  }

  Iterable<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Site site : sites) {
      for (Case c : Case.values()) {
        out.add(Arguments.of(site, c));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void selection_neighbouringDatabases_privacyLossStaysUnderTheClaim(Site site, Case c)
      throws Exception {
    OptimalPartitionRule rule =
        PartitionSelection.optimal(new PrivacyParams(EPSILON / 2, DELTA / 2), 1);
    double epsS = EPSILON / 2;
    double deltaS = DELTA / 2;
    assertExplain(site);
    long start = System.nanoTime();
    int kD0 = released(site, site.urls().get(0), c.city);
    int kNeighbour = released(site, site.urls().get(c.database), c.city);
    double seconds = (System.nanoTime() - start) / 1e9;
    int n = RUNS;
    // S = {released}: D′ more likely; complement: D0 more likely; both directions each
    int[][] pairs = {{kNeighbour, kD0}, {kD0, kNeighbour}, {n - kD0, n - kNeighbour}};
    double best = Double.NEGATIVE_INFINITY;
    StringBuilder log = new StringBuilder();
    for (int[] p : pairs) {
      double aLo = ThresholdAudit.lowerBound(p[0], n, ALPHA) - deltaS;
      double bHi = ThresholdAudit.upperBound(p[1], n, ALPHA);
      double lower = aLo <= 0 ? Double.NEGATIVE_INFINITY : Math.log(aLo / bHi);
      log.append(String.format(Locale.ROOT, " k=%d/%d ε_lo=%.3f;", p[0], p[1], lower));
      assertTrue(lower <= epsS, site + " " + c + ": loss " + lower + " > ε_s = " + epsS + log);
      best = Math.max(best, lower);
    }
    double point =
        kD0 == 0 ? Double.NaN : Math.log(((double) kNeighbour / n - deltaS) / ((double) kD0 / n));
    System.out.printf(
        Locale.ROOT,
        "SelectionNeighboursIT: %s %s n=%d (%.1f s): released %d/%d on D0, %d/%d on the"
            + " neighbour (π=%.4f, %.4f); best (ε,δ_s) loss lower bound %.3f, point %.3f (claim"
            + " ε_s=%.2f, δ_s=%.3f)%n",
        site,
        c,
        n,
        seconds,
        kD0,
        n,
        kNeighbour,
        n,
        rule.keepProbability(c.database - 1),
        rule.keepProbability(c.database),
        best,
        point,
        epsS,
        deltaS);
    if (c == Case.OWN_GROUP) {
      assertEquals(0, kD0, "D0 has nobody in 'solo': never released");
      assertTrue(kNeighbour >= n * deltaS / 2, "no power: 'solo' released " + kNeighbour);
    } else {
      assertTrue(kNeighbour > kD0, "no power: 'pair' released " + kNeighbour + " vs " + kD0);
    }
  }

  /** EXPLAIN PRIVACY (free) shows the selection at the share the events were chosen from. */
  private void assertExplain(Site site) throws SQLException {
    try (Connection c = dp(site, site.urls().get(0), "explain-" + UUID.randomUUID());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + SQL)) {
      assertTrue(rs.next());
      assertTrue(rs.next(), "a selection row");
      String bounds = rs.getString("bounds");
      assertTrue(bounds.contains("epsilon=0.500000, delta=0.0500000"), bounds);
      assertEquals(1, rs.getInt("groups"), bounds);
    }
  }

  /** In how many of {@link #RUNS} runs {@code city} is released. */
  private int released(Site site, String url, String city) throws SQLException {
    int k = 0;
    int done = 0;
    while (done < RUNS) {
      try (Connection c = dp(site, url, "auditor-" + UUID.randomUUID());
          Statement s = c.createStatement()) {
        for (int i = 0; i < RUNS_PER_ANALYST && done < RUNS; i++, done++) {
          try (ResultSet rs = s.executeQuery(SQL)) {
            while (rs.next()) {
              k += city.equals(rs.getString(1)) ? 1 : 0;
            }
          }
        }
      }
    }
    return k;
  }

  private Connection dp(Site site, String url, String analyst) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", site.user());
    p.setProperty("password", site.password());
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", analyst);
    return DriverManager.getConnection("jdbc:dp:" + url.substring("jdbc:".length()), p);
  }

  /** D0: 'big' × {@value #BIG}, 'pair' × 1; D1 adds one in 'solo'; D2 one more in 'pair'. */
  private static void populate(Site site, String url, int database) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, site.user(), site.password())) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, city VARCHAR(10) NOT NULL)");
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO people VALUES (?, ?)")) {
        int id = 0;
        List<String> cities = new ArrayList<>();
        for (int i = 0; i < BIG; i++) {
          cities.add("big");
        }
        cities.add("pair");
        if (database == 1) {
          cities.add("solo");
        } else if (database == 2) {
          cities.add("pair");
        }
        for (String city : cities) {
          ps.setInt(1, ++id);
          ps.setString(2, city);
          ps.addBatch();
        }
        ps.executeBatch();
      }
    }
  }
}
