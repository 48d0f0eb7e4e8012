package dev.dpjdbc.mechanisms.quantile;

import java.util.Arrays;

/**
 * Per-bucket counts over data-independent bucket edges e_0 &lt; e_1 &lt; … &lt; e_K spanning the
 * public bounds [L, U] of a column — what a database returns for {@code GROUP BY} a bucket index of
 * the clamped column. Bucket j is [e_j, e_{j+1}); values outside [L, U] must have been clamped into
 * the end buckets (the rewrite does that), so each row counts in exactly one bucket.
 *
 * <p>The edges must not depend on the data (they are part of the query); the counts are exact (not
 * noisy): {@link PrivateQuantile} is what makes the release private.
 *
 * @param edges K + 1 finite, strictly increasing bucket edges
 * @param counts K non-negative counts
 */
public record BucketedHistogram(double[] edges, long[] counts) {
  /** Validates shapes, finiteness, order and signs; copies the arrays. */
  public BucketedHistogram {
    if (edges == null || counts == null) {
      throw new IllegalArgumentException("edges and counts must not be null");
    }
    if (edges.length < 2 || counts.length != edges.length - 1) {
      throw new IllegalArgumentException(
          "need K >= 1 buckets with K + 1 edges. Provided: "
              + edges.length
              + " edges, "
              + counts.length
              + " counts");
    }
    edges = edges.clone();
    counts = counts.clone();
    for (int i = 0; i < edges.length; i++) {
      if (!Double.isFinite(edges[i]) || (i > 0 && !(edges[i] > edges[i - 1]))) {
        throw new IllegalArgumentException(
            "edges must be finite and strictly increasing. Provided value at "
                + i
                + ": "
                + edges[i]);
      }
      if (i > 0 && !Double.isFinite(edges[i] - edges[i - 1])) {
        throw new IllegalArgumentException("bucket " + (i - 1) + " is too wide for a double");
      }
    }
    for (int j = 0; j < counts.length; j++) {
      if (counts[j] < 0) {
        throw new IllegalArgumentException(
            "counts must be >= 0. Provided value at " + j + ": " + counts[j]);
      }
    }
  }

  /** K + 1 equal-width edges over [lower, upper] (the last edge is exactly {@code upper}). */
  public static double[] equalWidthEdges(double lower, double upper, int buckets) {
    if (!(lower < upper) || !Double.isFinite(lower) || !Double.isFinite(upper)) {
      throw new IllegalArgumentException(
          "need finite lower < upper. Provided: [" + lower + ", " + upper + "]");
    }
    if (buckets < 1) {
      throw new IllegalArgumentException("buckets must be >= 1. Provided value: " + buckets);
    }
    double[] e = new double[buckets + 1];
    for (int i = 0; i <= buckets; i++) {
      e[i] = lower + (upper - lower) * i / buckets;
    }
    e[buckets] = upper;
    return e;
  }

  /** Number of buckets K. */
  public int buckets() {
    return counts.length;
  }

  /** Total count n. */
  public long total() {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    return n;
  }

  /** Width of bucket j. */
  public double width(int j) {
    return edges[j + 1] - edges[j];
  }

  /** A copy with one more (delta = +1) or one fewer (delta = −1) element in bucket j. */
  public BucketedHistogram withChange(int j, int delta) {
    long[] c = counts.clone();
    c[j] += delta;
    return new BucketedHistogram(edges, c);
  }

  @Override
  public double[] edges() {
    return edges.clone();
  }

  @Override
  public long[] counts() {
    return counts.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BucketedHistogram h
        && Arrays.equals(edges, h.edges)
        && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(edges) + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return "BucketedHistogram[edges="
        + Arrays.toString(edges)
        + ", counts="
        + Arrays.toString(counts)
        + "]";
  }
}
