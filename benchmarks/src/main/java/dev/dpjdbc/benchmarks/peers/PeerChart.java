package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.peers.PeerUtilityBenchmark.Cell;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/** The peer report's PNG: dpjdbc ÷ peer variance per released cell at the median ε. */
final class PeerChart {
  private PeerChart() {}

  static void ratios(Path png, List<Cell> cells) throws IOException {
    double[] eps = cells.stream().mapToDouble(Cell::epsilon).distinct().sorted().toArray();
    double e = eps[eps.length / 2];
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Peer p :
        new Peer[] {Peer.ZETASQL, Peer.GOOGLE_GAUSSIAN, Peer.QRLEW, Peer.SMARTNOISE_SAME_TOTAL}) {
      for (Cell c : cells) {
        double r = c.ratio(p);
        if (c.epsilon() == e && Double.isFinite(r)) {
          data.addValue(r, p.label, c.query().name() + ": " + c.agg().alias());
        }
      }
    }
    LogAxis y = new LogAxis("variance dpjdbc auto ÷ peer (log; < 1: dpjdbc less noisy)");
    y.setNumberFormatOverride(new java.text.DecimalFormat("0.####"));
    CategoryAxis x = new CategoryAxis("query: released column");
    x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    LineAndShapeRenderer r = new LineAndShapeRenderer(false, true);
    CategoryPlot plot = new CategoryPlot(data, x, y, r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1f)));
    plot.addRangeMarker(new ValueMarker(0.5, Color.RED, new BasicStroke(1f)));
    JFreeChart chart =
        new JFreeChart(
            "dpjdbc vs the peers' allocations, same total (ε, δ), ε = " + e + " (red: target 0.5)",
            JFreeChart.DEFAULT_TITLE_FONT,
            plot,
            true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1100, 650);
  }
}
