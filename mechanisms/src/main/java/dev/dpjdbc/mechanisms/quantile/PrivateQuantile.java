package dev.dpjdbc.mechanisms.quantile;

import dev.dpjdbc.mechanisms.sample.RandomSource;

/**
 * ε-DP quantile of a bucketed column by the exponential mechanism on rank utility (Smith 2011; the
 * 1-D case of the K-norm gradient mechanism, Reimherr &amp; Awan 2019 §4.5, eq. (3)).
 *
 * <p><b>Utility.</b> With n elements, C_j the number in buckets before j and n_j the number in
 * bucket j, the ranks reachable inside bucket j form [C_j, C_j + n_j]; the utility of every point
 * of bucket j is u_j = −dist(q·n, [C_j, C_j + n_j]) (0 for the bucket holding the true q-quantile).
 * Adding or removing one element changes C_j or n_j by at most 1 and q·n by q, so |Δu_j| ≤ max(q, 1
 * − q) ≤ 1 (add/remove neighbours).
 *
 * <p><b>Mechanism.</b> Output density ∝ exp(ε·u(θ)/2) on [e_0, e_K] (exponential mechanism with
 * sensitivity 1, McSherry–Talwar): bucket j with probability ∝ w_j·exp(ε·u_j/2), w_j its width,
 * then a uniform point inside it. The density ratio on neighbouring histograms is ≤ e^{ε/2} from
 * the numerator times e^{ε/2} from the normaliser, hence ε-DP.
 *
 * <p><b>Floating point.</b> Weights are computed in log space, ln w_j + ε·u_j/2 − max, so nothing
 * overflows and the largest weight is exactly 1; each probability carries a relative error of a few
 * ulps (a privacy-ratio error of ~1e-15, far below ε). The bucket is chosen by inverse CDF with a
 * uniform on the 2^−53 grid from SecureRandom: every bucket's probability is realised to within
 * 2^−53, an additive error ≤ K·2^−53 (a δ of that size, negligible). The point inside the bucket is
 * e_j + w_j·U with U uniform on the 2^−53 grid; its floating-point pattern depends only on the
 * public edges, never on the data, so the Mironov-style leak of textbook Laplace does not arise.
 */
public final class PrivateQuantile {
  private final RandomSource rnd;

  private PrivateQuantile(RandomSource rnd) {
    this.rnd = rnd;
  }

  /** A mechanism backed by a fresh SecureRandom. */
  public static PrivateQuantile create() {
    return new PrivateQuantile(RandomSource.secure());
  }

  /** A mechanism drawing from the given source. */
  public static PrivateQuantile create(RandomSource rnd) {
    return new PrivateQuantile(rnd);
  }

  /**
   * An ε-DP estimate of the q-quantile.
   *
   * @param q in [0, 1] (0.5 = median)
   * @param epsilon finite, &gt; 0
   */
  public double quantile(BucketedHistogram h, double q, double epsilon) {
    int j = sampleBucket(h, q, epsilon);
    double[] e = h.edges();
    double u = rnd.nextUnitDouble();
    double x = e[j] + (e[j + 1] - e[j]) * u;
    return Math.min(x, Math.nextDown(e[j + 1])); // stay inside [e_j, e_{j+1}) after rounding
  }

  /** The bucket index drawn by the mechanism (inverse CDF of {@link #probabilities}). */
  int sampleBucket(BucketedHistogram h, double q, double epsilon) {
    double[] p = probabilities(h, q, epsilon);
    double u = rnd.nextUnitDouble();
    double cum = 0;
    int last = -1;
    for (int j = 0; j < p.length; j++) {
      if (p[j] > 0) {
        last = j;
        cum += p[j];
        if (u < cum) {
          return j;
        }
      }
    }
    return last; // u ≥ the rounded total (< 1 by at most K ulps): the last positive bucket
  }

  /** The exact mechanism's bucket probabilities P(j) ∝ w_j·exp(ε·u_j/2), in double precision. */
  public static double[] probabilities(BucketedHistogram h, double q, double epsilon) {
    double[] logW = logWeights(h, q, epsilon);
    double max = Double.NEGATIVE_INFINITY;
    for (double l : logW) {
      max = Math.max(max, l);
    }
    double[] p = new double[logW.length];
    double sum = 0;
    for (int j = 0; j < p.length; j++) {
      p[j] = Math.exp(logW[j] - max);
      sum += p[j];
    }
    for (int j = 0; j < p.length; j++) {
      p[j] /= sum;
    }
    return p;
  }

  /** ln P(j) = ln w_j + ε·u_j/2 − ln Σ_k w_k·exp(ε·u_k/2) (log-sum-exp; no underflow). */
  static double[] logProbabilities(BucketedHistogram h, double q, double epsilon) {
    double[] logW = logWeights(h, q, epsilon);
    double max = Double.NEGATIVE_INFINITY;
    for (double l : logW) {
      max = Math.max(max, l);
    }
    double sum = 0;
    for (double l : logW) {
      sum += Math.exp(l - max);
    }
    double logZ = max + Math.log(sum);
    double[] out = new double[logW.length];
    for (int j = 0; j < out.length; j++) {
      out[j] = logW[j] - logZ;
    }
    return out;
  }

  /** ln w_j + ε·u_j/2 for each bucket. */
  static double[] logWeights(BucketedHistogram h, double q, double epsilon) {
    if (!(q >= 0 && q <= 1)) {
      throw new IllegalArgumentException("q must be in [0, 1]. Provided value: " + q);
    }
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException(
          "epsilon must be finite and > 0. Provided value: " + epsilon);
    }
    long[] counts = h.counts();
    double target = q * h.total();
    double[] out = new double[counts.length];
    long before = 0;
    for (int j = 0; j < counts.length; j++) {
      double lo = before;
      double hi = (double) before + counts[j];
      double dist = target < lo ? lo - target : target > hi ? target - hi : 0;
      out[j] = Math.log(h.width(j)) - epsilon * dist / 2;
      before += counts[j];
    }
    return out;
  }
}
