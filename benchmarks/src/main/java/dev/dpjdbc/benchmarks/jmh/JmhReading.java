package dev.dpjdbc.benchmarks.jmh;

import java.util.List;
import java.util.function.Predicate;

/**
 * The report's reading, computed from the rows so that it never disagrees with the table: the
 * driver's fixed CPU cost per query split into planning (cold once per statement text, cached
 * after), allocation, μ0 and noise for K coordinates, and which part dominates.
 */
final class JmhReading {
  private JmhReading() {}

  static String reading(List<JmhReport.Row> rows) {
    double cold = max(rows, r -> r.label().startsWith("planCold"));
    double cached = max(rows, r -> r.label().startsWith("planCached"));
    double shapeHit = max(rows, r -> r.label().startsWith("planShapeHit"));
    double alloc16 = max(rows, r -> r.label().startsWith("allocate k=16"));
    double alloc64 = max(rows, r -> r.label().startsWith("allocate k=64"));
    double mu0Cold = max(rows, r -> r.label().equals("mu0Cold"));
    double mu0Cached = max(rows, r -> r.label().equals("mu0Cached"));
    double noise = max(rows, r -> r.label().startsWith("secureNoise"));
    double hot = cached + alloc16 + mu0Cached + 16 * noise;
    StringBuilder b = new StringBuilder("## Reading\n\n");
    b.append(
        String.format(
            "- **%s** The slowest cold plan"
                + " of the four queries takes %s µs (the relational planner: SQL → relational"
                + " algebra → privacy analysis → bounded rewrite → SQL); a cached plan is a map"
                + " lookup, at most %s µs. A dashboard that repeats its statements pays the cold"
                + " cost on the first call only.%n",
            cold > hot
                ? "Planning dominates, but only once per statement text."
                : "Planning does not dominate.",
            JmhReport.fmt(cold),
            JmhReport.fmt(cached)));
    if (!Double.isNaN(shapeHit)) {
      b.append(
          String.format(
              "- **New literals hit the shape cache.** The same statements with a new `age > k`"
                  + " literal on every call (`planShapeHit`: parse, shape key, bind into the"
                  + " shape's template) cost at most %s µs, %s× less than the slowest cold plan;"
                  + " a literal the privacy analysis reads (a narrowed bound) is planned cold"
                  + " instead (docs/sensitivity-analyzer.md, \"The plan cache by statement"
                  + " shape\").%n",
              JmhReport.fmt(shapeHit), JmhReport.fmt(cold / shapeHit)));
    }
    b.append(
        String.format(
            "- **Allocation and μ0 are %s.** The closed-form i.n.i.d. allocation costs at"
                + " most %s µs at K = 16 and %s µs at K = 64; μ0(ε, δ) costs %s µs cold (a"
                + " bisection, once per (ε, δ)) and %s µs cached.%n",
            alloc64 + mu0Cached < cold / 100
                ? "negligible (under 1 % of a cold plan)"
                : "not negligible",
            JmhReport.fmt(alloc16),
            JmhReport.fmt(alloc64),
            JmhReport.fmt(mu0Cold),
            JmhReport.fmt(mu0Cached)));
    b.append(
        String.format(
            "- **Noise per coordinate.** The slowest exact draw through `SecureNoise` costs %s"
                + " µs; a grouped query with 16 released cells pays 16 of them.%n",
            JmhReport.fmt(noise)));
    b.append(
        String.format(
            "- **Hot path total** (cached plan + allocation at K = 16 + cached μ0 + 16 draws):"
                + " about %s µs of CPU per query, against %s µs for a cold plan.%n",
            JmhReport.fmt(hot), JmhReport.fmt(cold)));
    if (hot < 500) {
      b.append(
          "- **Next speed-up.** The driver's measured per-query overhead of several ms"
              + " (driver-latency.md) is not in these computations: it is in JDBC round trips"
              + " (prepare/describe, value probes), the ledger charge and result wrapping, so the"
              + " next speed-up is there (fewer round trips before execution).\n");
    } else {
      b.append(
          "- **Next speed-up.** The hot path itself costs over 0.5 ms of CPU: make its largest"
              + " part above cheaper first.\n");
    }
    return b.toString();
  }

  private static double max(List<JmhReport.Row> rows, Predicate<JmhReport.Row> p) {
    return rows.stream().filter(p).mapToDouble(JmhReport.Row::micros).max().orElse(Double.NaN);
  }
}
