package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.calibrate.NormalTail;
import dev.dpjdbc.mechanisms.sample.NoiseInterval;
import java.util.List;

/**
 * Confidence intervals for released values, computed from a group's noisy coordinates and the
 * allocation's public scales only: post-processing, so they cost no privacy.
 *
 * <ul>
 *   <li><b>COUNT, SUM</b>: exact. noisy ± a with a = {@link NoiseInterval#halfWidth} for the
 *       coordinate's sensitivity, scale and mechanism (the discrete Laplace / discrete Gaussian
 *       {@code SecureNoise} really draws): P(true value outside) ≤ 1 − confidence. Intersected with
 *       what the bounds allow (a count ≥ 0 and an integer, so its ends are rounded inwards to
 *       integers; a SUM of non-negative values ≥ 0), which keeps that guarantee. They cover the
 *       value of the clamped query the analyzer runs (the sensitivity rests on the clamps).
 *   <li><b>AVG, VAR, STDDEV</b>: the delta method, approximate: the estimate ± z·√(Σ (∂f/∂c_i)²
 *       sd_i²), z = Φ⁻¹((1 + confidence)/2), with sd_i the noise's standard deviation (σ_i, or
 *       √2·b_i for Laplace) and the gradient of f at the noisy coordinates; clamped to [L, U] (AVG)
 *       or [0, h²] (VAR); STDDEV maps the VAR interval through √. Good when the noisy count is
 *       large next to its noise; NULL where the value itself is NULL (count below 1, or 2 for
 *       VAR_SAMP).
 *   <li>Keys and quantiles (exponential mechanism: no additive noise) get no interval (null).
 * </ul>
 */
public final class Intervals {
  private final double[] halfWidths;
  private final double[] stddevs;
  private final double z;
  private final List<Coordinate> coordinates;
  private final Allocation allocation;
  private final double confidence;

  private Intervals(
      double[] halfWidths,
      double[] stddevs,
      double z,
      List<Coordinate> coordinates,
      Allocation allocation,
      double confidence) {
    this.halfWidths = halfWidths;
    this.stddevs = stddevs;
    this.z = z;
    this.coordinates = coordinates;
    this.allocation = allocation;
    this.confidence = confidence;
  }

  /** The intervals at {@code confidence} in (0, 1) for a release with this allocation. */
  public static Intervals of(List<Coordinate> coordinates, Allocation a, double confidence) {
    double[] half = new double[coordinates.size()];
    double[] sd = new double[coordinates.size()];
    for (int i = 0; i < half.length; i++) {
      Coordinate c = coordinates.get(i);
      double scale = a.scales()[i];
      boolean noiseless = c.sensitivity() == 0 || scale == 0;
      half[i] =
          noiseless
              ? 0
              : NoiseInterval.halfWidth(
                  c.sensitivity(), scale, a.mechanism(), c.integral(), confidence);
      sd[i] = noiseless ? 0 : a.stddevs()[i];
    }
    return new Intervals(
        half, sd, NormalTail.inverseQ((1 - confidence) / 2), coordinates, a, confidence);
  }

  /**
   * {low, high} for the released value of {@code expr} in a group with these noisy coordinates, or
   * null when the column has no interval or its value is NULL.
   */
  public Object[] interval(OutputExpr expr, double[] noisy) {
    if (expr instanceof OutputExpr.CountOf c) {
      double n = noisy[c.coordinate()];
      double a = widen(halfWidths[c.coordinate()], n);
      return new Object[] {
        (long) Math.max(0, Math.ceil(n - a)), (long) Math.max(0, Math.floor(n + a))
      };
    }
    if (expr instanceof OutputExpr.SumOf s) {
      double v = noisy[s.sum()];
      double a = widen(halfWidths[s.sum()], v);
      double lo = v - a;
      double hi = v + a;
      if (s.lower() >= 0) {
        lo = Math.max(0, lo);
        hi = Math.max(0, hi);
      }
      if (s.upper() <= 0) {
        lo = Math.min(0, lo);
        hi = Math.min(0, hi);
      }
      return new Object[] {lo, hi};
    }
    if (expr instanceof OutputExpr.SumFromCentred s) {
      return SharedIntervals.sum(s, noisy, this);
    }
    if (expr instanceof OutputExpr.AvgFromSum a) {
      return SharedIntervals.average(a, noisy, stddevs, z);
    }
    if (expr instanceof OutputExpr.AvgOf avg) {
      return average(avg, noisy);
    }
    if (expr instanceof OutputExpr.VarianceOf v) {
      return variance(v, noisy);
    }
    return null;
  }

  private Object[] average(OutputExpr.AvgOf e, double[] noisy) {
    double n = noisy[e.count()];
    if (!(n >= 1)) {
      return null;
    }
    double s = noisy[e.centredSum()];
    double sdS = stddevs[e.centredSum()];
    double sdN = stddevs[e.count()];
    // f = s/n + mid: ∂f/∂s = 1/n, ∂f/∂n = −s/n²
    double sd = Math.sqrt(sdS * sdS + (s / n) * (s / n) * sdN * sdN) / n;
    double est = s / n + (e.lower() + e.upper()) / 2;
    return new Object[] {
      clamp(est - z * sd, e.lower(), e.upper()), clamp(est + z * sd, e.lower(), e.upper())
    };
  }

  private Object[] variance(OutputExpr.VarianceOf e, double[] noisy) {
    double n = noisy[e.count()];
    if (!(n >= (e.sample() ? 2 : 1))) {
      return null;
    }
    double s = noisy[e.centredSum()];
    double q = noisy[e.centredSumOfSquares()];
    double est;
    double dq;
    double ds;
    double dn;
    if (e.sample()) {
      est = (q - s * s / n) / (n - 1);
      dq = 1 / (n - 1);
      ds = -2 * s / (n * (n - 1));
      dn = s * s / (n * n * (n - 1)) - (q - s * s / n) / ((n - 1) * (n - 1));
    } else {
      est = q / n - (s / n) * (s / n);
      dq = 1 / n;
      ds = -2 * s / (n * n);
      dn = -q / (n * n) + 2 * s * s / (n * n * n);
    }
    double sd =
        Math.sqrt(
            square(dq * stddevs[e.centredSumOfSquares()])
                + square(ds * stddevs[e.centredSum()])
                + square(dn * stddevs[e.count()]));
    double h = (e.upper() - e.lower()) / 2;
    double lo = clamp(est - z * sd, 0, h * h);
    double hi = clamp(est + z * sd, 0, h * h);
    return e.sqrt() ? new Object[] {Math.sqrt(lo), Math.sqrt(hi)} : new Object[] {lo, hi};
  }

  /** The noise sd of coordinate {@code i} (0 when noiseless). */
  double stddev(int i) {
    return stddevs[i];
  }

  /**
   * The exact half-width of coordinate {@code i} at confidence {@code c} ({@link
   * NoiseInterval#halfWidth}), 0 when noiseless.
   */
  double halfWidth(int i, double c) {
    Coordinate k = coordinates.get(i);
    double scale = allocation.scales()[i];
    if (k.sensitivity() == 0 || scale == 0) {
      return 0;
    }
    return NoiseInterval.halfWidth(k.sensitivity(), scale, allocation.mechanism(), k.integral(), c);
  }

  double confidence() {
    return confidence;
  }

  double z() {
    return z;
  }

  /** The half-width plus an ulp of the value: the released double is rounded once. */
  private static double widen(double halfWidth, double value) {
    return halfWidth + Math.ulp(value);
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.min(hi, Math.max(lo, v));
  }

  private static double square(double v) {
    return v * v;
  }
}
