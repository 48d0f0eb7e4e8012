package dev.dpjdbc.mechanisms.allocate;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;

/**
 * Everything the allocation needs: the per-group profile λ, the number of groups one unit may touch
 * (L0 &gt;= 1), the budget, the mechanism (AUTO allowed) and the objective. {@code weights} is
 * required (one positive entry per coordinate) for RELATIVE and EXPLICIT and ignored otherwise.
 */
public record AllocationRequest(
    SensitivityProfile profile,
    double[] weights,
    int groups,
    PrivacyParams params,
    Mechanism mechanism,
    Objective objective) {
  public AllocationRequest {
    if (profile == null || params == null || mechanism == null || objective == null) {
      throw new IllegalArgumentException("profile, params, mechanism and objective are required");
    }
    if (groups < 1) {
      throw new IllegalArgumentException("groups (L0) must be >= 1. Provided value: " + groups);
    }
    if (objective == Objective.RELATIVE || objective == Objective.EXPLICIT) {
      if (weights == null || weights.length != profile.size()) {
        throw new IllegalArgumentException(
            "objective "
                + objective
                + " needs one weight per coordinate ("
                + profile.size()
                + "). Provided: "
                + (weights == null ? "none" : weights.length));
      }
      for (double w : weights) {
        if (!(w > 0) || Double.isInfinite(w)) {
          throw new IllegalArgumentException("weights must be > 0 and finite. Provided: " + w);
        }
      }
      weights = weights.clone();
    } else {
      weights = null;
    }
  }
}
