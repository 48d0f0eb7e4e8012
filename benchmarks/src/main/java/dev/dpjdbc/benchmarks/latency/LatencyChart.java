package dev.dpjdbc.benchmarks.latency;

import dev.dpjdbc.benchmarks.latency.LatencyRun.SizeResult;
import dev.dpjdbc.benchmarks.latency.LatencyRun.Timings;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The latency report's PNGs (JFreeChart): per size, the p50 of every query direct, as rewritten and
 * through the driver (log axis); and across sizes, the p50 ratio dp / direct per query with a line
 * at the 1.10× target.
 */
final class LatencyChart {
  static final double TARGET_RATIO = 1.10;

  private LatencyChart() {}

  /** Bars of p50 milliseconds per query: direct, rewritten SQL direct, dp. */
  static void latency(Path png, SizeResult size) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Timings t : size.queries()) {
      data.addValue(t.p(0, 0.5), "direct (pgJDBC)", t.query().name());
      data.addValue(t.p(2, 0.5), "rewritten SQL (pgJDBC)", t.query().name());
      data.addValue(t.p(1, 0.5), "jdbc:dp:", t.query().name());
    }
    LogAxis ms = new LogAxis("p50 latency, ms (log scale)");
    ms.setSmallestValue(0.01);
    ms.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
    save(
        png,
        String.format("Warm query latency, %,d rows (p50 of %d runs)", size.rows(), size.runs()),
        data,
        ms,
        null,
        size.queries().size() * 3);
  }

  /** Bars of p50(dp) / p50(direct) per query, one series per size, a line at the target. */
  static void ratios(Path png, List<SizeResult> sizes) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (SizeResult s : sizes) {
      for (Timings t : s.queries()) {
        data.addValue(
            t.p(1, 0.5) / t.p(0, 0.5), String.format("%,d rows", s.rows()), t.query().name());
      }
    }
    LogAxis ratio = new LogAxis("p50 jdbc:dp: / p50 direct (log scale)");
    ratio.setBase(2);
    ratio.setTickUnit(new NumberTickUnit(1));
    ratio.setSmallestValue(0.5);
    ratio.setNumberFormatOverride(new java.text.DecimalFormat("0.##"));
    ValueMarker target = new ValueMarker(TARGET_RATIO, Color.RED, new BasicStroke(2f));
    target.setLabel(TARGET_RATIO + "× target (10^6 rows)");
    save(
        png,
        "Driver overhead as a ratio to direct pgJDBC (p50)",
        data,
        ratio,
        target,
        sizes.size() * (sizes.isEmpty() ? 0 : sizes.get(0).queries().size()));
  }

  private static void save(
      Path png,
      String title,
      DefaultCategoryDataset data,
      ValueAxis axis,
      ValueMarker marker,
      int bars)
      throws IOException {
    BarRenderer renderer = new BarRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setItemMargin(0.02);
    if (axis instanceof LogAxis log) {
      renderer.setBase(log.getSmallestValue());
      renderer.setIncludeBaseInRange(false);
    }
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis("query"), axis, renderer);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    if (marker != null) {
      plot.addRangeMarker(marker);
      plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1f)));
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 160 + 16 * Math.max(6, bars));
  }
}
