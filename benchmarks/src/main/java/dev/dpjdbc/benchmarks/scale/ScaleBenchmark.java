package dev.dpjdbc.benchmarks.scale;

import dev.dpjdbc.benchmarks.Options;
import dev.dpjdbc.benchmarks.jmh.Machine;
import dev.dpjdbc.benchmarks.scale.ScaleRun.SizeResult;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Scale (issue 11, "Scale"): the raw aggregate, the bounded rewrite without and with per-unit
 * bounding, and the full DP query, side by side in one run on embedded PostgreSQL at each table
 * size ({@link ScaleRun}, {@link ScaleData}). Writes {@code scale.md}, {@code scale-time.png},
 * {@code scale-ratios.png} and {@code scale-plans.txt} (EXPLAIN ANALYZE at one size) to {@code
 * --out}. Not a test and not run by {@code mvn verify} (its smoke variant is); run it by hand
 * (README, "Benchmarks"). Arguments, all optional:
 *
 * <ul>
 *   <li>{@code --sizes=100000,1000000,10000000} row counts of {@code visits};
 *   <li>{@code --runs=5,3,3} timed rounds per size and {@code --warmups=1,1,1} untimed ones (the
 *       last value repeats for further sizes; a round at 10^7 rows takes minutes on 2 cores);
 *   <li>{@code --work-mem=64MB}, {@code --parallel=0} ({@code max_parallel_workers_per_gather}),
 *       server settings for every connection; jit is off;
 *   <li>{@code --explain=true} EXPLAIN (ANALYZE, BUFFERS) of raw, clamp and per-unit at the largest
 *       size;
 *   <li>{@code --out=docs/benchmarks} where the report and the PNGs go.
 * </ul>
 *
 * Reports only what it measured; it asserts nothing about the numbers.
 */
public final class ScaleBenchmark {
  private ScaleBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("sizes", "100000,1000000,10000000");
    opt.put("runs", "5,3,3");
    opt.put("warmups", "1,1,1");
    opt.put("work-mem", "64MB");
    opt.put("parallel", "0");
    opt.put("explain", "1000000");
    opt.put("out", "docs/benchmarks");
    Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    String[] sizes = opt.get("sizes").split(",");
    String[] runs = opt.get("runs").split(",");
    String[] warmups = opt.get("warmups").split(",");
    Path work = Files.createTempDirectory("dpjdbc-scale");
    Path perRow = ScaleData.policyPerRow(work);
    Path perPerson = ScaleData.policyPerPerson(work);
    String started = Instant.now().toString();
    String loadStart = Machine.loadAverage();
    List<SizeResult> results = new ArrayList<>();
    String version;
    try (EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setServerConfig("jit", "off")
            .setServerConfig("shared_buffers", "512MB")
            .setServerConfig("work_mem", opt.get("work-mem"))
            .setServerConfig("max_parallel_workers_per_gather", opt.get("parallel"))
            .setServerConfig("max_wal_size", "4GB")
            .setServerConfig("autovacuum", "off")
            .start()) {
      String admin = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
      try (Connection c = DriverManager.getConnection(admin, "postgres", "");
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SHOW server_version")) {
        rs.next();
        version = rs.getString(1);
      }
      for (int i = 0; i < sizes.length; i++) {
        int rows = Integer.parseInt(sizes[i].trim());
        int n = Integer.parseInt(runs[Math.min(i, runs.length - 1)].trim());
        int w = Integer.parseInt(warmups[Math.min(i, warmups.length - 1)].trim());
        String db = "scale_" + rows;
        try (Connection c = DriverManager.getConnection(admin, "postgres", "");
            Statement st = c.createStatement()) {
          st.execute("DROP DATABASE IF EXISTS " + db);
          st.execute("CREATE DATABASE " + db);
        }
        String url = "postgresql://localhost:" + pg.getPort() + "/" + db;
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection("jdbc:" + url, "postgres", "")) {
          ScaleData.load(c, rows);
        }
        double load = (System.nanoTime() - t0) / 1e9;
        log("loaded %,d rows in %.1f s", rows, load);
        t0 = System.nanoTime();
        String at = opt.get("explain");
        boolean explain =
            at.equals("largest") ? i == sizes.length - 1 : at.equals(String.valueOf(rows));
        results.add(ScaleRun.measure(url, perRow, perPerson, rows, load, w, n, explain));
        log("measured %,d rows in %.1f s", rows, (System.nanoTime() - t0) / 1e9);
        try (Connection c = DriverManager.getConnection(admin, "postgres", "");
            Statement st = c.createStatement()) {
          st.execute(
              "DROP DATABASE "
                  + db
                  + " WITH (FORCE)"); // frees the disk; ends the driver's sessions
        }
      }
    }
    deleteTree(work);
    String md = ScaleReport.markdown(header(opt, version, loadStart, started), results);
    Path report = out.resolve("scale.md");
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(ScaleReport.KEEP);
      if (keep >= 0) {
        md += "\n" + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    ScaleChart.time(out.resolve("scale-time.png"), results);
    ScaleChart.ratios(out.resolve("scale-ratios.png"), results);
    for (SizeResult r : results) {
      if (!r.plans().isEmpty()) {
        Files.writeString(
            out.resolve("scale-plans.txt"),
            String.format("EXPLAIN (ANALYZE, BUFFERS) at %,d rows%n%n", r.rows()) + r.plans());
      }
    }
    System.out.println(md);
    return report;
  }

  private static String header(
      Map<String, String> opt, String version, String loadStart, String started) {
    StringBuilder queries = new StringBuilder();
    for (ScaleData.Query q : ScaleData.MIX) {
      queries.append("  - ").append(q.name()).append(": `").append(q.sql()).append("`\n");
    }
    return String.format(
        "# Scale: raw aggregate vs bounded rewrite vs DP query, 10^5 to 10^7 rows%n%n"
            + "Generated by `ScaleBenchmark` (README, \"Benchmarks\"); issue 11's \"Scale\". Four"
            + " ways per query, interleaved round by round on one embedded PostgreSQL: *raw* (the"
            + " analyst's SQL), *clamp* (the analyzer's bounded rewrite when each row is its own"
            + " privacy unit: value clamps, no per-unit bounding), *per-unit* (the analyzer's"
            + " rewrite when a person owns several rows: pre-aggregation per (unit, group),"
            + " contribution limits C = %d, L0 = %d), *dp* (the analyst's SQL through `jdbc:dp:`"
            + " under the per-person policy: cached plan, allocation, ledger charge, noise). p99"
            + " is the nearest rank: with few runs it is the slowest run.%n%n"
            + "%s"
            + "- PostgreSQL %s (embedded, zonky; jit off, max_parallel_workers_per_gather = %s,"
            + " work_mem = %s, shared_buffers = 512MB, autovacuum off, fsync on); the direct"
            + " connection uses prepareThreshold=0 (every execution parsed and planned)%n"
            + "- sizes: %s rows of `visits` (N/5 people, skewed; 50 public shops); timed rounds"
            + " per size: %s, warm-up rounds per size: %s (the last value repeats)%n"
            + "- data: `amount` 0..600 with no CHECK, bounded by the policy to [0, %d] (so both"
            + " rewrites clamp it); `minutes` 0..600 with a validated CHECK (the rewrite leaves its"
            + " clamp out and re-checks the catalog in the statement); `kind`, `visited` and"
            + " `shops.region` have CHECKs (public group domains)%n"
            + "- queries (the driver releases each with ε = 1, δ = 1e-7):%n%s",
        ScaleData.ROWS_PER_UNIT,
        ScaleData.GROUPS_PER_UNIT,
        Machine.describe(loadStart, started),
        version,
        opt.get("parallel"),
        opt.get("work-mem"),
        opt.get("sizes"),
        opt.get("runs"),
        opt.get("warmups"),
        ScaleData.AMOUNT_MAX,
        queries);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static void log(String format, Object... args) {
    System.err.printf("[%s] %s%n", Instant.now(), String.format(format, args));
  }
}
