package dev.dpjdbc.benchmarks.rewrite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times the shapes of one {@link Family} on one connection: {@code warmups} rounds, then {@code
 * runs} timed rounds. Every round runs each shape once, round-robin, starting one shape later than
 * the round before, so drift (other load on the machine, cache state, the clock) spreads evenly
 * over the shapes instead of landing on whichever runs last. A run is the client's wall time for
 * prepare, bind, execute and reading every row of a fresh {@link PreparedStatement} (the connection
 * has {@code prepareThreshold=0}: every execution is parsed and planned, as the driver's is). After
 * the timed rounds each shape runs once under {@code EXPLAIN (ANALYZE, BUFFERS)}; its planning plus
 * execution time is the server-side cross-check, and its plan is kept.
 */
final class Harness {
  private static final Pattern TIME = Pattern.compile("(Planning|Execution) Time: ([0-9.]+) ms");
  private static final Pattern DISK = Pattern.compile("Disk(?: Usage)?: ([0-9]+)kB");

  /** A backend setting the whole family runs under. */
  record Setting(String name, int parallelWorkersPerGather, String workMem) {
    List<String> statements() {
      return List.of(
          "SET jit = off",
          "SET max_parallel_workers_per_gather = " + parallelWorkersPerGather,
          "SET work_mem = '" + workMem + "'");
    }

    String describe() {
      return "max_parallel_workers_per_gather = "
          + parallelWorkersPerGather
          + ", work_mem = "
          + workMem
          + ", jit = off";
    }
  }

  /**
   * What one shape measured.
   *
   * @param millis the timed runs' wall times, sorted
   * @param cpuMillis the timed runs' backend CPU times, sorted (NaN where unavailable)
   * @param explainMillis planning + execution time reported by EXPLAIN ANALYZE
   * @param spillKb the largest "Disk: N kB" of a sort or hash in the plan, 0 when nothing spilled
   * @param checksum the sum over all result rows of the first aggregate column (a sanity check that
   *     the shapes compute comparable things)
   */
  record Measured(
      Shape shape,
      double[] millis,
      double[] cpuMillis,
      double explainMillis,
      long spillKb,
      double checksum,
      String plan) {
    double median() {
      return median(millis);
    }

    double cpuMedian() {
      return median(cpuMillis);
    }

    private static double median(double[] sorted) {
      int n = sorted.length;
      return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Nearest-rank 90th percentile. */
    double p90() {
      return millis[(int) Math.ceil(0.9 * millis.length) - 1];
    }
  }

  private final Connection connection;
  private final BackendCpu cpu;
  private final int warmups;
  private final int runs;

  Harness(Connection connection, int warmups, int runs) throws SQLException {
    this.connection = connection;
    this.cpu = new BackendCpu(connection);
    this.warmups = warmups;
    this.runs = runs;
  }

  void apply(Setting setting) throws SQLException {
    try (Statement s = connection.createStatement()) {
      for (String sql : setting.statements()) {
        s.execute(sql);
      }
    }
  }

  /** Measures every shape of {@code family}; results in the family's shape order. */
  List<Measured> measure(Family family) throws SQLException {
    List<Shape> shapes = family.shapes();
    int n = shapes.size();
    double[] checksums = new double[n];
    for (int r = 0; r < warmups; r++) {
      for (int j = 0; j < n; j++) {
        int i = (j + r) % n;
        checksums[i] = run(shapes.get(i), family.key() == null ? 0 : 1)[2];
      }
    }
    double[][] times = new double[n][runs];
    double[][] cpuTimes = new double[n][runs];
    for (int r = 0; r < runs; r++) {
      for (int j = 0; j < n; j++) {
        int i = (j + r) % n;
        double[] m = run(shapes.get(i), family.key() == null ? 0 : 1);
        times[i][r] = m[0];
        cpuTimes[i][r] = m[1];
        checksums[i] = m[2];
      }
    }
    List<Measured> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Arrays.sort(times[i]);
      Arrays.sort(cpuTimes[i]);
      Explain e = explain(shapes.get(i));
      out.add(
          new Measured(
              shapes.get(i), times[i], cpuTimes[i], e.millis, e.spillKb, checksums[i], e.plan));
    }
    return out;
  }

  /**
   * One run: {wall ms, backend CPU ms, checksum of the first aggregate column (after {@code keys}
   * keys)}.
   */
  private double[] run(Shape shape, int keys) throws SQLException {
    double sum = 0;
    double cpu0 = cpu.nanos();
    long t0 = System.nanoTime();
    try (PreparedStatement ps = connection.prepareStatement(shape.sql())) {
      shape.bind(ps);
      try (ResultSet rs = ps.executeQuery()) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          for (int c = 1; c <= columns; c++) {
            Object v = rs.getObject(c);
            if (c == keys + 1 && v instanceof Number num) {
              sum += num.doubleValue();
            }
          }
        }
      }
    }
    long wall = System.nanoTime() - t0;
    return new double[] {wall / 1e6, (cpu.nanos() - cpu0) / 1e6, sum};
  }

  private record Explain(double millis, long spillKb, String plan) {}

  private Explain explain(Shape shape) throws SQLException {
    StringBuilder plan = new StringBuilder();
    double ms = 0;
    long spill = 0;
    try (PreparedStatement ps =
        connection.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + shape.sql())) {
      shape.bind(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String line = rs.getString(1);
          plan.append(line).append('\n');
          Matcher t = TIME.matcher(line);
          if (t.find()) {
            ms += Double.parseDouble(t.group(2));
          }
          Matcher d = DISK.matcher(line);
          while (d.find()) {
            spill = Math.max(spill, Long.parseLong(d.group(1)));
          }
        }
      }
    }
    return new Explain(ms, spill, plan.toString());
  }
}
