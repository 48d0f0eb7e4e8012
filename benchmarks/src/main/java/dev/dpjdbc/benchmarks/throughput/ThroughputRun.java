package dev.dpjdbc.benchmarks.throughput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The throughput cells: for each protocol mode and client count, pgbench direct and through the
 * proxy back to back (the order alternating per repeat, so drift in the machine's load hits both
 * ways alike), and at the largest client count the proxy once more with one analyst per client
 * (that many single-client pgbench processes, their tps summed), because the ledger serialises the
 * charges of one analyst on a row lock.
 */
final class ThroughputRun {
  private ThroughputRun() {}

  /** Which door and which analysts. */
  enum Way {
    DIRECT("direct"),
    PROXY("proxy, one analyst"),
    PROXY_PER_CLIENT("proxy, analyst per client");

    final String label;

    Way(String label) {
      this.label = label;
    }
  }

  /** One measured cell (tps and latency averaged over the repeats). */
  record Cell(
      String mode,
      int clients,
      Way way,
      double tps,
      double latencyMs,
      long queries,
      CpuMeter.Sample cpuPerQueryMs) {}

  /** Where the proxy's session threads spent their wall time in one profiled run. */
  record Profile(String mode, int clients, double tps, java.util.Map<String, Double> shares) {}

  record Settings(
      List<String> modes, List<Integer> clients, int seconds, int transactions, int repeats) {}

  static List<Cell> measure(ProxyBench bench, List<Path> scripts, Settings s, CpuMeter cpu)
      throws Exception {
    List<Cell> cells = new ArrayList<>();
    int max = s.clients().stream().mapToInt(Integer::intValue).max().orElse(1);
    for (String mode : s.modes()) {
      if (s.transactions() == 0) {
        // warm-up: the proxy's JIT, the driver's plan cache and the backend's buffers
        Pgbench.run(
            bench.viaProxy(ProxyBench.SHARED),
            mode,
            Math.min(max, 8),
            Math.max(5, s.seconds()),
            0,
            scripts);
        Pgbench.run(bench.direct(), mode, 1, 0, 3, scripts);
      }
      for (int clients : s.clients()) {
        List<Way> ways = new ArrayList<>(List.of(Way.DIRECT, Way.PROXY));
        if (clients == max && clients > 1) {
          ways.add(Way.PROXY_PER_CLIENT);
        }
        double[][] sum = new double[ways.size()][6];
        for (int r = 0; r < s.repeats(); r++) {
          for (int k = 0; k < ways.size(); k++) {
            int i = r % 2 == 0 ? k : ways.size() - 1 - k;
            CpuMeter.Sample before = cpu.now();
            Pgbench.Result res = one(bench, scripts, mode, clients, ways.get(i), s);
            Thread.sleep(300); // let the postmaster reap the cell's backends
            CpuMeter.Sample used = cpu.now().minus(before);
            sum[i][0] += res.tps();
            sum[i][1] += res.latencyMs();
            sum[i][2] += res.transactions();
            sum[i][3] += used.jvmMs();
            sum[i][4] += used.postgresMs();
            sum[i][5] += used.pgbenchMs();
            log(
                "%s %2d clients %-26s tps %9.1f  latency %8.3f ms",
                mode, clients, ways.get(i).label, res.tps(), res.latencyMs());
          }
        }
        for (int i = 0; i < ways.size(); i++) {
          cells.add(
              new Cell(
                  mode,
                  clients,
                  ways.get(i),
                  sum[i][0] / s.repeats(),
                  sum[i][1] / s.repeats(),
                  Math.round(sum[i][2]),
                  new CpuMeter.Sample(
                      sum[i][3] / sum[i][2], sum[i][4] / sum[i][2], sum[i][5] / sum[i][2])));
        }
      }
    }
    return cells;
  }

  /**
   * One more run through the proxy (one analyst) per mode at {@code clients}, with the session
   * threads' stacks sampled every 10 ms; not counted in the cells (sampling costs CPU).
   */
  static List<Profile> profile(ProxyBench bench, List<Path> scripts, Settings s, int clients)
      throws Exception {
    List<Profile> out = new ArrayList<>();
    for (String mode : s.modes()) {
      Pgbench.Result r;
      StackSampler sampler = new StackSampler(10);
      try {
        r =
            Pgbench.run(
                bench.viaProxy(ProxyBench.SHARED),
                mode,
                clients,
                s.seconds(),
                s.transactions(),
                scripts);
      } finally {
        sampler.close();
      }
      out.add(new Profile(mode, clients, r.tps(), sampler.shares()));
    }
    return out;
  }

  private static Pgbench.Result one(
      ProxyBench bench, List<Path> scripts, String mode, int clients, Way way, Settings s)
      throws Exception {
    switch (way) {
      case DIRECT:
        return Pgbench.run(bench.direct(), mode, clients, s.seconds(), s.transactions(), scripts);
      case PROXY:
        return Pgbench.run(
            bench.viaProxy(ProxyBench.SHARED),
            mode,
            clients,
            s.seconds(),
            s.transactions(),
            scripts);
      default:
        return perClient(bench, scripts, mode, clients, s);
    }
  }

  /** {@code clients} pgbench processes of one client each, analysts bench1 … benchN. */
  private static Pgbench.Result perClient(
      ProxyBench bench, List<Path> scripts, String mode, int clients, Settings s) throws Exception {
    List<Process> running = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    for (int i = 1; i <= clients; i++) {
      Path log = Files.createTempFile("dpjdbc-pgbench-" + i, ".log");
      logs.add(log);
      running.add(
          Pgbench.start(
              bench.viaProxy(ProxyBench.SHARED + i),
              mode,
              1,
              s.seconds(),
              s.transactions(),
              scripts,
              log));
    }
    double tps = 0;
    double weightedLatency = 0;
    long n = 0;
    try {
      for (int i = 0; i < clients; i++) {
        Pgbench.Result r =
            Pgbench.finish(running.get(i), logs.get(i), Math.max(120, 6L * s.seconds()));
        tps += r.tps();
        weightedLatency += r.latencyMs() * r.transactions();
        n += r.transactions();
      }
    } finally {
      for (Process p : running) {
        p.destroyForcibly();
      }
      for (Path log : logs) {
        Files.deleteIfExists(log);
      }
    }
    return new Pgbench.Result(tps, weightedLatency / n, n);
  }

  static void log(String format, Object... args) {
    System.err.printf("[%s] %s%n", Instant.now(), String.format(format, args));
  }
}
