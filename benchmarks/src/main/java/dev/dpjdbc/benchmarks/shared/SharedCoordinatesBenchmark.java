package dev.dpjdbc.benchmarks.shared;

import dev.dpjdbc.benchmarks.Options;
import dev.dpjdbc.benchmarks.jmh.Machine;
import dev.dpjdbc.benchmarks.shared.ColumnSd.Moments;
import dev.dpjdbc.benchmarks.shared.SharedQueries.Col;
import dev.dpjdbc.benchmarks.shared.SharedQueries.Query;
import dev.dpjdbc.benchmarks.shared.SharedRun.Explained;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fewer coordinates for the same answer (issue 11): each released column's noise sd before (every
 * call its own coordinates, as before issue 11: the analyzer's measurement switch, system property
 * {@value #UNSHARED}) and after (the shared basis the analyzer chooses), both read from EXPLAIN
 * PRIVACY through {@code jdbc:dp:h2:mem:} at the policy's default δ, mechanism (auto) and objective
 * (relative), for ε in {@code --epsilons}; and an empirical check of derived SUM columns (sample
 * variance of released errors against the declared variance). Writes {@code shared-coordinates.md}
 * and {@code shared-coordinates.png} to {@code --out}. Arguments, all optional: {@code
 * --epsilons=0.5,1,2}, {@code --rows=20000}, {@code --groups=64}, {@code --releases=100} (per
 * empirical check, each releasing every group), {@code --out=docs/benchmarks}.
 */
public final class SharedCoordinatesBenchmark {
  /** The analyzer's switch back to one set of coordinates per call (measurement only). */
  static final String UNSHARED = "dpjdbc.coordinates.unshared";

  /** One released column at one ε. */
  record Cell(
      double epsilon, Query query, Col col, double before, double after, int kBefore, int kAfter) {}

  private SharedCoordinatesBenchmark() {}

  public static void main(String[] args) throws Exception {
    run(args);
  }

  /** Runs the benchmark; returns the report's path. */
  public static Path run(String... args) throws Exception {
    Map<String, String> opt = new LinkedHashMap<>();
    opt.put("epsilons", "0.5,1,2");
    opt.put("rows", "20000");
    opt.put("groups", "64");
    opt.put("releases", "100");
    opt.put("out", "docs/benchmarks");
    Options.parse(opt, args);
    Path out = Path.of(opt.get("out"));
    Files.createDirectories(out);
    String started = Instant.now().toString();
    String load = Machine.loadAverage();
    int groups = Integer.parseInt(opt.get("groups"));
    List<Cell> cells = new ArrayList<>();
    List<Empirical.Check> checks;
    Path work = Files.createTempDirectory("dpjdbc-shared");
    try (SharedRun run = new SharedRun(work, Integer.parseInt(opt.get("rows")), groups)) {
      for (String e : opt.get("epsilons").split(",")) {
        double eps = Double.parseDouble(e.trim());
        run.settings(eps, "auto");
        for (Query q : SharedQueries.all()) {
          Explained before = run.explainUnshared(q.sql());
          Explained after = run.explain(q.sql());
          for (Col c : q.cols()) {
            Moments m = moments(run, c, q.grouped());
            cells.add(
                new Cell(
                    eps,
                    q,
                    c,
                    ColumnSd.of(c, before, m),
                    ColumnSd.of(c, after, m),
                    before.coordinates().size(),
                    after.coordinates().size()));
          }
        }
      }
      checks = Empirical.run(run, Integer.parseInt(opt.get("releases")));
    }
    Files.deleteIfExists(work);
    String machine = Machine.describe(load, started);
    String md = SharedReport.markdown(machine, opt, cells, checks);
    Path report = out.resolve("shared-coordinates.md");
    if (Files.exists(report)) {
      String old = Files.readString(report);
      int keep = old.indexOf(SharedReport.KEEP);
      if (keep >= 0) {
        md += "\n" + old.substring(keep);
      }
    }
    Files.writeString(report, md);
    SharedReport.chart(out.resolve("shared-coordinates.png"), cells);
    System.out.println(md);
    return report;
  }

  /** The true n, Σ(x − mid), Σ(x − mid)² of the column (group 0 of a grouped query). */
  static Moments moments(SharedRun run, Col c, boolean grouped) throws java.sql.SQLException {
    String x = c.column() == null ? "x" : c.column();
    double mid = c.column() == null ? 50 : c.mid();
    String sql =
        "SELECT COUNT(*), SUM("
            + x
            + " - "
            + mid
            + "), SUM(("
            + x
            + " - "
            + mid
            + ") * ("
            + x
            + " - "
            + mid
            + ")) FROM t"
            + (grouped ? " WHERE g = 0" : "");
    double[] r = run.exact(sql).get(0);
    return new Moments(r[0], r[1], r[2]);
  }
}
