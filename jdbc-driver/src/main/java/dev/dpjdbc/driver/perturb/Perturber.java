package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds independent secure noise to every coordinate of every group at the coordinate's allocated
 * scale (σ_i Gaussian, b_i Laplace), through {@link SecureNoise} (grid rounding plus exact discrete
 * samplers from {@code SecureRandom}). Coordinates with λ_i = 0 carry no personal data and get
 * none.
 */
public final class Perturber {
  private final SecureNoise noise;

  public Perturber(SecureNoise noise) {
    this.noise = noise;
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
      out.add(new NoisyResult.Group(g.keys(), noisy));
    }
    return new NoisyResult(out);
  }
}
