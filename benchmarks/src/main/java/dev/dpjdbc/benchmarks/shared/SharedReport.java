package dev.dpjdbc.benchmarks.shared;

import dev.dpjdbc.benchmarks.shared.SharedCoordinatesBenchmark.Cell;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.category.DefaultCategoryDataset;

/** The shared-coordinates report: Markdown tables and one PNG of variance ratios. */
final class SharedReport {
  /** The hand-written reading below this heading survives a re-run. */
  static final String KEEP = "## Reading";

  private SharedReport() {}

  static String markdown(
      String machine, Map<String, String> opt, List<Cell> cells, List<Empirical.Check> checks) {
    StringBuilder md = new StringBuilder();
    md.append("# Fewer coordinates for the same answer (shared coordinates)\n\n");
    md.append(
        "Each released column's noise standard deviation **before** (every aggregate call its own"
            + " coordinates, as before issue 11: the analyzer's measurement switch, system"
            + " property `"
            + SharedCoordinatesBenchmark.UNSHARED
            + "=true`) and **after** (the basis the analyzer chooses: docs/mechanisms.md,"
            + " \"Shared coordinates\"), both read from EXPLAIN PRIVACY through `jdbc:dp:h2:mem:`."
            + " Table `t(id, g, x, y)`, one row per privacy unit (C = 1), x in [0, 100], y in"
            + " [1000, 1100], "
            + opt.get("rows")
            + " rows, "
            + opt.get("groups")
            + " public groups g. Policy defaults: δ = 1e-7, mechanism auto, objective relative."
            + " COUNT and SUM sds are EXPLAIN's own `output_stddev` (exact); AVG, VAR_SAMP and"
            + " STDDEV_SAMP sds are the delta method at the true group size and moments (whole"
            + " table, or group 0 of a grouped query). K = noisy coordinates per group.\n\n");
    md.append("## Settings and machine\n\n").append(machine);
    md.append(
        String.format(
            "- command: `java -cp benchmarks/target/benchmarks.jar"
                + " dev.dpjdbc.benchmarks.shared.SharedCoordinatesBenchmark --epsilons=%s"
                + " --rows=%s --groups=%s --releases=%s --out=%s`%n%n",
            opt.get("epsilons"),
            opt.get("rows"),
            opt.get("groups"),
            opt.get("releases"),
            opt.get("out")));
    double eps = -1;
    List<Double> ratios = new ArrayList<>();
    for (Cell c : cells) {
      if (c.epsilon() != eps) {
        eps = c.epsilon();
        md.append("## ε = ").append(plain(eps)).append("\n\n");
        md.append(
            "| query | column | K before → after | sd before | sd after | variance after/before"
                + " |\n|---|---|---|---|---|---|\n");
      }
      double r = sq(c.after() / c.before());
      ratios.add(r);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d → %d | %s | %s | %.3f |%n",
              c.query().name(),
              c.col().alias(),
              c.kBefore(),
              c.kAfter(),
              num(c.before()),
              num(c.after()),
              r));
      if (cells.indexOf(c) + 1 == cells.size()
          || cells.get(cells.indexOf(c) + 1).epsilon() != eps) {
        md.append("\n");
      }
    }
    ratios.sort(Double::compare);
    md.append(
        String.format(
            Locale.ROOT,
            "Over all %d cells: median variance ratio after/before %.3f, min %.3f, max %.3f.%n%n",
            ratios.size(),
            ratios.get(ratios.size() / 2),
            ratios.get(0),
            ratios.get(ratios.size() - 1)));
    md.append("## Empirical check (derived SUM columns, Gaussian noise, ε = 1)\n\n");
    md.append(
        "Sample variance of N released errors over the declared variance; allowed range from"
            + " Laurent–Massart χ² bounds, false failure ≤ 1e-6 over the whole table.\n\n");
    md.append("| query | column | N | declared sd | sample/declared | allowed | passes |\n");
    md.append("|---|---|---|---|---|---|---|\n");
    for (Empirical.Check k : checks) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %s | %.4f | [%.4f, %.4f] | %s |%n",
              k.query(),
              k.column(),
              k.n(),
              num(k.declaredSd()),
              k.ratio(),
              k.low(),
              k.high(),
              k.passes() ? "yes" : "**no**"));
    }
    md.append("\n");
    return md.toString();
  }

  static void chart(Path png, List<Cell> cells) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Cell c : cells) {
      data.addValue(
          sq(c.after() / c.before()),
          "ε = " + plain(c.epsilon()),
          c.query().name() + ": " + c.col().alias());
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            "Shared coordinates: each column's noise variance after / before",
            null,
            "variance after / before (1 = unchanged)",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_90);
    plot.addRangeMarker(new ValueMarker(1.0, Color.RED, new BasicStroke(1.5f)));
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1400, 800);
  }

  private static double sq(double v) {
    return v * v;
  }

  static String plain(double d) {
    return java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  static String num(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e6
        ? String.valueOf((long) d)
        : String.format(Locale.ROOT, "%.4g", d);
  }
}
