package dev.dpjdbc.benchmarks.utility;

import dev.dpjdbc.benchmarks.utility.UtilityRun.Measured;
import dev.dpjdbc.benchmarks.utility.UtilityRun.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * i.n.i.d. vs i.i.d. noise through the real SQL path (issue 11, "Utility", first report): the seed
 * papers' experiment (Muthukrishnan &amp; Kalyani) of K SUMs whose sensitivities follow a linear,
 * quadratic or exponential profile, released by {@code jdbc:dp:h2:mem:} with {@code SET
 * dp.objective = absolute} (the papers' total-MSE optimum), {@code relative} (the driver's default)
 * and {@code iid}, Gaussian and Laplace, at several ε. Per cell it compares the empirical MSE
 * against the exact per-group sums with the analytic MSE from EXPLAIN PRIVACY's stddevs. Writes
 * {@code utility-inid.md} and two PNGs to {@code --out}. Not run by {@code mvn verify} (its smoke
 * variant is). Arguments, all optional: {@code --ks=2,4,8,16}, {@code --epsilons=0.5,1,2}, {@code
 * --delta=1e-6}, {@code --reps=26} queries per (cell, objective) at the largest K (at a smaller K,
 * reps · maxK / K, so every K draws about as many noisy coordinates), {@code --groups=64} public
 * groups per query (each group is an independent draw of the same noise vector, L0 = 1), {@code
 * --out=docs/benchmarks}. It reports what it measured and asserts nothing about the numbers.
 */
public final class InidUtilityBenchmark {
  static final String[] MECHANISMS = {"gaussian", "laplace"};
  static final String[] OBJECTIVES = {"absolute", "relative", "iid"};

  /** One (profile, K, ε, mechanism) cell, measured under every objective of {@link #OBJECTIVES}. */
  record Cell(Profile profile, int k, double epsilon, String mechanism, Measured[] byObjective) {
    Measured absolute() {
      return byObjective[0];
    }

    Measured relative() {
      return byObjective[1];
    }

    Measured iid() {
      return byObjective[2];
    }
  }

  private InidUtilityBenchmark() {}

  /** Queries per (cell, objective) at K: {@code reps · maxK / K}, at least {@code reps}. */
  static int repsAt(int reps, int maxK, int k) {
    return Math.max(reps, (int) ((long) reps * maxK / k));
  }

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("ks", "2,4,8,16");
    opt.put("epsilons", "0.5,1,2");
    opt.put("delta", "1e-6");
    opt.put("reps", "26");
    opt.put("groups", "64");
    opt.put("out", "docs/benchmarks");
    dev.dpjdbc.benchmarks.Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    List<Integer> ks = new ArrayList<>();
    for (String s : opt.get("ks").split(",")) {
      ks.add(Integer.parseInt(s.trim()));
    }
    List<Double> epsilons = new ArrayList<>();
    for (String s : opt.get("epsilons").split(",")) {
      epsilons.add(Double.parseDouble(s.trim()));
    }
    double delta = Double.parseDouble(opt.get("delta"));
    int reps = Integer.parseInt(opt.get("reps"));
    int groups = Integer.parseInt(opt.get("groups"));
    int maxK = ks.stream().mapToInt(Integer::intValue).max().orElse(1);
    String started = Instant.now().toString();
    String loadStart = UtilityReport.firstField("/proc/loadavg");
    long t0 = System.nanoTime();
    List<Cell> cells = new ArrayList<>();
    Path work = Files.createTempDirectory("dpjdbc-utility");
    try (UtilityRun run = new UtilityRun(work, groups, maxK)) {
      for (Profile p : Profile.values()) {
        for (int k : ks) {
          for (double eps : epsilons) {
            for (String mech : MECHANISMS) {
              Measured[] m = new Measured[OBJECTIVES.length];
              for (int o = 0; o < OBJECTIVES.length; o++) {
                m[o] = run.measure(p, k, eps, delta, mech, OBJECTIVES[o], repsAt(reps, maxK, k));
              }
              cells.add(new Cell(p, k, eps, mech, m));
            }
          }
          System.err.printf(
              "[%s] %s K=%d done, %.0f s%n", Instant.now(), p, k, (System.nanoTime() - t0) / 1e9);
        }
      }
    }
    Files.deleteIfExists(work);
    String settings =
        String.format(
            "- started %s, finished %s (%.0f s); load average %s at the start, %s at the end%n"
                + "- K = %s; ε = %s; δ = %s; %d queries per (cell, objective) at K = %d and"
                + " %d · %d / K at a smaller K, each releasing %d groups, so N = %d · %d / K ·"
                + " %d draws of the noise vector per (cell, objective)%n",
            started,
            Instant.now(),
            (System.nanoTime() - t0) / 1e9,
            loadStart,
            UtilityReport.firstField("/proc/loadavg"),
            opt.get("ks"),
            opt.get("epsilons"),
            opt.get("delta"),
            reps,
            maxK,
            reps,
            maxK,
            groups,
            reps,
            maxK,
            groups);
    Path report = out.resolve("utility-inid.md");
    String md = UtilityReport.markdown(settings, cells);
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(UtilityReport.KEEP);
      if (keep >= 0) {
        md += "\n" + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    UtilityChart.gain(out.resolve("utility-inid-gain.png"), cells);
    UtilityChart.calibration(out.resolve("utility-inid-calibration.png"), cells);
    System.out.println(md);
    return report;
  }
}
