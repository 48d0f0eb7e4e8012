package dev.dpjdbc.benchmarks.scale;

import dev.dpjdbc.benchmarks.scale.ScaleRun.SizeResult;
import dev.dpjdbc.benchmarks.scale.ScaleRun.Timings;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The scale report's PNGs (JFreeChart, log-log lines): the mix's total p50 wall time per way
 * against the row count, and the geometric-mean ratio of each way to the raw aggregate against the
 * row count with a line at the 1.3× target.
 */
final class ScaleChart {
  /** One colour per way of {@link ScaleRun#WAYS}, the same in both charts. */
  private static final Color[] WAY_COLORS = {
    Color.DARK_GRAY, new Color(0x1f77b4), new Color(0xff7f0e), new Color(0xd62728)
  };

  private ScaleChart() {}

  /** One line per way: the sum over the mix of each query's p50, in ms. */
  static void time(Path png, List<SizeResult> sizes) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int w = 0; w < ScaleRun.WAYS.size(); w++) {
      XYSeries line = new XYSeries(ScaleRun.WAYS.get(w));
      for (SizeResult s : sizes) {
        double total = 0;
        for (Timings t : s.queries()) {
          total += t.p(w, 0.5);
        }
        line.add(s.rows(), total);
      }
      data.addSeries(line);
    }
    LogAxis ms = new LogAxis("sum of the mix's p50 wall times, ms (log scale)");
    ms.setNumberFormatOverride(new DecimalFormat("#,##0.#"));
    ms.setTickUnit(new NumberTickUnit(1)); // a tick per power of ten
    save(png, "Query mix (" + ScaleData.MIX.size() + " aggregates) vs table size", data, ms, null);
  }

  /** One line per rewritten way: geometric mean over the mix of p50(way) / p50(raw). */
  static void ratios(Path png, List<SizeResult> sizes) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int w = 1; w < ScaleRun.WAYS.size(); w++) {
      XYSeries line = new XYSeries(ScaleRun.WAYS.get(w) + " / raw");
      for (SizeResult s : sizes) {
        line.add(s.rows(), ScaleReport.geoMeanRatio(s, w));
      }
      data.addSeries(line);
    }
    LogAxis ratio = new LogAxis("p50 / p50 raw, geometric mean over the mix (log scale)");
    ratio.setBase(2);
    ratio.setTickUnit(new NumberTickUnit(1));
    ratio.setSmallestValue(0.5);
    ratio.setNumberFormatOverride(new DecimalFormat("0.##"));
    ValueMarker target = new ValueMarker(ScaleReport.TARGET, Color.RED, new BasicStroke(2f));
    target.setLabel("1.3× target (rewrite, 10^7 rows)");
    target.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    target.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
    save(png, "Cost of the rewrite and of the DP query, as a ratio to raw", data, ratio, target);
  }

  private static void save(
      Path png, String title, XYSeriesCollection data, LogAxis y, ValueMarker marker)
      throws IOException {
    LogAxis rows = new LogAxis("rows in visits (log scale)");
    rows.setNumberFormatOverride(new DecimalFormat("#,##0"));
    rows.setSmallestValue(100);
    rows.setTickUnit(new NumberTickUnit(1)); // a tick per power of ten
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesStroke(i, new BasicStroke(2f));
      String way = data.getSeriesKey(i).toString().split(" ")[0];
      renderer.setSeriesPaint(i, WAY_COLORS[ScaleRun.WAYS.indexOf(way)]);
    }
    XYPlot plot = new XYPlot(data, rows, y, renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    if (marker != null) {
      plot.addRangeMarker(marker);
      plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1f)));
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 560);
  }
}
