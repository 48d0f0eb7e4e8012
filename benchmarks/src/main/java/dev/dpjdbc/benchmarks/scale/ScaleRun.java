package dev.dpjdbc.benchmarks.scale;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.benchmarks.rewrite.BackendCpu;
import dev.dpjdbc.benchmarks.scale.ScaleData.Query;
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
 * Measures one table size: every query of {@link ScaleData#MIX} four ways, {@code runs} timed
 * rounds after {@code warmups} untimed ones, interleaved (a round runs each query every way,
 * starting one way later every round so no way always runs first):
 *
 * <ol>
 *   <li>{@code raw}: the analyst's SQL through pgJDBC;
 *   <li>{@code clamp}: the statement the analyzer produces under the per-row policy (value clamps,
 *       no per-unit bounding), with its bind parameters, through pgJDBC;
 *   <li>{@code per-unit}: the statement under the per-person policy (clamps plus the
 *       pre-aggregation per (unit, group) and the contribution limits), through pgJDBC;
 *   <li>{@code dp}: the analyst's SQL through {@code jdbc:dp:postgresql:} under the per-person
 *       policy (cached plan, allocation, ledger charge, noise, release).
 * </ol>
 *
 * Wall time is the client's, reading every row; the backend CPU time ({@link BackendCpu}) is read
 * for the three ways on the direct connection (NaN for {@code dp}, whose backend connection is the
 * driver's). The direct connection has {@code prepareThreshold=0}: every execution is parsed and
 * planned, as the driver's is.
 */
final class ScaleRun {
  /** The four ways, in the order of {@link Timings#wall}. */
  static final List<String> WAYS = List.of("raw", "clamp", "per-unit", "dp");

  /** One query's sorted wall and CPU milliseconds per way, and the two rewritten statements. */
  record Timings(
      Query query, double[][] wall, double[][] cpu, PrivacyPlan clamp, PrivacyPlan unit) {
    double p(int way, double q) {
      return percentile(wall[way], q);
    }

    double cpuP50(int way) {
      return percentile(cpu[way], 0.5);
    }
  }

  /** One size's result, and the EXPLAIN ANALYZE text of raw, clamp and per-unit (may be empty). */
  record SizeResult(int rows, int runs, double loadSeconds, List<Timings> queries, String plans) {}

  private ScaleRun() {}

  static SizeResult measure(
      String pgUrl,
      Path perRow,
      Path perPerson,
      int rows,
      double loadSeconds,
      int warmups,
      int runs,
      boolean explain)
      throws Exception {
    Properties dpProps = new Properties();
    dpProps.setProperty("user", "postgres");
    dpProps.setProperty("dp.policy", perPerson.toString());
    dpProps.setProperty("dp.analyst", "bench");
    try (Connection direct =
            DriverManager.getConnection("jdbc:" + pgUrl + "?prepareThreshold=0", "postgres", "");
        Connection dp = DriverManager.getConnection("jdbc:dp:" + pgUrl, dpProps)) {
      List<Query> mix = ScaleData.MIX;
      SensitivityAnalyzer clampAnalyzer = SensitivityAnalyzer.create(direct, policy(perRow));
      SensitivityAnalyzer unitAnalyzer = SensitivityAnalyzer.create(direct, policy(perPerson));
      List<PrivacyPlan> clampPlans = new ArrayList<>();
      List<PrivacyPlan> unitPlans = new ArrayList<>();
      for (Query q : mix) {
        clampPlans.add(clampAnalyzer.plan(q.sql()));
        unitPlans.add(unitAnalyzer.plan(q.sql()));
      }
      BackendCpu cpu = new BackendCpu(direct);
      int ways = WAYS.size();
      double[][][] wall = new double[mix.size()][ways][runs];
      double[][][] cpuMs = new double[mix.size()][ways][runs];
      for (int r = -warmups; r < runs; r++) {
        for (int q = 0; q < mix.size(); q++) {
          for (int k = 0; k < ways; k++) {
            int way = Math.floorMod(k + r + q, ways);
            String sql = mix.get(q).sql();
            double c0 = cpu.nanos();
            long t0 = System.nanoTime();
            switch (way) {
              case 0 -> run(direct, sql);
              case 1 -> run(direct, clampPlans.get(q));
              case 2 -> run(direct, unitPlans.get(q));
              default -> run(dp, sql);
            }
            double ms = (System.nanoTime() - t0) / 1e6;
            if (r >= 0) {
              wall[q][way][r] = ms;
              cpuMs[q][way][r] = way == 3 ? Double.NaN : (cpu.nanos() - c0) / 1e6;
            }
          }
        }
        if (r >= 0) {
          System.err.printf("  %,d rows: round %d of %d done%n", rows, r + 1, runs);
        }
      }
      StringBuilder plans = new StringBuilder();
      List<Timings> out = new ArrayList<>();
      for (int q = 0; q < mix.size(); q++) {
        for (int w = 0; w < ways; w++) {
          Arrays.sort(wall[q][w]);
          Arrays.sort(cpuMs[q][w]);
        }
        out.add(new Timings(mix.get(q), wall[q], cpuMs[q], clampPlans.get(q), unitPlans.get(q)));
        if (explain) {
          plans.append(explain(direct, mix.get(q), clampPlans.get(q), unitPlans.get(q)));
        }
      }
      return new SizeResult(rows, runs, loadSeconds, out, plans.toString());
    }
  }

  private static Policy policy(Path file) throws Exception {
    return Policy.parse(Files.readString(file), file.getFileName().toString());
  }

  private static String explain(Connection c, Query q, PrivacyPlan clamp, PrivacyPlan unit)
      throws SQLException {
    String how = "EXPLAIN (ANALYZE, BUFFERS) ";
    StringBuilder b = new StringBuilder();
    b.append("==== ").append(q.name()).append(" / raw\n");
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(how + q.sql())) {
      append(b, rs);
    }
    PrivacyPlan[] plans = {clamp, unit};
    String[] names = {"clamp", "per-unit"};
    for (int i = 0; i < 2; i++) {
      b.append("==== ").append(q.name()).append(" / ").append(names[i]).append('\n');
      try (PreparedStatement ps = prepare(c, how, plans[i]);
          ResultSet rs = ps.executeQuery()) {
        append(b, rs);
      }
    }
    return b.toString();
  }

  private static void append(StringBuilder b, ResultSet rs) throws SQLException {
    while (rs.next()) {
      b.append(rs.getString(1)).append('\n');
    }
  }

  private static void run(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      drain(rs);
    }
  }

  private static void run(Connection c, PrivacyPlan plan) throws SQLException {
    try (PreparedStatement ps = prepare(c, "", plan);
        ResultSet rs = ps.executeQuery()) {
      drain(rs);
    }
  }

  /** The plan's statement with its bind parameters (all the plan's own constants here). */
  private static PreparedStatement prepare(Connection c, String prefix, PrivacyPlan plan)
      throws SQLException {
    PreparedStatement ps = c.prepareStatement(prefix + plan.rewrittenSql());
    List<ParameterSource> params = plan.parameters();
    for (int i = 0; i < params.size(); i++) {
      ParameterSource.Constant k = (ParameterSource.Constant) params.get(i);
      ps.setObject(i + 1, k.value(), k.jdbcType());
    }
    return ps;
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
