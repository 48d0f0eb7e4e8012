package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.Options;
import dev.dpjdbc.benchmarks.jmh.Machine;
import dev.dpjdbc.benchmarks.peers.ExplainedColumns.Explained;
import dev.dpjdbc.benchmarks.peers.PeerData.Query;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * dpjdbc against the allocations other systems use (issue 11, "Utility"), on multi-aggregate
 * queries over the same data with the same total (ε, δ): COUNT + SUM + AVG, COUNT + AVG + VAR_POP +
 * STDDEV_POP, four SUMs with bounds 10² … 10⁵, COUNT + SUM + AVG with L0 = 4 groups per unit, and
 * AVG alone. dpjdbc's per-column variance comes from EXPLAIN PRIVACY through {@code
 * jdbc:dp:h2:mem:} ({@link ExplainedColumns}), under {@code SET dp.mechanism = auto}, {@code
 * laplace} and {@code gaussian} (the driver's default objective); each peer's from its documented
 * mechanism and composition ({@link Peer}), at the same bounds, L0 and exact group moments. At one
 * ε (auto) the runner releases every query {@code --reps} times and checks that the released
 * columns' squared errors match EXPLAIN's variances ({@link EmpiricalCheck}). Writes {@code
 * utility-peers.md} and {@code utility-peers.png} to {@code --out}; asserts nothing about the
 * numbers. Options: {@code --epsilons=0.5,1,2 --delta=1e-6 --groups=16 --rows=4000} (rows per
 * group) {@code --reps=100 --check-epsilon=1 --out=docs/benchmarks}.
 */
public final class PeerUtilityBenchmark {
  /** dpjdbc settings: mechanism, and objective when not the driver's default. */
  static final String[] MODES = {"auto", "laplace", "gaussian", "auto absolute"};

  /** One released column of one query at one ε: dpjdbc's variances per mode and the peers'. */
  record Cell(
      Query query,
      Agg agg,
      double epsilon,
      double[] dpjdbc,
      String[] mechanism,
      double[] peers,
      double smartnoiseCost) {
    double ratio(Peer p) {
      return dpjdbc[0] / peers[p.ordinal()];
    }
  }

  private PeerUtilityBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("epsilons", "0.5,1,2");
    opt.put("delta", "1e-6");
    opt.put("groups", "16");
    opt.put("rows", "4000");
    opt.put("reps", "100");
    opt.put("check-epsilon", "1");
    opt.put("out", "docs/benchmarks");
    Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    double delta = Double.parseDouble(opt.get("delta"));
    double checkEps = Double.parseDouble(opt.get("check-epsilon"));
    int reps = Integer.parseInt(opt.get("reps"));
    List<Double> epsilons = new ArrayList<>();
    for (String s : opt.get("epsilons").split(",")) {
      epsilons.add(Double.parseDouble(s.trim()));
    }
    String started = Instant.now().toString();
    String loadStart = Machine.loadAverage();
    long t0 = System.nanoTime();
    List<Cell> cells = new ArrayList<>();
    List<EmpiricalCheck.Result> checks = new ArrayList<>();
    Path work = Files.createTempDirectory("dpjdbc-peers");
    try (PeerData data =
        new PeerData(
            work, Integer.parseInt(opt.get("groups")), Integer.parseInt(opt.get("rows")))) {
      for (Query q : PeerData.queries()) {
        Moments[][] m = data.moments(q);
        for (double eps : epsilons) {
          cells.addAll(cells(data, q, m, eps, delta));
        }
        try (Statement s = data.dp.createStatement()) {
          settings(s, checkEps, delta, "auto");
          Explained e = ExplainedColumns.explain(s, q.sql());
          checks.addAll(EmpiricalCheck.run(data, q, m, e, reps));
        }
        System.err.printf(
            "[%s] %s done, %.0f s%n", Instant.now(), q.name(), (System.nanoTime() - t0) / 1e9);
      }
    }
    Files.deleteIfExists(work);
    String settings =
        String.format(
            "- started %s, %.0f s; load average %s at the start, %s at the end%n"
                + "- ε = %s, δ = %s (the query's total); %s public groups of %s rows per table;"
                + " empirical check at ε = %s (auto): %d releases × %s groups per query%n",
            started,
            (System.nanoTime() - t0) / 1e9,
            loadStart,
            Machine.loadAverage(),
            opt.get("epsilons"),
            opt.get("delta"),
            opt.get("groups"),
            opt.get("rows"),
            opt.get("check-epsilon"),
            reps,
            opt.get("groups"));
    Path report = out.resolve("utility-peers.md");
    String md = PeerReport.markdown(settings, cells, checks);
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(PeerReport.KEEP);
      if (keep >= 0) {
        md = md.substring(0, md.indexOf(PeerReport.KEEP)) + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    PeerChart.ratios(out.resolve("utility-peers.png"), cells);
    System.out.println(md);
    return report;
  }

  static void settings(Statement s, double eps, double delta, String mechanism)
      throws SQLException {
    s.execute("SET dp.epsilon = " + eps);
    s.execute("SET dp.delta = " + delta);
    s.execute("SET dp.mechanism = " + mechanism);
  }

  /** The cells of query q at ε: EXPLAIN under every mode, the peers analytically. */
  private static List<Cell> cells(PeerData data, Query q, Moments[][] m, double eps, double delta)
      throws SQLException {
    int k = q.aggs().size();
    double[][] dp = new double[k][MODES.length];
    String[][] mech = new String[k][MODES.length];
    try (Statement s = data.dp.createStatement()) {
      for (int mode = 0; mode < MODES.length; mode++) {
        String[] mode2 = MODES[mode].split(" ");
        settings(s, eps, delta, mode2[0]);
        s.execute(mode2.length > 1 ? "SET dp.objective = " + mode2[1] : "RESET dp.objective");
        Explained e = ExplainedColumns.explain(s, q.sql());
        if (e.groups() != q.l0()) {
          throw new IllegalStateException("L0 " + e.groups() + " for " + q.sql());
        }
        for (int i = 0; i < k; i++) {
          double sum = 0;
          for (Moments[] group : m) {
            sum += ExplainedColumns.variance(q.aggs().get(i), group[i], e.coordinates());
          }
          dp[i][mode] = sum / m.length;
          mech[i][mode] = e.mechanism();
        }
      }
    }
    double[][] peers = new double[k][Peer.values().length];
    for (Moments[] group : m) {
      for (Peer p : Peer.values()) {
        double[] v = p.variances(q.aggs(), group, eps, delta, q.l0());
        for (int i = 0; i < k; i++) {
          peers[i][p.ordinal()] += v[i] / m.length;
        }
      }
    }
    List<Cell> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      out.add(
          new Cell(
              q,
              q.aggs().get(i),
              eps,
              dp[i],
              mech[i],
              peers[i],
              Peer.SMARTNOISE.costEpsilon(q.aggs(), eps)));
    }
    return out;
  }
}
