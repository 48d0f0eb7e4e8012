package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.QuantileRelease;

/**
 * The bucket resolution of a quantile and the rank error it promises (docs/mechanisms.md,
 * "Quantiles").
 *
 * <p><b>Per-group ε.</b> One unit changes at most L0 groups' histograms, each by at most C rows, so
 * a group's rank utility moves by at most C; each group's mechanism runs at ε′ = ε_q/(C·L0) with
 * the sensitivity-1 exponential mechanism ({@code PrivateQuantile}), which makes the release of
 * every group's quantile together ε_q-DP.
 *
 * <p><b>Resolution.</b> The rank error grows only with ln K while the bucket width shrinks as 1/K,
 * so more budget buys more buckets: the target is K = 256·ε′ rounded up to a power of two, within
 * [16, 4096]; the analyzer's K_f fine buckets (never finer than 1 for a whole-number column) are
 * merged f = ⌈K_f/K⌉ at a time, giving ⌈K_f/f⌉ buckets of width f·(fine width) (the last one may
 * reach past U: values there are clamped to U).
 *
 * <p><b>Rank error.</b> All buckets have one width w, and some bucket has utility 0 (the ranks of
 * the buckets cover [0, n]), so the normaliser Σ_k w·exp(ε′u_k/2) ≥ w and P(bucket j) ≤
 * exp(ε′u_j/2). A bucket whose ranks lie farther than t from q·n has u_j &lt; −t, so by the union
 * bound over the K buckets P(rank error &gt; t) ≤ K·exp(−ε′t/2), i.e. with probability at least 1 −
 * β the chosen bucket's ranks come within t(β) = 2·ln(K/β)/ε′ = 2·C·L0·ln(K/β)/ε_q of q·n. The
 * released value lies in that bucket, so it is within one bucket width w of a value of that rank.
 * The expected rank error is at most ∫ min(1, K·e^{−ε′t/2}) dt = 2(ln K + 1)/ε′.
 *
 * @param buckets K
 * @param width the bucket width w
 * @param mergeFactor f fine buckets per bucket
 * @param epsilon ε′, the per-group ε of the mechanism
 */
public record QuantileResolution(int buckets, double width, int mergeFactor, double epsilon) {
  /** β at which EXPLAIN PRIVACY states the rank bound. */
  public static final double FAILURE = 1e-6;

  /** The resolution of histogram {@code h} for a quantile with budget ε_q. */
  public static QuantileResolution of(QuantileRelease.Histogram h, double quantileEpsilon) {
    double e = quantileEpsilon / ((double) h.rowsPerUnit() * h.groupsPerUnit());
    double want = Math.min(4096, Math.max(16, 256 * e));
    int target = Integer.highestOneBit((int) Math.ceil(want));
    if (target < want) {
      target *= 2;
    }
    int f = Math.max(1, (h.fineBuckets() + target - 1) / target);
    int k = (h.fineBuckets() + f - 1) / f;
    return new QuantileResolution(k, f * h.fineWidth(), f, e);
  }

  /** t(β) = 2·ln(K/β)/ε′: the chosen bucket's rank error exceeds it with probability ≤ β. */
  public double rankBound(double beta) {
    return 2 * Math.log(buckets / beta) / epsilon;
  }

  /** 2(ln K + 1)/ε′, a bound on the expected rank error of the chosen bucket. */
  public double expectedRankError() {
    return 2 * (Math.log(buckets) + 1) / epsilon;
  }

  /** The K + 1 edges from the fine layout of {@code h}. */
  public double[] edges(QuantileRelease.Histogram h) {
    double[] e = new double[buckets + 1];
    for (int j = 0; j <= buckets; j++) {
      e[j] = h.origin() + j * width;
    }
    return e;
  }

  /** The fine counts (from {@code from} in {@code values}) merged f at a time. */
  public long[] merge(double[] values, int from, int fineBuckets) {
    long[] c = new long[buckets];
    for (int i = 0; i < fineBuckets; i++) {
      c[i / mergeFactor] += Math.round(values[from + i]);
    }
    return c;
  }
}
