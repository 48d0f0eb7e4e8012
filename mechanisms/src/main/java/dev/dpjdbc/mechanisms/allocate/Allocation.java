package dev.dpjdbc.mechanisms.allocate;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.account.PrivacyCost;

/**
 * The chosen per-coordinate noise for one group's coordinates (identical across groups).
 *
 * @param mechanism GAUSSIAN or LAPLACE (never AUTO: AUTO is resolved here)
 * @param scales σ_i (Gaussian) or b_i (Laplace), in input order; 0 where λ_i = 0
 * @param stddevs standard deviation of each coordinate's noise (σ_i, or √2·b_i)
 * @param mse total MSE Σ_i Var_i of this allocation (per group)
 * @param iidMse total MSE of the i.i.d. baseline of the same mechanism and budget
 * @param equalSplitMse total MSE of the equal-split baseline (w = 1/λ²)
 * @param mu0 the analytic-Gaussian μ0(ε,δ) for Gaussian, NaN for Laplace
 * @param cost what releasing with this allocation costs, for the ledger
 */
public record Allocation(
    Mechanism mechanism,
    Objective objective,
    double[] scales,
    double[] stddevs,
    double mse,
    double iidMse,
    double equalSplitMse,
    double mu0,
    PrivacyCost cost) {
  public Allocation {
    if (mechanism == null
        || objective == null
        || scales == null
        || stddevs == null
        || cost == null) {
      throw new IllegalArgumentException(
          "mechanism, objective, scales, stddevs and cost are required");
    }
    if (scales.length != stddevs.length) {
      throw new IllegalArgumentException(
          "scales and stddevs must have the same length. Provided: "
              + scales.length
              + " and "
              + stddevs.length);
    }
    scales = scales.clone();
    stddevs = stddevs.clone();
  }

  /** σ_i or b_i (a copy). */
  @Override
  public double[] scales() {
    return scales.clone();
  }

  /** Standard deviation of each coordinate's noise (a copy). */
  @Override
  public double[] stddevs() {
    return stddevs.clone();
  }

  /** Number of coordinates. */
  public int size() {
    return scales.length;
  }

  /** σ_i or b_i of coordinate {@code i}, without copying. */
  public double scale(int i) {
    return scales[i];
  }

  /** Standard deviation of coordinate {@code i}'s noise, without copying. */
  public double stddev(int i) {
    return stddevs[i];
  }

  /** This allocation's noise with another cost (noise plus the query's other parts). */
  public Allocation withCost(PrivacyCost newCost) {
    return new Allocation(
        mechanism, objective, scales, stddevs, mse, iidMse, equalSplitMse, mu0, newCost);
  }
}
