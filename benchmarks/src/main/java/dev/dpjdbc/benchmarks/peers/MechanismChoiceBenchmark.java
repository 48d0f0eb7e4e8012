package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.Options;
import dev.dpjdbc.benchmarks.jmh.Machine;
import dev.dpjdbc.benchmarks.peers.ChoiceData.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code SET dp.mechanism = auto} against fixed {@code gaussian} and fixed {@code laplace} (issue
 * 11, "Utility"): K SUMs ({@link ChoiceData}: equal or linear sensitivities) over a table whose
 * units touch L0 groups, across ε, δ, K and L0, read from EXPLAIN PRIVACY through {@code
 * jdbc:dp:h2:mem:} (the analytic stddev of every coordinate, the objective's weights and the
 * mechanism auto resolved to). Per point: the total MSE Σ sd_i² and the objective Σ w_i sd_i² of
 * each setting. A few points are also released {@code --reps} times and their empirical total MSE
 * compared with the analytic one. Writes {@code mechanism-choice.md} and three PNGs to {@code
 * --out}; asserts nothing about the numbers. Options: {@code --epsilons=0.1,0.25,0.5,1,2,4
 * --deltas=1e-9,1e-7,1e-5 --ks=1,2,4,8,16,32 --l0s=1,2,4,8,16 --reps=50 --out=docs/benchmarks}.
 */
public final class MechanismChoiceBenchmark {
  static final String[] MODES = {"auto", "gaussian", "laplace"};

  /** One setting's EXPLAIN: total MSE, objective, the mechanism used, the objective's name. */
  record Setting(double mse, double objective, String mechanism, String objectiveName) {}

  /** One grid point, with auto, gaussian and laplace in {@link #MODES} order. */
  record Point(Profile profile, double epsilon, double delta, int k, int l0, Setting[] by) {
    Setting auto() {
      return by[0];
    }

    Setting gaussian() {
      return by[1];
    }

    Setting laplace() {
      return by[2];
    }

    /** Laplace ÷ Gaussian total MSE (< 1: Laplace better). */
    double mseRatio() {
      return laplace().mse() / gaussian().mse();
    }

    /** Laplace ÷ Gaussian objective. */
    double objectiveRatio() {
      return laplace().objective() / gaussian().objective();
    }
  }

  /** An empirical check of one point under auto. */
  record Check(Point point, long draws, double empirical, double analytic, double relSd) {
    boolean pass() {
      return Math.abs(empirical / analytic - 1) <= 6 * relSd;
    }
  }

  private MechanismChoiceBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("epsilons", "0.1,0.25,0.5,1,2,4");
    opt.put("deltas", "1e-9,1e-7,1e-5");
    opt.put("ks", "1,2,4,8,16,32");
    opt.put("l0s", "1,2,4,8,16");
    opt.put("reps", "50");
    opt.put("out", "docs/benchmarks");
    Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    List<Double> epsilons = doubles(opt.get("epsilons"));
    List<Double> deltas = doubles(opt.get("deltas"));
    List<Integer> ks = ints(opt.get("ks"));
    List<Integer> l0s = ints(opt.get("l0s"));
    int reps = Integer.parseInt(opt.get("reps"));
    String started = Instant.now().toString();
    String loadStart = Machine.loadAverage();
    long t0 = System.nanoTime();
    List<Point> points = new ArrayList<>();
    List<Check> checks = new ArrayList<>();
    Path work = Files.createTempDirectory("dpjdbc-choice");
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElse(1);
    double e = epsilons.get((epsilons.size() - 1) / 2);
    double d = deltas.get(deltas.size() / 2);
    try (ChoiceData data = new ChoiceData(work, l0s, maxK, 20);
        Statement s = data.dp.createStatement()) {
      for (Profile p : Profile.values()) {
        for (int l0 : l0s) {
          for (int k : ks) {
            for (double delta : deltas) {
              for (double eps : epsilons) {
                p.apply(s);
                Setting[] by = new Setting[MODES.length];
                for (int m = 0; m < MODES.length; m++) {
                  by[m] = explain(s, ChoiceData.sql(p, k, l0), eps, delta, MODES[m]);
                }
                points.add(new Point(p, eps, delta, k, l0, by));
              }
            }
          }
          System.err.printf(
              "[%s] %s L0=%d done, %.0f s%n", Instant.now(), p, l0, (System.nanoTime() - t0) / 1e9);
        }
      }
      int k = ks.get(ks.size() / 2);
      for (Profile p : Profile.values()) {
        for (int l0 : List.of(l0s.get(0), l0s.get(l0s.size() - 1))) {
          Point pt = find(points, p, e, d, k, l0);
          checks.add(check(data, s, pt, reps));
        }
      }
    }
    Files.deleteIfExists(work);
    String settings =
        String.format(
            "- started %s, %.0f s; load average %s at the start, %s at the end%n"
                + "- ε = %s; δ = %s; K = %s; L0 = %s; %d public groups; empirical checks: %d"
                + " releases × %d groups each%n",
            started,
            (System.nanoTime() - t0) / 1e9,
            loadStart,
            Machine.loadAverage(),
            opt.get("epsilons"),
            opt.get("deltas"),
            opt.get("ks"),
            opt.get("l0s"),
            ChoiceData.GROUPS,
            reps,
            ChoiceData.GROUPS);
    Path report = out.resolve("mechanism-choice.md");
    String md = ChoiceReport.markdown(settings, points, checks);
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(ChoiceReport.KEEP);
      if (keep >= 0) {
        md = md.substring(0, md.indexOf(ChoiceReport.KEEP)) + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    ChoiceChart.heat(out.resolve("mechanism-choice-l0-min.png"), points, l0s.get(0), d);
    ChoiceChart.heat(
        out.resolve("mechanism-choice-l0-max.png"), points, l0s.get(l0s.size() - 1), d);
    ChoiceChart.byL0(out.resolve("mechanism-choice-by-l0.png"), points, e);
    System.out.println(md);
    return report;
  }

  static Point find(List<Point> points, Profile p, double e, double d, int k, int l0) {
    for (Point pt : points) {
      if (pt.profile() == p
          && pt.epsilon() == e
          && pt.delta() == d
          && pt.k() == k
          && pt.l0() == l0) {
        return pt;
      }
    }
    throw new IllegalArgumentException("no point " + p + " " + e + " " + d + " " + k + " " + l0);
  }

  private static Setting explain(Statement s, String sql, double e, double d, String mechanism)
      throws SQLException {
    PeerUtilityBenchmark.settings(s, e, d, mechanism);
    double mse = 0;
    double objective = 0;
    String used = null;
    String name = null;
    try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      while (rs.next()) {
        double sd = rs.getDouble("stddev");
        double w = rs.getDouble("weight");
        if (rs.wasNull()) {
          w = 1;
        }
        mse += sd * sd;
        objective += w * sd * sd;
        used = rs.getString("mechanism");
        name = rs.getString("objective");
      }
    }
    return new Setting(mse, objective, used, name);
  }

  /** Releases the point's query {@code reps} times under auto; total MSE against the analytic. */
  private static Check check(ChoiceData data, Statement s, Point pt, int reps) throws SQLException {
    String sql = ChoiceData.sql(pt.profile(), pt.k(), pt.l0());
    double[][] exact = data.exact(sql, pt.k());
    pt.profile().apply(s);
    PeerUtilityBenchmark.settings(s, pt.epsilon(), pt.delta(), "auto");
    double[] var = new double[pt.k()];
    try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      for (int i = 0; rs.next(); i++) {
        double sd = rs.getDouble("stddev");
        var[i] = sd * sd;
      }
    }
    double sq = 0;
    long draws = 0;
    for (int r = 0; r < reps; r++) {
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          int g = rs.getInt(1);
          for (int i = 0; i < pt.k(); i++) {
            double e = rs.getDouble(i + 2) - exact[g][i];
            sq += e * e;
          }
          draws++;
        }
      }
    }
    double total = 0;
    double s4 = 0;
    for (double v : var) {
      total += v;
      s4 += v * v;
    }
    boolean gaussian = pt.auto().mechanism().equals("gaussian");
    // relative sd of the mean of Σ e_i² over N vectors: √(c Σσ⁴ / N) / Σσ², c = 2 (Gaussian) or 5
    double relSd = Math.sqrt((gaussian ? 2 : 5) * s4 / draws) / total;
    return new Check(pt, draws, sq / draws, total, relSd);
  }

  private static List<Double> doubles(String s) {
    List<Double> out = new ArrayList<>();
    for (String x : s.split(",")) {
      out.add(Double.parseDouble(x.trim()));
    }
    return out;
  }

  private static List<Integer> ints(String s) {
    List<Integer> out = new ArrayList<>();
    for (String x : s.split(",")) {
      out.add(Integer.parseInt(x.trim()));
    }
    return out;
  }
}
