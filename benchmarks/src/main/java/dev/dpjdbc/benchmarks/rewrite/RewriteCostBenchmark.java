package dev.dpjdbc.benchmarks.rewrite;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.benchmarks.rewrite.CandidateShapes.Rewriter;
import dev.dpjdbc.benchmarks.rewrite.Harness.Setting;
import dev.dpjdbc.benchmarks.rewrite.Report.FamilyResult;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The backend cost of the bounded rewrite's candidate shapes ({@link CandidateShapes}) on embedded
 * PostgreSQL with 10^6 rows per table ({@link BenchData}), as ratios to the raw aggregate. Not a
 * test and not run by {@code mvn verify}; run it by hand (benchmarks/RESULTS.md, "Bounded rewrite
 * cost on 10^6 rows"). Arguments, all optional:
 *
 * <ul>
 *   <li>{@code --runs=7} timed rounds and {@code --warmups=2} warm-up rounds per family;
 *   <li>{@code --parallel=0,2}: one full pass per value of {@code max_parallel_workers_per_gather};
 *   <li>{@code --work-mem=64MB} (every pass); {@code --rows=1000000} rows per table;
 *   <li>{@code --only=REGEX}: only the queries whose title ("visits SUM by kind") matches;
 *   <li>{@code --out=benchmarks/rewrite-cost}: where summary.md, detail.md, plans.txt and two PNGs
 *       per pass (wall and CPU ratios) go.
 * </ul>
 *
 * The generated columns ({@code rewriters} below): {@code old}, the old analyzer's rewrite; {@code
 * new}, the relational analyzer's ({@code RelationalPlanner}, the statement the driver runs for
 * joins, subqueries and expressions) with the bounds the CHECKs give; {@code new-policy}, the same
 * planner when the policy bounds the summed column one unit inside its CHECK, so that the clamp
 * cannot be left out (the cost of a policy-bounded column); {@code new-noguard}, {@code new}
 * without its catalog re-check (not a valid rewrite: the difference is the re-check's cost).
 * Another generator is one more entry: one more column, run in the same round-robin as the others.
 */
public final class RewriteCostBenchmark {
  private RewriteCostBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("runs", "7");
    opt.put("warmups", "2");
    opt.put("parallel", "0,2");
    opt.put("work-mem", "64MB");
    opt.put("rows", String.valueOf(BenchData.ROWS));
    opt.put("only", ".*");
    opt.put("out", "benchmarks/rewrite-cost");
    for (String a : args) {
      String[] kv = a.replaceFirst("^--", "").split("=", 2);
      if (kv.length != 2 || !opt.containsKey(kv[0])) {
        throw new IllegalArgumentException("unknown argument " + a + "; known: " + opt.keySet());
      }
      opt.put(kv[0], kv[1]);
    }
    int rows = Integer.parseInt(opt.get("rows"));
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    List<Setting> settings = new ArrayList<>();
    for (String p : opt.get("parallel").split(",")) {
      int n = Integer.parseInt(p.trim());
      settings.add(new Setting("p" + n, n, opt.get("work-mem")));
    }
    String started = Instant.now().toString();
    String loadStart = loadAverage();
    try (EmbeddedPostgres pg =
            EmbeddedPostgres.builder()
                .setServerConfig("jit", "off")
                .setServerConfig("shared_buffers", "512MB")
                .setServerConfig("work_mem", opt.get("work-mem"))
                .setServerConfig("max_parallel_workers_per_gather", "0")
                .setServerConfig("fsync", "off")
                .setServerConfig("full_page_writes", "off")
                .setServerConfig("autovacuum", "off")
                .start();
        Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://localhost:"
                    + pg.getPort()
                    + "/postgres?user=postgres&prepareThreshold=0")) {
      long t0 = System.nanoTime();
      BenchData.load(c, rows);
      log("loaded 2 x %,d rows in %.1f s", rows, (System.nanoTime() - t0) / 1e9);
      String version = scalar(c, "SHOW server_version");
      Policy policy = Policy.parse(BenchData.policyYaml(), "rewrite-cost benchmark policy");
      Map<String, Rewriter> rewriters = new LinkedHashMap<>();
      rewriters.put("old", Rewriter.of(SensitivityAnalyzer.create(c, policy)));
      rewriters.put(
          "new",
          Rewriter.of(new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL)));
      rewriters.put("new-noguard", rewriters.get("new").withoutGuard());
      Policy bounded =
          Policy.parse(BenchData.policyYamlWithBounds(), "rewrite-cost benchmark, policy bounds");
      rewriters.put(
          "new-policy",
          Rewriter.of(new RelationalPlanner(new ConstraintCatalog(c), bounded, Backend.POSTGRESQL))
              .valuesOnly());
      Pattern only = Pattern.compile(opt.get("only"));
      List<Family> families = new ArrayList<>();
      for (Family f : new CandidateShapes(rewriters).all()) {
        if (only.matcher(f.title()).matches()) {
          families.add(f);
        }
      }
      Harness harness =
          new Harness(c, Integer.parseInt(opt.get("warmups")), Integer.parseInt(opt.get("runs")));
      Map<Setting, List<FamilyResult>> results = new LinkedHashMap<>();
      for (Setting s : settings) {
        harness.apply(s);
        List<FamilyResult> done = new ArrayList<>();
        for (Family f : families) {
          long f0 = System.nanoTime();
          done.add(new FamilyResult(f, harness.measure(f)));
          log(
              "%s | %s: %d shapes in %.0f s",
              s.name(), f.title(), f.shapes().size(), (System.nanoTime() - f0) / 1e9);
        }
        results.put(s, done);
      }
      String header =
          String.format(
              "# Bounded rewrite cost: every measurement%n%nPostgreSQL %s (embedded, zonky),"
                  + " 2 x %,d rows, %s warm-up + %s timed rounds per query (round-robin), started"
                  + " %s, finished %s, load average %s at the start and %s at the end,"
                  + " %d CPUs.%n",
              version,
              rows,
              opt.get("warmups"),
              opt.get("runs"),
              started,
              Instant.now(),
              loadStart,
              loadAverage(),
              Runtime.getRuntime().availableProcessors());
      String summary =
          header.replace(": every measurement", ": ratios")
              + "\n## Wall time\n"
              + Report.summary(results, false)
              + "\n## Backend CPU time\n"
              + Report.summary(results, true);
      Files.writeString(out.resolve("summary.md"), summary);
      Files.writeString(out.resolve("detail.md"), Report.detail(results, header));
      Files.writeString(out.resolve("plans.txt"), Report.plans(results));
      List<String> names = Report.shapeNames(results);
      for (Map.Entry<Setting, List<FamilyResult>> e : results.entrySet()) {
        for (boolean cpu : new boolean[] {false, true}) {
          Chart.write(
              out.resolve((cpu ? "cpu" : "wall") + "-ratios-" + e.getKey().name() + ".png"),
              (cpu ? "Backend CPU" : "Wall time")
                  + ", 2 x "
                  + String.format("%,d", rows)
                  + " rows: "
                  + e.getKey().describe(),
              e.getValue(),
              names,
              cpu);
        }
      }
      System.out.println(summary);
    }
  }

  private static String scalar(Connection c, String sql) throws java.sql.SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static void log(String format, Object... args) {
    System.err.printf("[%s] %s%n", Instant.now(), String.format(format, args));
  }
}
