package dev.dpjdbc.analyze.plan;

import java.util.List;

/**
 * The order statistics of a plan (MIN, MAX, MEDIAN, PERCENTILE_CONT, PERCENTILE_DISC), released by
 * the exponential mechanism on a bucketed histogram the backend computes (docs/mechanisms.md,
 * "Quantiles"). Contract with the driver:
 *
 * <ul>
 *   <li>each {@link Histogram}'s {@code sql} returns rows (group keys in the plan's key order, fine
 *       bucket index in [0, {@code fineBuckets}), count of rows): the per-(group, bucket) counts of
 *       the clamped column after per-unit contribution bounding (at most {@code rowsPerUnit} rows
 *       per unit per group, at most {@code groupsPerUnit} groups per unit), so adding or removing
 *       one unit changes the counts of at most {@code groupsPerUnit} groups, each by at most {@code
 *       rowsPerUnit} in total;
 *   <li>fine bucket j is [origin + j·fineWidth, origin + (j+1)·fineWidth); the edges depend only on
 *       the column's public bounds, never on the data;
 *   <li>the released value of {@link Quantile} i is read by {@link OutputExpr.QuantileOf} at
 *       position {@code coordinates().size() + i} of a group's noisy values.
 * </ul>
 *
 * @param histograms one per distinct (column, FILTER) the quantiles read
 * @param quantiles in the order of their released slots
 */
public record QuantileRelease(List<Histogram> histograms, List<Quantile> quantiles) {
  public static final QuantileRelease NONE = new QuantileRelease(List.of(), List.of());

  public QuantileRelease {
    histograms = List.copyOf(histograms);
    quantiles = List.copyOf(quantiles);
    for (Quantile q : quantiles) {
      if (q.histogram() < 0 || q.histogram() >= histograms.size()) {
        throw new IllegalArgumentException("quantile " + q + " reads no histogram of the plan");
      }
    }
  }

  /** No quantile. */
  public boolean isEmpty() {
    return quantiles.isEmpty();
  }

  /** Σ fine buckets over the histograms (the width of the exact counts the executor collects). */
  public int totalFineBuckets() {
    return histograms.stream().mapToInt(Histogram::fineBuckets).sum();
  }

  /** Where histogram {@code h}'s fine counts start after the plan's coordinates. */
  public int offset(int h) {
    int o = 0;
    for (int i = 0; i < h; i++) {
      o += histograms.get(i).fineBuckets();
    }
    return o;
  }

  /**
   * One histogram the backend computes.
   *
   * @param column the analyst's form of the column ("salary")
   * @param sql the backend statement, literals bound
   * @param lower L, the public lower bound the column is clamped to
   * @param upper U
   * @param origin the first fine edge (L, or L − ½ for an integer column)
   * @param fineWidth width of a fine bucket (a whole number for an integer column)
   * @param fineBuckets K_f, at most 4096
   * @param integral the column holds whole numbers (buckets never finer than 1)
   * @param rowsPerUnit C
   * @param groupsPerUnit L0
   */
  public record Histogram(
      String column,
      BoundSql sql,
      double lower,
      double upper,
      double origin,
      double fineWidth,
      int fineBuckets,
      boolean integral,
      long rowsPerUnit,
      long groupsPerUnit) {
    public Histogram {
      if (fineBuckets < 1 || !(fineWidth > 0) || rowsPerUnit < 1 || groupsPerUnit < 1) {
        throw new IllegalArgumentException(
            "a histogram needs >= 1 bucket of positive width and C, L0 >= 1. Provided: "
                + fineBuckets
                + ", "
                + fineWidth
                + ", "
                + rowsPerUnit
                + ", "
                + groupsPerUnit);
      }
    }
  }

  /**
   * One released quantile.
   *
   * @param description the analyst's call ("PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY salary)")
   * @param q in [0, 1]: MIN is 0, MAX 1, MEDIAN 0.5 (a DESC ordering already turned into 1 − q)
   * @param histogram index into {@link #histograms}
   */
  public record Quantile(String description, double q, int histogram) {
    public Quantile {
      if (!(q >= 0 && q <= 1)) {
        throw new IllegalArgumentException("q must be in [0, 1]. Provided value: " + q);
      }
    }
  }
}
