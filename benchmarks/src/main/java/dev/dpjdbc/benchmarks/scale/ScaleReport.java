package dev.dpjdbc.benchmarks.scale;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.benchmarks.scale.ScaleRun.SizeResult;
import dev.dpjdbc.benchmarks.scale.ScaleRun.Timings;
import java.util.List;
import java.util.Locale;

/**
 * The scale report's Markdown: per size a table of p50/p99 wall time of the four ways with the
 * ratios to the raw aggregate, the backend CPU ratios, then the SQL texts of each way. Text after
 * {@link #KEEP} in an existing report (a hand-written reading) is kept by {@link ScaleBenchmark}.
 */
final class ScaleReport {
  static final String KEEP =
      "<!-- hand-written reading below: kept when the report is regenerated -->";

  /** The rewrite's target at 10^7 rows (issue 11): ≤ 1.3× the raw aggregate. */
  static final double TARGET = 1.3;

  private static final String GUARD_START = "(SELECT CAST(CASE WHEN (SELECT pg_catalog.";
  private static final String GUARD_END = "END AS BOOLEAN))";

  private ScaleReport() {}

  static String markdown(String header, List<SizeResult> sizes) {
    StringBuilder md = new StringBuilder(header);
    md.append("\n![p50 vs rows](scale-time.png)\n\n![ratios vs rows](scale-ratios.png)\n");
    for (SizeResult s : sizes) {
      md.append(
          String.format(
              Locale.ROOT,
              "%n## %,d rows (loaded in %.1f s; %d timed runs per query and way)%n%n",
              s.rows(),
              s.loadSeconds(),
              s.runs()));
      md.append(
          "Wall time, ms (client side, every row read). *clamp*: the analyzer's rewrite under the"
              + " per-row policy; *per-unit*: under the per-person policy; *dp*: `jdbc:dp:`"
              + " (per-person policy). Ratios are p50 / p50 of *raw*; bold: ≤ 1.3×.\n\n"
              + "| query | raw p50 | raw p99 | clamp p50 | clamp p99 | per-unit p50 | per-unit"
              + " p99 | dp p50 | dp p99 | clamp/raw | per-unit/raw | dp/raw | dp/per-unit |\n"
              + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Timings t : s.queries()) {
        double raw = t.p(0, 0.5);
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s | %s | %s |"
                    + " %.2f× |%n",
                t.query().name(),
                raw,
                t.p(0, 0.99),
                t.p(1, 0.5),
                t.p(1, 0.99),
                t.p(2, 0.5),
                t.p(2, 0.99),
                t.p(3, 0.5),
                t.p(3, 0.99),
                ratio(t.p(1, 0.5) / raw),
                ratio(t.p(2, 0.5) / raw),
                ratio(t.p(3, 0.5) / raw),
                t.p(3, 0.5) / t.p(2, 0.5)));
      }
      md.append(
          "\nBackend CPU time, ms (p50; the backend of the direct connection, from /proc; n/a"
              + " without it). It does not grow when other processes take the CPUs, so its ratios"
              + " are steadier than wall time's on a shared machine.\n\n"
              + "| query | raw | clamp | per-unit | clamp/raw | per-unit/raw |\n"
              + "|---|---:|---:|---:|---:|---:|\n");
      for (Timings t : s.queries()) {
        double raw = t.cpuP50(0);
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s |%n",
                t.query().name(),
                ms(raw),
                ms(t.cpuP50(1)),
                ms(t.cpuP50(2)),
                Double.isNaN(raw) ? "n/a" : ratio(t.cpuP50(1) / raw),
                Double.isNaN(raw) ? "n/a" : ratio(t.cpuP50(2) / raw)));
      }
      md.append(summary(s));
    }
    if (!sizes.isEmpty()) {
      md.append(sqlTexts(sizes.get(0).queries()));
    }
    return md.toString();
  }

  /** Geometric means of the three ratios over the mix, and the worst rewrite ratio. */
  private static String summary(SizeResult s) {
    double[] logs = new double[3];
    double worstClamp = 0;
    double worstUnit = 0;
    for (Timings t : s.queries()) {
      double raw = t.p(0, 0.5);
      for (int w = 1; w <= 3; w++) {
        logs[w - 1] += Math.log(t.p(w, 0.5) / raw);
      }
      worstClamp = Math.max(worstClamp, t.p(1, 0.5) / raw);
      worstUnit = Math.max(worstUnit, t.p(2, 0.5) / raw);
    }
    int n = s.queries().size();
    return String.format(
        Locale.ROOT,
        "%nComputed from the wall-time table: geometric mean over the mix clamp/raw %.2f×,"
            + " per-unit/raw %.2f×, dp/raw %.2f×; worst clamp/raw %.2f×, worst per-unit/raw"
            + " %.2f× (target at 10^7 rows: the rewrite ≤ 1.3×).%n",
        Math.exp(logs[0] / n),
        Math.exp(logs[1] / n),
        Math.exp(logs[2] / n),
        worstClamp,
        worstUnit);
  }

  /** Geometric mean of way {@code way}'s p50 over raw's, over the mix. */
  static double geoMeanRatio(SizeResult s, int way) {
    double sum = 0;
    for (Timings t : s.queries()) {
      sum += Math.log(t.p(way, 0.5) / t.p(0, 0.5));
    }
    return Math.exp(sum / s.queries().size());
  }

  private static String sqlTexts(List<Timings> queries) {
    StringBuilder md =
        new StringBuilder(
            "\n## The SQL texts of each way (rewritten with bind parameters `?`)\n\n"
                + "Each statement is the analyzer's `rewrittenSql()` with `parameters()` bound as"
                + " the driver binds them. `<catalog guard>` stands for the catalog re-check"
                + " subquery, printed once at the end.\n");
    String guard = null;
    for (Timings t : queries) {
      md.append("\n### ").append(t.query().name()).append("\n\n");
      md.append("raw:\n\n```sql\n").append(t.query().sql()).append("\n```\n\n");
      PrivacyPlan[] plans = {t.clamp(), t.unit()};
      String[] names = {
        "clamp (per-row policy)", "per-unit (per-person policy; also what dp runs)"
      };
      for (int i = 0; i < 2; i++) {
        String sql = plans[i].rewrittenSql();
        int a = sql.indexOf(GUARD_START);
        if (a >= 0 && guard == null) {
          guard = sql.substring(a, sql.indexOf(GUARD_END, a) + GUARD_END.length());
        }
        md.append(names[i]).append(":\n\n```sql\n").append(shorten(sql)).append("\n```\n\n");
      }
    }
    if (guard != null) {
      md.append("### `<catalog guard>`\n\n```sql\n").append(guard).append("\n```\n");
    }
    return md.toString();
  }

  private static String shorten(String sql) {
    StringBuilder b = new StringBuilder();
    int from = 0;
    int a;
    while ((a = sql.indexOf(GUARD_START, from)) >= 0) {
      int e = sql.indexOf(GUARD_END, a);
      if (e < 0) {
        break;
      }
      b.append(sql, from, a).append("<catalog guard>");
      from = e + GUARD_END.length();
    }
    return b.append(sql.substring(from)).toString();
  }

  private static String ratio(double r) {
    String v = String.format(Locale.ROOT, "%.2f×", r);
    return r <= TARGET ? "**" + v + "**" : v;
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f", v);
  }
}
