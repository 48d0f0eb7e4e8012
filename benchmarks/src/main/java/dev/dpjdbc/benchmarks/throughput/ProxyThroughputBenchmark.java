package dev.dpjdbc.benchmarks.throughput;

import dev.dpjdbc.benchmarks.Options;
import dev.dpjdbc.benchmarks.throughput.MemoryRun.Reading;
import dev.dpjdbc.benchmarks.throughput.MemoryRun.Step;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Cell;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Profile;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Proxy throughput and memory (issue 11, "Proxy throughput"): the real pgbench client runs the
 * driver latency benchmark's query mix ({@link MixScripts}) against PostgreSQL directly and through
 * the dpjdbc proxy (started in this JVM, {@link ProxyBench}), interleaved in one run, per protocol
 * mode and client count; then the proxy's live heap while pgbench runs the mix on growing tables
 * and queries with growing results. Writes {@code proxy-throughput.md} and three PNGs to {@code
 * --out}. Not a test and not run by {@code mvn verify} (its smoke variant is). Arguments, all
 * optional:
 *
 * <ul>
 *   <li>{@code --rows=10000} employees for the throughput cells;
 *   <li>{@code --modes=simple,extended}, {@code --clients=1,8,32}, {@code --seconds=10} per cell
 *       ({@code --transactions=N} per client instead), {@code --repeats=2};
 *   <li>{@code --profile=true}: one more stack-sampled proxy run per mode at the most clients;
 *   <li>{@code --memory-rows=10000,100000,1000000}, {@code --memory-seconds=5}, {@code
 *       --memory-clients=4}, {@code --ladder=true} (the growing-result steps on the largest table);
 *   <li>{@code --out=docs/benchmarks}.
 * </ul>
 *
 * Reports only what it measured; it asserts nothing about the numbers.
 */
public final class ProxyThroughputBenchmark {
  private ProxyThroughputBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("rows", "10000");
    opt.put("modes", "simple,extended");
    opt.put("clients", "1,8,32");
    opt.put("seconds", "10");
    opt.put("transactions", "0");
    opt.put("repeats", "2");
    opt.put("profile", "true");
    opt.put("memory-rows", "10000,100000,1000000");
    opt.put("memory-seconds", "5");
    opt.put("memory-clients", "4");
    opt.put("ladder", "true");
    opt.put("out", "docs/benchmarks");
    Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    ThroughputRun.Settings settings =
        new ThroughputRun.Settings(
            List.of(opt.get("modes").split(",")),
            ints(opt.get("clients")),
            Integer.parseInt(opt.get("seconds")),
            Integer.parseInt(opt.get("transactions")),
            Integer.parseInt(opt.get("repeats")));
    int maxClients = settings.clients().stream().mapToInt(Integer::intValue).max().orElse(1);
    Path work = Files.createTempDirectory("dpjdbc-throughput");
    List<Path> mix = MixScripts.write(work.resolve("scripts"), MixScripts.MIX);
    String started = Instant.now().toString();
    String loadStart = load();
    List<Cell> cells;
    List<Profile> profiles = new ArrayList<>();
    List<Reading> memory = new ArrayList<>();
    String version;
    boolean cpuSeen;
    try (EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setServerConfig("jit", "off")
            .setServerConfig("shared_buffers", "512MB")
            .setServerConfig("max_parallel_workers_per_gather", "0")
            .setServerConfig("autovacuum", "off")
            .setServerConfig("max_connections", "300")
            .start()) {
      version = serverVersion(pg);
      CpuMeter cpu = new CpuMeter(pg.getPort());
      cpuSeen = cpu.seesPostgres();
      int rows = Integer.parseInt(opt.get("rows"));
      List<Integer> sizes = ints(opt.get("memory-rows"));
      int memSeconds = Integer.parseInt(opt.get("memory-seconds"));
      int memClients = Integer.parseInt(opt.get("memory-clients"));
      ProxyBench first = ProxyBench.start(pg, rows, maxClients, work);
      try {
        ThroughputRun.log("loaded %,d rows; proxy on port %d", rows, first.proxy.port());
        cells = ThroughputRun.measure(first, mix, settings, cpu);
        if (Boolean.parseBoolean(opt.get("profile"))) {
          profiles = ThroughputRun.profile(first, mix, settings, maxClients);
        }
        for (int i = 0; i < sizes.size(); i++) {
          boolean reuse = sizes.get(i) == rows;
          ProxyBench bench = reuse ? first : ProxyBench.start(pg, sizes.get(i), maxClients, work);
          try {
            List<Step> steps = new ArrayList<>();
            steps.add(new Step("rows", "the query mix", null));
            if (i == sizes.size() - 1) {
              steps.addAll(ladder(Boolean.parseBoolean(opt.get("ladder"))));
            }
            for (Step step : steps) {
              List<Path> scripts = MemoryRun.scripts(step, work.resolve("scripts"), mix);
              memory.add(MemoryRun.measure(bench, step, scripts, memClients, memSeconds, 250));
            }
          } finally {
            if (!reuse) {
              bench.close();
            }
          }
        }
      } finally {
        first.close();
      }
    }
    deleteTree(work);
    String header =
        header(opt, settings, started, loadStart, version, cpuSeen)
            + String.format(
                "%n## Throughput%n%n![tps](proxy-throughput.png)%n%n"
                    + "![proxy / direct](proxy-throughput-ratio.png)%n%n%s%n"
                    + "## Where a proxy session's time goes at %d clients%n%n"
                    + "Stacks of the proxy's session threads sampled every 10 ms in one extra"
                    + " run per mode (not one of the cells above), each sample filed under the"
                    + " first part of this list found on the stack.%n%n%s%n"
                    + "## Memory%n%n![memory](proxy-memory.png)%n%n%s",
                ThroughputReport.throughput(cells),
                maxClients,
                ThroughputReport.profiles(profiles),
                ThroughputReport.memory(memory));
    Path report = out.resolve("proxy-throughput.md");
    String md = header;
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(ThroughputReport.KEEP);
      if (keep >= 0) {
        md += "\n" + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    ThroughputChart.tps(out.resolve("proxy-throughput.png"), cells);
    ThroughputChart.ratios(out.resolve("proxy-throughput-ratio.png"), cells);
    ThroughputChart.memory(out.resolve("proxy-memory.png"), memory);
    System.out.println(md);
    return report;
  }

  /** The growing-result workloads, run on the largest table. */
  private static List<Step> ladder(boolean full) {
    List<Step> steps = new ArrayList<>();
    if (full) {
      steps.add(
          new Step(
              "groups",
              "4 groups",
              "SELECT region, COUNT(*), SUM(salary) FROM employees GROUP BY region"));
      steps.add(
          new Step(
              "groups",
              "48 groups",
              "SELECT region, dept_id, COUNT(*), SUM(salary) FROM employees"
                  + " GROUP BY region, dept_id"));
      steps.add(
          new Step(
              "groups",
              "2,544 groups",
              "SELECT age, region, dept_id, COUNT(*), SUM(salary) FROM employees"
                  + " GROUP BY age, region, dept_id"));
      steps.add(
          new Step(
              "groups",
              "groups by day and region (partition selection)",
              "SELECT hired, region, COUNT(*) FROM employees GROUP BY hired, region"));
      steps.add(
          new Step(
              "wide",
              "wide: 2,544 groups × 9 columns",
              "SELECT age, region, dept_id, COUNT(*), SUM(salary), AVG(salary), SUM(age),"
                  + " AVG(age), STDDEV(salary) FROM employees GROUP BY age, region, dept_id"));
      steps.add(new Step("catalog", "catalog, 300 rows", "SELECT * FROM pg_attribute LIMIT 300"));
    }
    steps.add(new Step("catalog", "catalog, pg_attribute", "SELECT * FROM pg_attribute"));
    if (full) {
      steps.add(
          new Step(
              "catalog",
              "catalog, information_schema.columns",
              "SELECT * FROM information_schema.columns"));
      steps.add(
          new Step(
              "catalog",
              "catalog, pg_attribute ×5",
              "SELECT a.* FROM pg_attribute a CROSS JOIN generate_series(1, 5) g"));
      steps.add(
          new Step(
              "catalog",
              "catalog, pg_attribute ×20",
              "SELECT a.* FROM pg_attribute a CROSS JOIN generate_series(1, 20) g"));
    }
    return steps;
  }

  private static String header(
      Map<String, String> opt,
      ThroughputRun.Settings s,
      String started,
      String loadStart,
      String version,
      boolean cpuSeen) {
    StringBuilder queries = new StringBuilder();
    for (MixScripts.Script q : MixScripts.MIX) {
      queries
          .append("  - ")
          .append(q.name())
          .append(": `")
          .append(q.text().strip().replace("\n", "` then `"))
          .append("`\n");
    }
    return String.format(
        "# Proxy throughput (pgbench) and proxy memory%n%n"
            + "Generated by `ProxyThroughputBenchmark` (README, \"Benchmarks\"); issue 11's"
            + " \"Proxy throughput\". The real pgbench client (`pgbench -n`, custom scripts only)"
            + " runs the driver latency benchmark's query mix, one query per script, so pgbench's"
            + " tps is queries per second. Each cell runs direct (PostgreSQL's superuser, trust)"
            + " and through the dpjdbc proxy in this JVM (analysts with SCRAM passwords, budget"
            + " ε = 10^9 each, every query released with ε = 1, δ = 1e-7, an H2 file ledger),"
            + " back to back, the order alternating per repeat; tps and latency are the means"
            + " of the repeats. *analyst per client*: N single-client pgbench processes, each"
            + " its own analyst, tps summed (the ledger locks per analyst).%n%n"
            + "- machine: %d cores, %s, %s MB RAM; load average %s at the start, %s at the end"
            + " (the machine was shared with other builds)%n"
            + "- JVM: %s %s (%s), max heap %d MB%n"
            + "- PostgreSQL %s (embedded, zonky: fsync off and synchronous_commit off as zonky"
            + " starts it; jit off, no parallel workers); %s%n"
            + "- pgbench: %s%n"
            + "- started %s, finished %s%n"
            + "- throughput: %s employees; modes %s; clients %s; %s per cell; %d repeats%n"
            + "- memory: tables of %s employees, %s s per workload with %s clients (`-M"
            + " extended`)%n"
            + "- the mix (`\\set` draws a new literal per query):%n%s",
        Runtime.getRuntime().availableProcessors(),
        procField("/proc/cpuinfo", "model name"),
        memMb(),
        loadStart,
        load(),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        Runtime.getRuntime().maxMemory() / 1048576,
        version,
        cpuSeen
            ? "CPU per query read from /proc"
            : "PostgreSQL's CPU not found in /proc, its column is 0",
        pgbenchVersion(),
        started,
        Instant.now(),
        opt.get("rows"),
        String.join(", ", s.modes()),
        opt.get("clients"),
        s.transactions() > 0 ? "-t " + s.transactions() : "-T " + s.seconds() + " s",
        s.repeats(),
        opt.get("memory-rows"),
        opt.get("memory-seconds"),
        opt.get("memory-clients"),
        queries);
  }

  private static List<Integer> ints(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
  }

  private static String serverVersion(EmbeddedPostgres pg) throws Exception {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres", "postgres", "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW server_version")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static String pgbenchVersion() {
    try {
      Process p = new ProcessBuilder(Pgbench.binary(), "--version").start();
      String v = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor();
      return v;
    } catch (Exception e) {
      return "unknown";
    }
  }

  private static String load() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0];
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  private static String memMb() {
    String kb = procField("/proc/meminfo", "MemTotal").replaceAll("[^0-9]", "");
    return kb.isEmpty() ? "unknown" : String.valueOf(Long.parseLong(kb) / 1024);
  }

  private static String procField(String file, String prefix) {
    try {
      for (String line : Files.readAllLines(Path.of(file))) {
        if (line.startsWith(prefix)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (java.io.IOException e) {
      // not Linux
    }
    return "unknown";
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
