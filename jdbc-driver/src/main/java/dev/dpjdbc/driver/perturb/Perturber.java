package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.quantile.PrivateQuantile;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds independent secure noise to every coordinate of every group at the coordinate's allocated
 * scale (σ_i Gaussian, b_i Laplace), through {@link SecureNoise} (grid rounding plus exact discrete
 * samplers from {@code SecureRandom}). Coordinates with λ_i = 0 carry no personal data and get
 * none. A plan's quantiles follow the coordinates ({@link QuantileDraw}, at the share of ε {@link
 * BudgetSplit} gives them).
 */
public final class Perturber {
  private final SecureNoise noise;
  private final QuantileDraw quantiles;

  public Perturber(SecureNoise noise) {
    this.noise = noise;
    this.quantiles = new QuantileDraw(PrivateQuantile.create());
  }

  /** Perturbs {@code raw}; requires the {@link Grant} the ledger gave for this release. */
  public NoisyResult perturb(RawResult raw, PrivacyPlan plan, Grant grant) {
    Allocation allocation = grant.allocation();
    List<Coordinate> coordinates = plan.coordinates();
    double[] scales = allocation.scales();
    List<NoisyResult.Group> out = new ArrayList<>(raw.groups().size());
    for (RawResult.Group g : raw.groups()) {
      double[] noisy = new double[coordinates.size()];
      for (int i = 0; i < noisy.length; i++) {
        Coordinate c = coordinates.get(i);
        double value = g.values()[i];
        noisy[i] =
            c.sensitivity() == 0 || scales[i] == 0
                ? value
                : noise.addNoise(
                    value, c.sensitivity(), scales[i], allocation.mechanism(), c.integral());
      }
      if (!plan.quantiles().isEmpty()) {
        // after the coordinates: the quantiles, by the exponential mechanism (QuantileDraw)
        double epsilonQ = BudgetSplit.of(plan, allocation.cost().epsilon(), 0).quantileEpsilon();
        noisy = quantiles.append(noisy, g.values(), plan, epsilonQ);
      }
      out.add(new NoisyResult.Group(g.keys(), noisy));
    }
    return new NoisyResult(out);
  }
}
