package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.plan.QuantileRelease;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * The quantiles of a rewrite ({@link QuantileCalls}): one histogram plan per distinct (column,
 * FILTER), each returning (group keys, fine bucket index, count), and the quantiles that read them.
 * Empty when the query has none.
 *
 * @param histograms the histogram plans, with their bucket layout (the SQL is emitted later)
 * @param quantiles the released quantiles, in slot order
 */
public record QuantileRewrite(
    List<HistogramRel> histograms, List<QuantileRelease.Quantile> quantiles) {
  public static final QuantileRewrite NONE = new QuantileRewrite(List.of(), List.of());

  public QuantileRewrite {
    histograms = List.copyOf(histograms);
    quantiles = List.copyOf(quantiles);
  }

  /**
   * One histogram plan and its layout (see {@link QuantileRelease.Histogram} for the fields).
   *
   * @param rel keys, bucket index, count
   */
  public record HistogramRel(
      RelNode rel,
      String column,
      double lower,
      double upper,
      double origin,
      double fineWidth,
      int fineBuckets,
      boolean integral,
      long rowsPerUnit,
      long groupsPerUnit) {}
}
