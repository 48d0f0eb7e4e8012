package dev.dpjdbc.benchmarks.rewrite;

import dev.dpjdbc.benchmarks.rewrite.Harness.Measured;
import dev.dpjdbc.benchmarks.rewrite.Report.FamilyResult;
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
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * A horizontal bar chart (PNG) of one setting's ratios: one group of bars per analyst query, one
 * bar per shape, wall or backend CPU time (raw left out: it is 1 by definition), a log axis, and a
 * line at the 1.3× limit.
 */
final class Chart {
  private Chart() {}

  static void write(
      Path png, String title, List<FamilyResult> families, List<String> shapeNames, boolean cpu)
      throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (FamilyResult f : families) {
      for (String name : shapeNames.subList(1, shapeNames.size())) {
        Measured m = f.byName().get(name);
        // absent shapes are added as null so that every query keeps the same bar slots
        Measured raw = f.measured().get(0);
        Double r =
            m == null ? null : cpu ? m.cpuMedian() / raw.cpuMedian() : m.median() / raw.median();
        data.addValue(r, name, f.family().title());
      }
    }
    LogAxis ratio =
        new LogAxis(
            "median " + (cpu ? "backend CPU" : "wall") + " time / raw aggregate (log scale)");
    ratio.setBase(2);
    ratio.setTickUnit(new NumberTickUnit(1));
    ratio.setSmallestValue(0.5);
    ratio.setNumberFormatOverride(new java.text.DecimalFormat("0.##"));
    BarRenderer bars = new BarRenderer();
    bars.setBarPainter(new StandardBarPainter());
    bars.setShadowVisible(false);
    bars.setItemMargin(0.02);
    bars.setBase(0.5);
    bars.setIncludeBaseInRange(false);
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis("query"), ratio, bars);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    ValueMarker limit = new ValueMarker(Report.LIMIT, Color.RED, new BasicStroke(2f));
    limit.setLabel(Report.LIMIT + "×");
    limit.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    limit.setLabelTextAnchor(TextAnchor.TOP_LEFT);
    plot.addRangeMarker(limit);
    plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1f)));
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    int height = 140 + 7 * families.size() * Math.max(4, shapeNames.size() - 1);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1100, height);
  }
}
