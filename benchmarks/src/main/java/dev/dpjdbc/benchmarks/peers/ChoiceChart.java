package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.peers.ChoiceData.Profile;
import dev.dpjdbc.benchmarks.peers.MechanismChoiceBenchmark.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The mechanism-choice PNGs: heat maps over (K, ε) and Laplace ÷ Gaussian against L0. */
final class ChoiceChart {
  private ChoiceChart() {}

  /**
   * Heat map of log₂(Laplace ÷ Gaussian total MSE) over K × ε at one L0 and δ, equal profile: blue
   * where Laplace wins, red where Gaussian wins, each cell labelled with the ratio.
   */
  static void heat(Path png, List<Point> points, int l0, double delta) throws IOException {
    TreeSet<Integer> ks = new TreeSet<>();
    TreeSet<Double> eps = new TreeSet<>();
    for (Point p : points) {
      ks.add(p.k());
      eps.add(p.epsilon());
    }
    Integer[] k = ks.toArray(new Integer[0]);
    Double[] e = eps.toArray(new Double[0]);
    int n = k.length * e.length;
    double[][] xyz = new double[3][n];
    XYPlot plot = new XYPlot();
    int c = 0;
    for (int i = 0; i < k.length; i++) {
      for (int j = 0; j < e.length; j++) {
        Point p = MechanismChoiceBenchmark.find(points, Profile.EQUAL, e[j], delta, k[i], l0);
        double r = p.mseRatio();
        xyz[0][c] = i;
        xyz[1][c] = j;
        xyz[2][c++] = Math.log(r) / Math.log(2);
        XYTextAnnotation a =
            new XYTextAnnotation(
                String.format(Locale.ROOT, "%.2g %s", r, p.auto().mechanism().substring(0, 1)),
                i,
                j);
        a.setFont(new Font("SansSerif", Font.PLAIN, 11));
        plot.addAnnotation(a);
      }
    }
    DefaultXYZDataset data = new DefaultXYZDataset();
    data.addSeries("log2 ratio", xyz);
    String[] kl = new String[k.length];
    for (int i = 0; i < k.length; i++) {
      kl[i] = "K = " + k[i];
    }
    String[] el = new String[e.length];
    for (int j = 0; j < e.length; j++) {
      el[j] = "ε = " + ChoiceReport.num(e[j]);
    }
    plot.setDataset(data);
    plot.setDomainAxis(new SymbolAxis("K (SUM columns, equal sensitivities)", kl));
    plot.setRangeAxis(new SymbolAxis("ε", el));
    XYBlockRenderer r = new XYBlockRenderer();
    r.setPaintScale(new Diverging(3));
    plot.setRenderer(r);
    plot.setBackgroundPaint(Color.WHITE);
    JFreeChart chart =
        new JFreeChart(
            "Laplace ÷ Gaussian total MSE, L0 = "
                + l0
                + ", δ = "
                + delta
                + " (blue: Laplace better; letter: auto's choice)",
            new Font("SansSerif", Font.BOLD, 14),
            plot,
            false);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 600);
  }

  /** Laplace ÷ Gaussian total MSE against L0 at ε, one line per (profile, K, δ). */
  static void byL0(Path png, List<Point> points, double epsilon) throws IOException {
    TreeSet<Integer> ks = new TreeSet<>();
    TreeSet<Double> deltas = new TreeSet<>();
    for (Point p : points) {
      ks.add(p.k());
      deltas.add(p.delta());
    }
    XYSeriesCollection data = new XYSeriesCollection();
    for (Profile prof : Profile.values()) {
      for (int k : new int[] {ks.first(), ks.last()}) {
        for (double d : new double[] {deltas.first(), deltas.last()}) {
          XYSeries s =
              new XYSeries(prof.name().toLowerCase(Locale.ROOT) + ", K = " + k + ", δ = " + d);
          for (Point p : points) {
            if (p.profile() == prof && p.k() == k && p.delta() == d && p.epsilon() == epsilon) {
              s.add(p.l0(), p.mseRatio());
            }
          }
          if (data.getSeriesIndex(s.getKey()) < 0) {
            data.addSeries(s);
          }
        }
      }
    }
    LogAxis x = new LogAxis("L0 (groups one unit can touch), log scale");
    x.setBase(2);
    x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1)); // one tick per power of 2
    x.setNumberFormatOverride(new java.text.DecimalFormat("0"));
    LogAxis y = new LogAxis("Laplace ÷ Gaussian total MSE (log; < 1: Laplace better)");
    y.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
    XYPlot plot = new XYPlot(data, x, y, new XYLineAndShapeRenderer(true, true));
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.5f)));
    JFreeChart chart =
        new JFreeChart(
            "Laplace ÷ Gaussian against L0, ε = " + ChoiceReport.num(epsilon),
            JFreeChart.DEFAULT_TITLE_FONT,
            plot,
            true);
    chart.setBackgroundPaint(Color.WHITE);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 600);
  }

  /** Blue below 0, white at 0, red above, saturating at ±limit (log₂ units). */
  private record Diverging(double limit) implements PaintScale {
    @Override
    public double getLowerBound() {
      return -limit;
    }

    @Override
    public double getUpperBound() {
      return limit;
    }

    @Override
    public Paint getPaint(double v) {
      double t = Math.max(-1, Math.min(1, v / limit));
      int fade = (int) Math.round(255 * (1 - Math.abs(t)));
      return t < 0 ? new Color(fade, fade, 255) : new Color(255, fade, fade);
    }
  }
}
