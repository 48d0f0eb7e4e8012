package dev.dpjdbc.benchmarks.utility;

import dev.dpjdbc.benchmarks.utility.InidUtilityBenchmark.Cell;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The utility report's PNGs (JFreeChart): the i.n.i.d. gain against K, and emp/analytic. */
final class UtilityChart {
  private UtilityChart() {}

  /** MSE iid / MSE absolute against K, one line per (profile, mechanism), at the median ε. */
  static void gain(Path png, List<Cell> cells) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    double[] epsilons = cells.stream().mapToDouble(Cell::epsilon).distinct().sorted().toArray();
    double eps = epsilons[epsilons.length / 2];
    for (UtilityRun.Profile p : UtilityRun.Profile.values()) {
      for (String mech : InidUtilityBenchmark.MECHANISMS) {
        XYSeries s = new XYSeries(p.name().toLowerCase(java.util.Locale.ROOT) + ", " + mech);
        for (Cell c : cells) {
          if (c.profile() == p && c.mechanism().equals(mech) && c.epsilon() == eps) {
            s.add(c.k(), c.iid().totalMse() / c.absolute().totalMse());
          }
        }
        data.addSeries(s);
      }
    }
    NumberAxis k = new NumberAxis("K (number of SUM columns)");
    k.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    LogAxis y = new LogAxis("empirical MSE iid / MSE i.n.i.d. (absolute), log scale");
    y.setNumberFormatOverride(new java.text.DecimalFormat("0.##"));
    save(png, "i.n.i.d. gain over i.i.d. noise (total MSE), ε = " + eps, data, k, y, 1.0);
  }

  /** Empirical / analytic MSE for every (cell, objective), against the cell's index. */
  static void calibration(Path png, List<Cell> cells) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (int o = 0; o < InidUtilityBenchmark.OBJECTIVES.length; o++) {
      for (String mech : InidUtilityBenchmark.MECHANISMS) {
        XYSeries s = new XYSeries(InidUtilityBenchmark.OBJECTIVES[o] + ", " + mech);
        int x = 0;
        for (Cell c : cells) {
          if (c.mechanism().equals(mech)) {
            var m = c.byObjective()[o];
            s.add(x, m.totalMse() / m.totalVar());
          }
          x++;
        }
        data.addSeries(s);
      }
    }
    NumberAxis x = new NumberAxis("cell (profile × K × ε × mechanism, in the tables' order)");
    NumberAxis y = new NumberAxis("empirical MSE / analytic MSE");
    y.setAutoRangeIncludesZero(false);
    JFreeChart chart = chart("Empirical vs analytic MSE (lines at ±3 %)", data, x, y, true);
    XYPlot plot = chart.getXYPlot();
    for (double v : new double[] {0.97, 1.03}) {
      plot.addRangeMarker(new ValueMarker(v, Color.RED, new BasicStroke(1.5f)));
    }
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 600);
  }

  private static void save(
      Path png, String title, XYSeriesCollection data, NumberAxis x, LogAxis y, double line)
      throws IOException {
    JFreeChart chart = chart(title, data, x, y, false);
    chart.getXYPlot().addRangeMarker(new ValueMarker(line, Color.DARK_GRAY, new BasicStroke(1f)));
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 600);
  }

  private static JFreeChart chart(
      String title,
      XYSeriesCollection data,
      org.jfree.chart.axis.ValueAxis x,
      org.jfree.chart.axis.ValueAxis y,
      boolean pointsOnly) {
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(!pointsOnly, true);
    XYPlot plot = new XYPlot(data, x, y, r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }
}
