package dev.dpjdbc.benchmarks.throughput;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The proxy's memory while pgbench runs one workload: the live heap of this JVM (the proxy runs in
 * it; the benchmark itself holds next to nothing) measured after a forced full collection, before
 * the step, every {@code intervalMs} while it runs (the maximum is kept) and after it; and the
 * JVM's resident set size. The live heap after a collection is what the proxy retains: result rows
 * it buffers, caches, sessions; garbage does not count.
 */
final class MemoryRun {
  private MemoryRun() {}

  /** One workload: a group (rows, groups, catalog, wide), a label, and its script. */
  record Step(String group, String label, String sql) {}

  /** A measured step: rows in one result (-1 for the mix), heap in MB, pgbench's tps. */
  record Reading(
      Step step,
      int tableRows,
      long resultRows,
      double baselineMb,
      double maxLiveMb,
      double afterMb,
      double rssMb,
      double tps) {}

  static Reading measure(
      ProxyBench bench, Step step, List<Path> scripts, int clients, int seconds, long intervalMs)
      throws Exception {
    long resultRows = step.sql() == null ? -1 : countRows(bench, step.sql());
    double baseline = liveMb();
    double[] max = {baseline};
    AtomicBoolean running = new AtomicBoolean(true);
    Thread sampler =
        new Thread(
            () -> {
              while (running.get()) {
                max[0] = Math.max(max[0], liveMb());
                try {
                  Thread.sleep(intervalMs);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "throughput-heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
    Pgbench.Result r;
    try {
      r = Pgbench.run(bench.viaProxy(ProxyBench.SHARED), "extended", clients, seconds, 0, scripts);
    } finally {
      running.set(false);
      sampler.interrupt();
      sampler.join();
    }
    double after = liveMb();
    ThroughputRun.log(
        "memory %-40s rows %,9d: live heap %.1f MB before, max %.1f, %.1f after; tps %.1f",
        step.label(), resultRows, baseline, max[0], after, r.tps());
    return new Reading(
        step, bench.rows, resultRows, baseline, Math.max(max[0], after), after, rssMb(), r.tps());
  }

  /** The step's script file(s): the mix for a null SQL, else the one statement. */
  static List<Path> scripts(Step step, Path dir, List<Path> mix) throws java.io.IOException {
    if (step.sql() == null) {
      return mix;
    }
    Files.createDirectories(dir);
    Path p = dir.resolve("memory-" + Integer.toHexString(step.label().hashCode()) + ".sql");
    Files.writeString(p, step.sql() + ";\n");
    return List.of(p);
  }

  /** Runs {@code sql} once through the proxy with pgJDBC and counts the rows (not timed). */
  private static long countRows(ProxyBench bench, String sql) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", ProxyBench.SHARED);
    p.setProperty("password", ProxyBench.PASSWORD);
    p.setProperty("sslmode", "disable");
    String url = "jdbc:postgresql://localhost:" + bench.proxy.port() + "/" + bench.database;
    try (Connection c = DriverManager.getConnection(url, p);
        Statement s = c.createStatement()) {
      s.setFetchSize(1000);
      long n = 0;
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          n++;
        }
      }
      return n;
    }
  }

  /** Used heap after a full collection, MB. */
  static double liveMb() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1048576.0;
  }

  /** This JVM's resident set size (VmRSS), MB; -1 off Linux. */
  static double rssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
        }
      }
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
