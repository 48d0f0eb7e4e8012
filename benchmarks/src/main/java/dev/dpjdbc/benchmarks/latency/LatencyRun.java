package dev.dpjdbc.benchmarks.latency;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.benchmarks.latency.LatencyData.Query;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.policy.Policy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Measures one table size: every query of {@link LatencyData#MIX}, {@code runs} timed rounds after
 * {@code warmups} untimed ones. A round runs each query four ways, interleaved, starting one way
 * later every round so no way always runs first: {@code direct} (the analyst SQL through pgJDBC),
 * {@code dp} (the same SQL through {@code jdbc:dp:postgresql:}, charged to the H2-file ledger),
 * {@code rewritten} (the statement the driver runs, with its bind parameters, through pgJDBC) and
 * {@code explain} ({@code EXPLAIN PRIVACY} through the driver: the path up to the charge, with the
 * cached plan). Outside the rounds: the ledger charge alone and the planner, uncached and cached.
 * Every time is the client's wall time in milliseconds, reading every row.
 */
final class LatencyRun {
  /** The four ways a query runs within a round, in the order of {@link Timings#millis}. */
  static final List<String> WAYS = List.of("direct", "dp", "rewritten", "explain");

  /**
   * One query's sorted timings per way (index as {@link #WAYS}), its planning times, and its
   * post-processing above the released aggregates: "no", "copy" (a projection of the released
   * columns, copied without Calcite's interpreter) or "interpreter".
   */
  record Timings(
      Query query,
      double[][] millis,
      double firstDpMillis,
      double planMillis,
      double cachedMs,
      String post,
      String rewrittenSql) {
    double p(int way, double q) {
      return percentile(millis[way], q);
    }
  }

  /** One size's result: the timings per query and the ledger charge alone. */
  record SizeResult(int rows, int runs, List<Timings> queries, double[] chargeMillis) {}

  private LatencyRun() {}

  static SizeResult measure(
      String pgUrl, Path policyFile, int rows, int warmups, int runs, int planReps)
      throws Exception {
    Properties dpProps = new Properties();
    dpProps.setProperty("user", "postgres");
    dpProps.setProperty("dp.policy", policyFile.toString());
    dpProps.setProperty("dp.analyst", "bench");
    Policy policy = Policy.parse(Files.readString(policyFile), "latency benchmark policy");
    try (Connection direct = DriverManager.getConnection("jdbc:" + pgUrl, "postgres", "");
        Connection dp = DriverManager.getConnection("jdbc:dp:" + pgUrl, dpProps)) {
      List<Query> mix = LatencyData.MIX;
      List<PrivacyPlan> plans = new ArrayList<>();
      double[] first = new double[mix.size()];
      for (int q = 0; q < mix.size(); q++) {
        first[q] = time(dp, mix.get(q).sql());
      }
      SensitivityAnalyzer analyzer = SensitivityAnalyzer.create(direct, policy);
      for (Query q : mix) {
        plans.add(analyzer.plan(q.sql()));
      }
      double[][][] t = new double[mix.size()][WAYS.size()][runs];
      for (int r = -warmups; r < runs; r++) {
        for (int q = 0; q < mix.size(); q++) {
          for (int k = 0; k < WAYS.size(); k++) {
            int way = Math.floorMod(k + r + q, WAYS.size());
            String sql = mix.get(q).sql();
            double ms =
                switch (way) {
                  case 0 -> time(direct, sql);
                  case 1 -> time(dp, sql);
                  case 2 -> timeRewritten(direct, plans.get(q));
                  default -> time(dp, "EXPLAIN PRIVACY " + sql);
                };
            if (r >= 0) {
              t[q][way][r] = ms;
            }
          }
        }
      }
      double[] planMs = new double[mix.size()];
      double[] cachedMs = new double[mix.size()];
      planTimes(direct, policy, planReps, planMs, cachedMs);
      List<Timings> out = new ArrayList<>();
      for (int q = 0; q < mix.size(); q++) {
        for (double[] way : t[q]) {
          Arrays.sort(way);
        }
        PrivacyPlan.Post above = plans.get(q).post();
        String post =
            above == null ? "no" : above.processor().isProjection() ? "copy" : "interpreter";
        out.add(
            new Timings(
                mix.get(q),
                t[q],
                first[q],
                planMs[q],
                cachedMs[q],
                post,
                plans.get(q).rewrittenSql()));
      }
      return new SizeResult(rows, runs, out, chargeTimes(policyFile, warmups, runs));
    }
  }

  /**
   * The planner alone: median over {@code reps} fresh analyzers (catalog read first, by a query of
   * another text) of each query's first, uncached plan, and of its second, cached one.
   */
  private static void planTimes(
      Connection c, Policy policy, int reps, double[] planMs, double[] cachedMs)
      throws SQLException {
    List<Query> mix = LatencyData.MIX;
    double[][] cold = new double[mix.size()][reps];
    double[][] warm = new double[mix.size()][reps];
    for (int k = 0; k < reps; k++) {
      SensitivityAnalyzer a = SensitivityAnalyzer.create(c, policy);
      a.plan("SELECT COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id");
      for (int q = 0; q < mix.size(); q++) {
        long t0 = System.nanoTime();
        a.plan(mix.get(q).sql());
        long t1 = System.nanoTime();
        a.plan(mix.get(q).sql());
        long t2 = System.nanoTime();
        cold[q][k] = (t1 - t0) / 1e6;
        warm[q][k] = (t2 - t1) / 1e6;
      }
    }
    for (int q = 0; q < mix.size(); q++) {
      Arrays.sort(cold[q]);
      Arrays.sort(warm[q]);
      planMs[q] = percentile(cold[q], 0.5);
      cachedMs[q] = percentile(warm[q], 0.5);
    }
  }

  /** The ledger charge alone, on its own H2 file next to the policy, sorted. */
  private static double[] chargeTimes(Path policyFile, int warmups, int runs) throws SQLException {
    Path dir = policyFile.toAbsolutePath().getParent();
    double[] ms = new double[runs];
    Ledger.Budget budget = new Ledger.Budget(1e9, 0.5);
    PrivacyCost cost = new PrivacyCost(1.0, 1e-7, 0.5, 1e-7);
    try (Ledger ledger = Ledger.open("jdbc:h2:file:" + dir.resolve("charge-only-ledger"))) {
      for (int r = -warmups; r < runs; r++) {
        long t0 = System.nanoTime();
        ledger.charge("bench", budget, cost, "latency benchmark: ledger charge alone");
        if (r >= 0) {
          ms[r] = (System.nanoTime() - t0) / 1e6;
        }
      }
    } catch (SQLException e) {
      throw e;
    } catch (Exception e) {
      throw new SQLException("closing the ledger failed", e);
    }
    Arrays.sort(ms);
    return ms;
  }

  private static double time(Connection c, String sql) throws SQLException {
    long t0 = System.nanoTime();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      drain(rs);
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  private static double timeRewritten(Connection c, PrivacyPlan plan) throws SQLException {
    long t0 = System.nanoTime();
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      List<ParameterSource> params = plan.parameters();
      for (int i = 0; i < params.size(); i++) {
        ParameterSource.Constant k = (ParameterSource.Constant) params.get(i);
        ps.setObject(i + 1, k.value(), k.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        drain(rs);
      }
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  private static void drain(ResultSet rs) throws SQLException {
    int columns = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      for (int i = 1; i <= columns; i++) {
        rs.getObject(i);
      }
    }
  }

  /** Nearest-rank percentile of sorted values. */
  static double percentile(double[] sorted, double q) {
    int i = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }
}
