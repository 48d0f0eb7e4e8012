package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.post.PostLineage;
import dev.dpjdbc.analyze.post.PostProcessor;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The released table with the confidence intervals of its noisy columns ({@link Intervals}: from
 * the noisy coordinates and the allocation's public scales only, so they cost nothing).
 *
 * <p>Which analyst columns get intervals ({@link #sources}):
 *
 * <ul>
 *   <li>a column that IS one released aggregate (COUNT, SUM, AVG, VAR_*, STDDEV_*), also renamed,
 *       filtered by HAVING, ordered or limited: its interval, exact for COUNT and SUM, by the delta
 *       method for AVG/VAR/STDDEV;
 *   <li>a column computed from released noisy values by the analyst's own expression (SUM(x) /
 *       COUNT(*), a CASE or ROUND over aggregates, an aggregate over released rows) and a quantile
 *       (exponential mechanism: no additive noise): interval columns that are always NULL;
 *   <li>group keys, columns that read no noisy value and columns that are not numbers (a text CASE
 *       over aggregates): no interval columns at all.
 * </ul>
 *
 * <p>With {@code dp.intervals} on, every column that gets intervals is followed by {@code
 * <col>_ci_low} and {@code <col>_ci_high}: BIGINT (int8) after a BIGINT column, else DOUBLE
 * (float8); BIGINT ends are rounded outwards. The table always carries the intervals of its cells
 * ({@link Table#intervals}), whether or not the columns are shown.
 */
public final class IntervalRelease {
  /** The column gets no interval columns. */
  static final int NONE = -2;

  /** The column gets interval columns that are NULL. */
  static final int NULL_INTERVAL = -1;

  private IntervalRelease() {}

  /**
   * For each analyst column: the released column whose interval it has (≥ 0), {@link
   * #NULL_INTERVAL} or {@link #NONE} (see the class comment).
   */
  static int[] sources(PrivacyPlan plan) {
    int[] s = lineage(plan);
    List<Table.Column> columns = PostProcess.columns(plan);
    for (int k = 0; k < s.length; k++) {
      if (!columns.get(k).numeric()) {
        s[k] = NONE; // a text, boolean or date computed from aggregates has no interval
      }
    }
    return s;
  }

  private static int[] lineage(PrivacyPlan plan) {
    List<OutputColumn> released = plan.outputs();
    if (plan.post() == null) {
      int[] s = new int[released.size()];
      for (int i = 0; i < s.length; i++) {
        OutputExpr e = released.get(i).expr();
        s[i] = additive(e) ? i : noisy(e) ? NULL_INTERVAL : NONE;
      }
      return s;
    }
    boolean anyNoisy = released.stream().anyMatch(c -> noisy(c.expr()));
    List<PostLineage.Origin> origins = PostLineage.origins(plan.post().processor());
    int[] s = new int[origins.size()];
    for (int k = 0; k < s.length; k++) {
      PostLineage.Origin o = origins.get(k);
      if (o.released() == null) {
        s[k] = anyNoisy ? NULL_INTERVAL : NONE; // unknown lineage: cannot rule a noisy value out
      } else if (o.released().stream()
          .noneMatch(j -> j < released.size() && noisy(released.get(j).expr()))) {
        s[k] = NONE;
      } else {
        int j = o.released().iterator().next();
        s[k] = o.direct() && additive(released.get(j).expr()) ? j : NULL_INTERVAL;
      }
    }
    return s;
  }

  private static boolean noisy(OutputExpr e) {
    return e != null && !(e instanceof OutputExpr.KeyRef);
  }

  private static boolean additive(OutputExpr e) {
    return e instanceof OutputExpr.CountOf
        || e instanceof OutputExpr.SumOf
        || e instanceof OutputExpr.AvgOf
        || e instanceof OutputExpr.SumFromCentred
        || e instanceof OutputExpr.AvgFromSum
        || e instanceof OutputExpr.VarianceOf;
  }

  /** The columns of the released table, with interval columns when {@code shown}. */
  public static List<Table.Column> columns(PrivacyPlan plan, boolean shown) {
    List<Table.Column> base = PostProcess.columns(plan);
    if (!shown) {
      return base;
    }
    int[] src = sources(plan);
    List<Table.Column> out = new ArrayList<>();
    for (int k = 0; k < base.size(); k++) {
      out.add(base.get(k));
      if (src[k] != NONE) {
        out.add(ciColumn(base.get(k), "_ci_low"));
        out.add(ciColumn(base.get(k), "_ci_high"));
      }
    }
    return out;
  }

  private static Table.Column ciColumn(Table.Column c, String suffix) {
    boolean bigint = c.jdbcType() == Types.BIGINT;
    return new Table.Column(
        c.label() + suffix,
        bigint ? Types.BIGINT : Types.DOUBLE,
        bigint ? "int8" : "float8",
        (bigint ? Long.class : Double.class).getName());
  }

  /**
   * The released table ({@link PostProcess#release}) with the intervals of its cells at {@code
   * confidence}, and their columns when {@code shown}.
   *
   * @param allocation the allocation the noise was drawn with (the grant's); null when nothing was
   *     drawn (a probe): every interval is then null
   */
  public static Table release(
      NoisyResult noisy,
      PrivacyPlan plan,
      PostProcessor post,
      Allocation allocation,
      double confidence,
      boolean shown)
      throws SQLException {
    Intervals iv = null;
    try {
      iv = allocation == null ? null : Intervals.of(plan.coordinates(), allocation, confidence);
    } catch (IllegalArgumentException | ArithmeticException e) {
      // a scale the interval cannot be computed for: the cells have no interval (null)
    }
    List<OutputColumn> outputs = plan.outputs();
    List<Object[]> rows = new ArrayList<>();
    List<double[][]> cis = new ArrayList<>();
    for (NoisyResult.Group g : noisy.groups()) {
      Object[] row = new Object[outputs.size() + 1];
      double[][] ci = new double[outputs.size()][];
      for (int i = 0; i < outputs.size(); i++) {
        OutputExpr e = outputs.get(i).expr();
        Object value = e.evaluate(g.keys(), g.noisy());
        row[i] = plan.post() != null ? value : PostProcess.typed(value, outputs.get(i));
        ci[i] = value == null || iv == null ? null : doubles(iv.interval(e, g.noisy()));
      }
      row[outputs.size()] = (long) rows.size(); // the released row's index, traced below
      rows.add(row);
      cis.add(ci);
    }
    List<Object[]> out = traced(rows, plan, post);
    int[] src = sources(plan);
    List<Table.Column> base = PostProcess.columns(plan);
    List<Object[]> visible = new ArrayList<>(out.size());
    List<double[][]> cells = new ArrayList<>(out.size());
    for (Object[] r : out) {
      Object index = r[r.length - 1];
      double[][] from = index == null ? null : cis.get(((Number) index).intValue());
      List<Object> values = new ArrayList<>();
      List<double[]> cell = new ArrayList<>();
      for (int k = 0; k < src.length; k++) {
        double[] c = src[k] >= 0 && from != null ? from[src[k]] : null;
        values.add(r[k]);
        cell.add(c);
        if (shown && src[k] != NONE) {
          boolean bigint = base.get(k).jdbcType() == Types.BIGINT;
          values.add(c == null ? null : end(c[0], bigint, false));
          values.add(c == null ? null : end(c[1], bigint, true));
          cell.add(null);
          cell.add(null);
        }
      }
      visible.add(values.toArray());
      cells.add(cell.toArray(new double[0][]));
    }
    return new Table(columns(plan, shown), visible, new Table.CellIntervals(confidence, cells));
  }

  /**
   * The analyst's rows, each with the index of the released row it came from appended (null when
   * rows are not traced: an aggregate over released rows).
   */
  private static List<Object[]> traced(List<Object[]> rows, PrivacyPlan plan, PostProcessor post)
      throws SQLException {
    int n = plan.outputs().size();
    if (plan.post() == null) {
      List<Object[]> sorted = new ArrayList<>(rows);
      if (!plan.orderBy().isEmpty()) {
        sorted.sort(PostProcess.order(plan.orderBy()));
      }
      long from = plan.offset() == null ? 0 : Math.max(0, plan.offset());
      long to = plan.limit() == null ? Long.MAX_VALUE : from + Math.max(0, plan.limit());
      return sorted.subList((int) Math.min(from, sorted.size()), (int) Math.min(to, sorted.size()));
    }
    PostProcessor tracing = PostLineage.traced(post);
    if (tracing != null) {
      return tracing.apply(rows);
    }
    List<Object[]> plain = new ArrayList<>();
    for (Object[] r : rows) {
      plain.add(Arrays.copyOf(r, n));
    }
    List<Object[]> out = new ArrayList<>();
    for (Object[] r : post.apply(plain)) {
      out.add(Arrays.copyOf(r, r.length + 1)); // index null: no released row
    }
    return out;
  }

  private static double[] doubles(Object[] interval) {
    return interval == null
        ? null
        : new double[] {((Number) interval[0]).doubleValue(), ((Number) interval[1]).doubleValue()};
  }

  /** An end of an interval column: a Long rounded outwards for BIGINT, else a Double. */
  private static Object end(double v, boolean bigint, boolean high) {
    if (!bigint) {
      return v;
    }
    return (long) (high ? Math.ceil(v) : Math.floor(v));
  }
}
