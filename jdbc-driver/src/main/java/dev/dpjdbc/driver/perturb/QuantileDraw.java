package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import dev.dpjdbc.mechanisms.quantile.BucketedHistogram;
import dev.dpjdbc.mechanisms.quantile.PrivateQuantile;

/**
 * Draws a group's quantiles: for each of the plan's quantiles, the exact fine counts of its
 * histogram (after the coordinates in the group's exact values) merged to the resolution {@link
 * QuantileResolution} chooses, then {@link PrivateQuantile} at the per-group ε′ = ε_q/(C·L0). An
 * empty group's histogram is all zeros: every bucket has utility 0 and the value is uniform over
 * the buckets, i.e. over [L, U] (data-independent, as an empty group's noisy count is).
 */
final class QuantileDraw {
  private final PrivateQuantile mechanism;

  QuantileDraw(PrivateQuantile mechanism) {
    this.mechanism = mechanism;
  }

  /** The group's exact values followed by one released value per quantile. */
  double[] append(double[] noisyCoordinates, double[] exact, PrivacyPlan plan, double epsilonQ) {
    QuantileRelease qr = plan.quantiles();
    int k = plan.coordinates().size();
    double[] out = java.util.Arrays.copyOf(noisyCoordinates, k + qr.quantiles().size());
    for (int i = 0; i < qr.quantiles().size(); i++) {
      QuantileRelease.Quantile q = qr.quantiles().get(i);
      QuantileRelease.Histogram h = qr.histograms().get(q.histogram());
      QuantileResolution r = QuantileResolution.of(h, epsilonQ);
      long[] counts = r.merge(exact, k + qr.offset(q.histogram()), h.fineBuckets());
      out[k + i] =
          mechanism.quantile(new BucketedHistogram(r.edges(h), counts), q.q(), r.epsilon());
    }
    return out;
  }
}
