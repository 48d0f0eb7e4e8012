package dev.dpjdbc.benchmarks.jmh;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/** The JMH report's PNG (JFreeChart): one horizontal bar per benchmark, µs/op on a log axis. */
final class JmhChart {
  private JmhChart() {}

  static void bars(Path png, List<JmhReport.Row> rows) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    double min = Double.MAX_VALUE;
    for (JmhReport.Row r : rows) {
      if (r.micros() > 0) {
        data.addValue(r.micros(), r.group(), r.label());
        min = Math.min(min, r.micros());
      }
    }
    LogAxis axis = new LogAxis("µs per operation (log scale)");
    double base = rows.isEmpty() ? 1e-3 : Math.pow(10, Math.floor(Math.log10(min)));
    axis.setSmallestValue(base);
    axis.setNumberFormatOverride(new java.text.DecimalFormat("0.####"));
    BarRenderer renderer = new BarRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setItemMargin(0);
    renderer.setBase(base);
    renderer.setIncludeBaseInRange(false);
    CategoryAxis cats = new CategoryAxis("benchmark");
    cats.setTickLabelFont(cats.getTickLabelFont().deriveFont(10f));
    CategoryPlot plot = new CategoryPlot(data, cats, axis, renderer);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart =
        new JFreeChart(
            "Fixed costs of a dp query, µs/op (JMH)", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1100, 160 + 18 * Math.max(6, rows.size()));
  }
}
