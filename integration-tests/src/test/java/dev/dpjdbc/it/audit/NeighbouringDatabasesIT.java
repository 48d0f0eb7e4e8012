package dev.dpjdbc.it.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End-to-end privacy audit of the {@code jdbc:dp:} driver as a black box: the same query, run
 * {@link #RUNS} times on each of two neighbouring H2 databases, must not let any pre-chosen event
 * tell them apart by more than the claimed ε = 1 (pure ε-DP: P[M(D) ∈ S] ≤ e^ε P[M(D′) ∈ S] for
 * every S, and with D, D′ swapped).
 *
 * <p><b>Databases.</b> D holds {@link #PEOPLE} employees (unit = primary key, salary CHECK-bounded
 * to [0, 200000]); D′ = D plus one person earning the upper bound 200000, the worst case for both
 * COUNT(*) (sensitivity 1) and SUM(salary) (sensitivity 200000).
 *
 * <p><b>Events</b>, fixed before any query runs from the known truths c (D) and c′ = c + Δ (D′):
 * S_t = {x ≥ t} and its complement {x &lt; t}, for t ∈ {c + Δ/2, c + Δ} (SUM) or {c + 1, c + 2}
 * (COUNT; the discrete Laplace makes P_D′(S_t)/P_D(S_t) = e^ε exactly there, continuous Laplace at
 * t = c + Δ). The best event's privacy loss is therefore ε itself, and the audit has power.
 *
 * <p><b>Test</b> ({@link ThresholdAudit}). For each event S and ordered pair (A, B) ∈ {(D, D′),
 * (D′, D)}, with k_A hits in n runs on A: lower Clopper–Pearson bound p_A^lo on P_A(S), upper bound
 * p_B^hi on P_B(S), each one-sided at level {@link #ALPHA}; then ε̂_lo = ln(p_A^lo / p_B^hi) is a
 * lower confidence bound on the privacy loss, asserted ≤ ε. The complement's bounds are 1 − the
 * event's (Clopper–Pearson is symmetric), so each (query, t, database) contributes one two-sided
 * interval, i.e. two one-sided bounds.
 *
 * <p><b>False-failure probability ≤ 1e-6.</b> An assertion can fail only if ε̂_lo > ε ≥ the true
 * loss, which needs p_A^lo > P_A(S) or p_B^hi &lt; P_B(S): one of the one-sided bounds missed.
 * There are 2 queries × 2 thresholds × 2 databases × 2 sides = 16 bounds, each missing with
 * probability ≤ ALPHA = 1e-6/16 = 6.25e-8 (Clopper–Pearson is exact-conservative), so by a union
 * bound all checks hold together with probability ≥ 1 − 1e-6. The power check (point estimate
 * ln(k_A/k_B) &gt; 0.5 for the best event, so constant outputs cannot pass) adds nothing
 * measurable: for the COUNT at t = c + 1, P_D′ ≈ 0.731 and P_D ≈ 0.269; the estimate falls to 0.5
 * only if one frequency moves by ≥ 0.108, which Hoeffding bounds by 2·exp(−2n·0.108²) &lt; 1e-30
 * for n = 3000; the SUM (t = c + Δ/2: 0.697 vs 0.303, ratio e^0.83) is similar.
 */
@Tag("statistical")
class NeighbouringDatabasesIT {
  /** Runs per query and database; {@code -Ddpjdbc.audit.runs=N} changes it. */
  static final int RUNS = Integer.getInteger("dpjdbc.audit.runs", 3000);

  static final double EPSILON = 1.0;
  static final int PEOPLE = 100;
  static final double SALARY_MAX = 200_000;

  /** One-sided level per Clopper–Pearson bound: 1e-6 over 16 bounds (class Javadoc). */
  static final double ALPHA = 1e-6 / 16;

  @TempDir Path dir;

  @Test
  void count_neighbouringDatabases_privacyLossStaysUnderEpsilon() throws Exception {
    audit("SELECT COUNT(*) FROM employees", PEOPLE, 1, new double[] {PEOPLE + 1, PEOPLE + 2});
  }

  @Test
  void boundedSum_neighbouringDatabases_privacyLossStaysUnderEpsilon() throws Exception {
    double sum = 0;
    for (int id = 1; id <= PEOPLE; id++) {
      sum += salary(id);
    }
    double[] thresholds = {sum + SALARY_MAX / 2, sum + SALARY_MAX};
    audit("SELECT SUM(salary) FROM employees", sum, SALARY_MAX, thresholds);
  }

  /** Runs {@code sql} on D and D′ and checks every event S_t = {x ≥ t} and its complement. */
  private void audit(String sql, double truthD, double delta, double[] thresholds)
      throws Exception {
    String ledger = "jdbc:h2:mem:audit-ledger-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    Path policy = dir.resolve("audit.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e9, delta: 0.0}\n"
            + "query: {epsilon: 1.0, delta: 0.0, mechanism: laplace, objective: absolute}\n"
            + "ledger: "
            + ledger
            + "\n");
    long start = System.nanoTime();
    double[] onD = run(database(false), policy, sql);
    double[] onNeighbour = run(database(true), policy, sql);
    double seconds = (System.nanoTime() - start) / 1e9;

    ThresholdAudit.Outcome o =
        ThresholdAudit.check(sql, onD, onNeighbour, thresholds, ALPHA, EPSILON);
    System.out.printf(
        Locale.ROOT,
        "NeighbouringDatabasesIT: %s n=%d (%.1f s): best ε lower bound %.3f, best point estimate"
            + " %.3f (claim ε=%.1f, Δ=%s, truth on D %s)%n",
        sql,
        RUNS,
        seconds,
        o.bestLower(),
        o.bestPoint(),
        EPSILON,
        delta,
        truthD);
    assertTrue(
        o.bestPoint() > 0.5,
        sql + ": the audit has no power (best point estimate " + o.bestPoint() + "):" + o.log());
  }

  /** The released values of {@code sql}, run {@link #RUNS} times through {@code jdbc:dp:}. */
  private static double[] run(String url, Path policy, String sql) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "sa");
    p.setProperty("password", "");
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", "auditor");
    try (Connection c = DriverManager.getConnection("jdbc:dp:" + url.substring(5), p);
        Statement s = c.createStatement()) {
      s.execute("SET dp.mechanism = laplace");
      s.execute("SET dp.epsilon = " + EPSILON);
      s.execute("SET dp.delta = 0");
      return ThresholdAudit.run(c, sql, RUNS);
    }
  }

  /** A fresh H2 database holding D, or D′ = D plus one person at the salary bound. */
  private static String database(boolean neighbour) throws SQLException {
    String url = "jdbc:h2:mem:audit-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    try (Connection c = DriverManager.getConnection(url, "sa", "");
        Statement s = c.createStatement()) {
      // Decimal literals: H2 stores integer ones as CASTs the analyzer does not read as bounds.
      s.execute(
          "CREATE TABLE employees (id INTEGER PRIMARY KEY, salary NUMERIC(10,2) NOT NULL"
              + " CHECK (salary >= 0.00 AND salary <= 200000.00))");
      for (int id = 1; id <= PEOPLE; id++) {
        s.execute("INSERT INTO employees VALUES (" + id + ", " + salary(id) + ")");
      }
      if (neighbour) {
        s.execute("INSERT INTO employees VALUES (" + (PEOPLE + 1) + ", " + SALARY_MAX + ")");
      }
    }
    return url;
  }

  private static double salary(int id) {
    return (id * 613L) % 2000 * 50;
  }
}
