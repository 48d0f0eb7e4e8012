package dev.dpjdbc.benchmarks.latency;

import dev.dpjdbc.benchmarks.latency.LatencyRun.SizeResult;
import dev.dpjdbc.benchmarks.latency.LatencyRun.Timings;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown of the latency report: the machine, the latency table per size (p50 and p99 direct
 * and through the driver, their ratio and the absolute overhead), the phase table (where the
 * overhead goes) and a reading computed from the numbers. Text after {@link #KEEP} in an existing
 * report (a hand-written reading of a run) is kept by {@link DriverLatencyBenchmark}.
 */
final class LatencyReport {
  /** The line after which an existing report's text survives regeneration. */
  static final String KEEP =
      "<!-- hand-written reading below: kept when the report is regenerated -->";

  private LatencyReport() {}

  static String markdown(String header, List<SizeResult> sizes, String chartPrefix) {
    StringBuilder md = new StringBuilder(header);
    for (SizeResult s : sizes) {
      md.append(
          String.format(
              Locale.ROOT,
              "%n## %,d rows (%d timed runs per query and way)%n%n",
              s.rows(),
              s.runs()));
      md.append(
          String.format("![latency, %,d rows](%s-%d.png)%n%n", s.rows(), chartPrefix, s.rows()));
      md.append(
          "| query | direct p50 | direct p99 | dp p50 | dp p99 | dp/direct p50 | dp/direct p99"
              + " | overhead p50 (ms) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Timings t : s.queries()) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %.3f | %.3f | %.3f | %.3f | %.2f× | %.2f× | %+.3f |%n",
                t.query().name(),
                t.p(0, 0.5),
                t.p(0, 0.99),
                t.p(1, 0.5),
                t.p(1, 0.99),
                t.p(1, 0.5) / t.p(0, 0.5),
                t.p(1, 0.99) / t.p(0, 0.99),
                t.p(1, 0.5) - t.p(0, 0.5)));
      }
      double charge = LatencyRun.percentile(s.chargeMillis(), 0.5);
      md.append(
          String.format(
              Locale.ROOT,
              "%nWhere the time goes (p50, ms). *rewritten*: the statement the driver runs, with its"
                  + " bind parameters, through pgJDBC; *explain*: `EXPLAIN PRIVACY` through the"
                  + " driver (plan from the cache, allocation, backend prepare/describe, value"
                  + " probe, admission check: the path up to the charge); *charge*: one ledger"
                  + " charge alone on an H2 file (p50 %.3f ms, p99 %.3f ms); *rest* = dp − rewritten"
                  + " − explain − charge (execution inside the driver, noise, result wrapping;"
                  + " negative when the parts overlap less than their sum); *post*: the post-processing above the released aggregates, in the driver (*copy*: a projection of the released columns, copied without Calcite's interpreter; *interpreter*: evaluated by Calcite's interpreter; *no*: none); *plan*: the analyzer's"
                  + " uncached plan (median of fresh analyzers, catalog already read) and cached"
                  + " lookup; *first dp call*: the query's first execution through a new"
                  + " connection.%n%n",
              charge,
              LatencyRun.percentile(s.chargeMillis(), 0.99)));
      md.append(
          "| query | direct | rewritten | rewritten − direct | explain | charge | rest | post"
              + " | plan uncached | plan cached | first dp call |\n"
              + "|---|---:|---:|---:|---:|---:|---:|:-:|---:|---:|---:|\n");
      for (Timings t : s.queries()) {
        double d = t.p(0, 0.5);
        double rw = t.p(2, 0.5);
        double ex = t.p(3, 0.5);
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %.3f | %.3f | %+.3f | %.3f | %.3f | %+.3f | %s | %.2f | %.4f | %.1f |%n",
                t.query().name(),
                d,
                rw,
                rw - d,
                ex,
                charge,
                t.p(1, 0.5) - rw - ex - charge,
                t.post(),
                t.planMillis(),
                t.cachedMs(),
                t.firstDpMillis()));
      }
      md.append(reading(s, charge));
    }
    if (!sizes.isEmpty()) {
      md.append("\n## The statements the driver runs (rewritten, with bind parameters `?`)\n\n");
      for (Timings t : sizes.get(0).queries()) {
        md.append("- ").append(t.query().name()).append(":\n\n  ```sql\n  ");
        md.append(t.rewrittenSql().replace("\n", "\n  ")).append("\n  ```\n");
      }
    }
    return md.toString();
  }

  /** The reading the numbers give by themselves: targets, the largest part of the overhead. */
  private static String reading(SizeResult s, double charge) {
    double overhead = 0;
    double rewrite = 0;
    double explain = 0;
    double worst = 0;
    for (Timings t : s.queries()) {
      overhead += t.p(1, 0.5) - t.p(0, 0.5);
      rewrite += t.p(2, 0.5) - t.p(0, 0.5);
      explain += t.p(3, 0.5);
      worst = Math.max(worst, t.p(1, 0.5) / t.p(0, 0.5));
    }
    int n = s.queries().size();
    return String.format(
        Locale.ROOT,
        "%nComputed from this table: mean overhead %.3f ms per query (target at 10^4 rows: ≤ 0.5"
            + " ms), worst p50 ratio %.2f× (target at 10^6 rows: ≤ 1.10×). Of the mean overhead,"
            + " the rewritten SQL's extra backend time is %.3f ms, the pre-charge path (explain)"
            + " %.3f ms, the ledger charge %.3f ms, the rest %.3f ms.%n",
        overhead / n,
        worst,
        rewrite / n,
        explain / n,
        charge,
        (overhead - rewrite - explain) / n - charge);
  }
}
