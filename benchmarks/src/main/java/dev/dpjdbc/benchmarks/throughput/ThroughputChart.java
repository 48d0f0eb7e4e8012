package dev.dpjdbc.benchmarks.throughput;

import dev.dpjdbc.benchmarks.throughput.MemoryRun.Reading;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Cell;
import dev.dpjdbc.benchmarks.throughput.ThroughputRun.Way;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The report's PNGs (JFreeChart): queries per second per protocol mode and client count, direct and
 * through the proxy (log axis); the ratio proxy / direct with a line at the 0.8× target; and the
 * proxy's live heap per memory step.
 */
final class ThroughputChart {
  static final double TARGET_RATIO = 0.8;

  private ThroughputChart() {}

  static String category(Cell c) {
    return "-M " + c.mode() + ", " + c.clients() + (c.clients() == 1 ? " client" : " clients");
  }

  static void tps(Path png, List<Cell> cells) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Cell c : cells) {
      data.addValue(c.tps(), c.way().label, category(c));
    }
    LogAxis axis = new LogAxis("queries per second (pgbench tps, log scale)");
    axis.setSmallestValue(1);
    axis.setNumberFormatOverride(new java.text.DecimalFormat("0.#"));
    save(png, "pgbench throughput: direct vs through the proxy", data, axis, null, "cell", 900);
  }

  static void ratios(Path png, List<Cell> cells) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Cell c : cells) {
      if (c.way() == Way.DIRECT) {
        continue;
      }
      Cell direct = direct(cells, c);
      data.addValue(c.tps() / direct.tps(), c.way().label, category(c));
    }
    NumberAxis axis = new NumberAxis("proxy tps / direct tps");
    axis.setUpperBound(1.05);
    axis.setLowerBound(0);
    ValueMarker target = new ValueMarker(TARGET_RATIO, Color.RED, new BasicStroke(2f));
    target.setLabel(TARGET_RATIO + "× target (32 clients)");
    save(png, "Proxy throughput as a share of direct PostgreSQL", data, axis, target, "cell", 900);
  }

  static void memory(Path png, List<Reading> readings) throws IOException {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Reading r : readings) {
      String label = String.format("%,d rows: %s", r.tableRows(), r.step().label());
      data.addValue(r.baselineMb(), "live heap before", label);
      data.addValue(r.maxLiveMb(), "live heap, max during", label);
      data.addValue(r.afterMb(), "live heap after", label);
    }
    NumberAxis axis = new NumberAxis("MB (heap used after a full GC)");
    save(png, "Proxy live heap while pgbench runs each workload", data, axis, null, "step", 1100);
  }

  static Cell direct(List<Cell> cells, Cell of) {
    for (Cell c : cells) {
      if (c.way() == Way.DIRECT && c.mode().equals(of.mode()) && c.clients() == of.clients()) {
        return c;
      }
    }
    throw new IllegalStateException("no direct cell for " + category(of));
  }

  private static void save(
      Path png,
      String title,
      DefaultCategoryDataset data,
      ValueAxis axis,
      ValueMarker marker,
      String domain,
      int width)
      throws IOException {
    BarRenderer renderer = new BarRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setItemMargin(0.02);
    if (axis instanceof LogAxis log) {
      renderer.setBase(log.getSmallestValue());
      renderer.setIncludeBaseInRange(false);
    }
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(domain), axis, renderer);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    if (marker != null) {
      plot.addRangeMarker(marker);
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    int bars = data.getRowCount() * data.getColumnCount();
    ChartUtils.saveChartAsPNG(png.toFile(), chart, width, 160 + 16 * Math.max(6, bars));
  }
}
