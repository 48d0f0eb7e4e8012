package dev.dpjdbc.benchmarks.throughput;

import dev.dpjdbc.benchmarks.throughput.MemoryRun.Reading;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Cell;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Profile;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Way;
import java.util.List;
import java.util.Map;

/**
 * The Markdown tables of the proxy throughput report (the header and reading come from the runner).
 */
final class ThroughputReport {
  private ThroughputReport() {}

  /** Everything below this line in an existing report is kept on a re-run (a written reading). */
  static final String KEEP = "<!-- kept on re-run: the reading below is written by hand -->";

  static String throughput(List<Cell> cells) {
    StringBuilder b = new StringBuilder();
    b.append(
        "| mode | clients | way | tps (queries/s) | latency avg (ms) | proxy / direct tps |"
            + " queries | CPU ms/query: JVM (proxy) | PostgreSQL | pgbench |\n"
            + "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Cell c : cells) {
      String ratio =
          c.way() == Way.DIRECT
              ? ""
              : String.format("%.3f×", c.tps() / ThroughputChart.direct(cells, c).tps());
      b.append(
          String.format(
              "| %s | %d | %s | %.1f | %.3f | %s | %,d | %.3f | %.3f | %.3f |%n",
              c.mode(),
              c.clients(),
              c.way().label,
              c.tps(),
              c.latencyMs(),
              ratio,
              c.queries(),
              c.cpuPerQueryMs().jvmMs(),
              c.cpuPerQueryMs().postgresMs(),
              c.cpuPerQueryMs().pgbenchMs()));
    }
    b.append('\n');
    for (Cell c : cells) {
      if (c.way() == Way.DIRECT || c.clients() < maxClients(cells)) {
        continue;
      }
      Cell d = ThroughputChart.direct(cells, c);
      double proxyCpu = total(c.cpuPerQueryMs());
      double directCpu = total(d.cpuPerQueryMs());
      b.append(
          String.format(
              "- -M %s, %d clients, %s: %.3f ms of CPU per query in all (JVM + PostgreSQL +"
                  + " pgbench) against %.3f direct, so on a CPU-bound machine the proxy can"
                  + " reach at most %.2f× direct tps; measured %.3f×.%n",
              c.mode(),
              c.clients(),
              c.way().label,
              proxyCpu,
              directCpu,
              directCpu / proxyCpu,
              c.tps() / d.tps()));
    }
    return b.toString();
  }

  private static double total(CpuMeter.Sample s) {
    return s.jvmMs() + s.postgresMs() + s.pgbenchMs();
  }

  private static int maxClients(List<Cell> cells) {
    return cells.stream().mapToInt(Cell::clients).max().orElse(1);
  }

  static String profiles(List<Profile> profiles) {
    if (profiles.isEmpty()) {
      return "(not profiled in this run)\n";
    }
    StringBuilder b = new StringBuilder("| part of the session thread's wall time |");
    StringBuilder sep = new StringBuilder("|---|");
    for (Profile p : profiles) {
      b.append(String.format(" -M %s, %d clients (%.1f tps) |", p.mode(), p.clients(), p.tps()));
      sep.append("---:|");
    }
    b.append('\n').append(sep).append('\n');
    for (String part : StackSampler.PARTS) {
      b.append("| ").append(part).append(" |");
      for (Profile p : profiles) {
        Map<String, Double> s = p.shares();
        b.append(String.format(" %.1f %% |", 100 * s.getOrDefault(part, 0.0)));
      }
      b.append('\n');
    }
    return b.toString();
  }

  static String memory(List<Reading> readings) {
    StringBuilder b =
        new StringBuilder(
            "| table rows | workload | rows in one result | live heap before (MB) | max during"
                + " (MB) | after (MB) | JVM RSS after (MB) | pgbench tps |\n"
                + "|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for (Reading r : readings) {
      b.append(
          String.format(
              "| %,d | %s | %s | %.1f | %.1f | %.1f | %.0f | %.1f |%n",
              r.tableRows(),
              r.step().label() + (r.step().sql() == null ? "" : ": `" + r.step().sql() + "`"),
              r.resultRows() < 0 ? "1–132 (the mix)" : String.format("%,d", r.resultRows()),
              r.baselineMb(),
              r.maxLiveMb(),
              r.afterMb(),
              r.rssMb(),
              r.tps()));
    }
    return b.toString();
  }
}
