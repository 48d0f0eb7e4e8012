package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which coordinates the first moment of a value family shares (issue 11; docs/mechanisms.md "Shared
 * coordinates"). A family is one aggregated column over one FILTER with one clamp interval [L, U];
 * its SUM, AVG, VAR_* and STDDEV_* can be released from fewer noisy coordinates than one per call:
 *
 * <ul>
 *   <li>{@link Basis#SEPARATE}: SUM from its own Σclamp(x) (λ = C·max(|L|, |U|)), AVG/VAR from the
 *       centred sum Σ(x − mid) (λ = C·h) and the count — the coordinates before issue 11;
 *   <li>{@link Basis#CENTRED}: SUM = Σ(x − mid) + mid·count, from the moments' centred sum and
 *       count (variance σ_c² + mid²σ_n²);
 *   <li>{@link Basis#PLAIN}: AVG = Σclamp(x) / count, from the SUM's own coordinate and the count
 *       (no VAR in the family: a variance needs the centred moments).
 * </ul>
 *
 * <p>Guarantee: the choice depends only on the query's shape and its public bounds, never on the
 * data, and costs nothing (the noise is added to coordinates only; the derived columns are
 * post-processing). {@link #better} keeps a basis only when the allocator's RELATIVE objective Σ
 * w_i Var_i — computed by {@link Allocator} itself — is no larger than the separate basis's under
 * both Gaussian and Laplace noise. Both objectives scale as a factor depending on (ε, δ, L0) times
 * a function of (λ, w) only (Gaussian L0(Σλ√w)²/μ0², Laplace 2L0²(Σλ^{2/3}w^{1/3})³/ε′²), so a
 * basis that wins at one setting wins at every ε, δ, L0 and for AUTO: sharing never makes the
 * query's objective worse than before.
 */
final class SharedBasis {
  /** How a family's first moment is represented. */
  enum Basis {
    SEPARATE,
    CENTRED,
    PLAIN
  }

  /**
   * System property that turns sharing off (every family {@link Basis#SEPARATE}), for measuring the
   * gain (benchmarks {@code shared}); both ways are private, only the noise differs.
   */
  static final String UNSHARED_PROPERTY = "dpjdbc.coordinates.unshared";

  /** At most this many combinations are tried; beyond, families are decided one at a time. */
  private static final int MAX_COMBINATIONS = 64;

  static final SharedBasis SEPARATE_ALL = new SharedBasis(Map.of());

  private final Map<String, Basis> chosen;

  SharedBasis(Map<String, Basis> chosen) {
    this.chosen = Map.copyOf(chosen);
  }

  Basis of(String family) {
    return chosen.getOrDefault(family, Basis.SEPARATE);
  }

  SharedBasis with(String family, Basis b) {
    Map<String, Basis> m = new LinkedHashMap<>(chosen);
    m.put(family, b);
    return new SharedBasis(m);
  }

  /** The family key: column text, FILTER text and clamp interval. */
  static String family(String column, String filter, Interval iv) {
    return column + filter + " [" + iv.lower() + ", " + iv.upper() + "]";
  }

  static boolean disabled() {
    return Boolean.getBoolean(UNSHARED_PROPERTY);
  }

  /** Every combination of the families' options (the separate basis first), if few enough. */
  static List<SharedBasis> combinations(Map<String, List<Basis>> options) {
    List<SharedBasis> out = new ArrayList<>(List.of(SEPARATE_ALL));
    for (Map.Entry<String, List<Basis>> e : options.entrySet()) {
      List<SharedBasis> next = new ArrayList<>();
      for (SharedBasis s : out) {
        for (Basis b : e.getValue()) {
          next.add(b == Basis.SEPARATE ? s : s.with(e.getKey(), b));
        }
      }
      if (next.size() > MAX_COMBINATIONS) {
        return null;
      }
      out = next;
    }
    return out;
  }

  /**
   * {Gaussian, Laplace} RELATIVE objective Σ w_i Var_i of these coordinates as {@link Allocator}
   * allocates them at a reference setting (ε = 1, δ = 1e-6, L0 = 1); see the class comment for why
   * the reference does not matter.
   */
  static double[] scores(List<Coordinate> coordinates) {
    double[] lambda = new double[coordinates.size()];
    double[] w = new double[coordinates.size()];
    boolean any = false;
    for (int i = 0; i < lambda.length; i++) {
      lambda[i] = coordinates.get(i).sensitivity();
      w[i] = coordinates.get(i).relativeWeight();
      any |= lambda[i] > 0;
    }
    if (!any) {
      return new double[] {0, 0};
    }
    double[] out = new double[2];
    Mechanism[] ms = {Mechanism.GAUSSIAN, Mechanism.LAPLACE};
    for (int k = 0; k < 2; k++) {
      Allocation a =
          Allocator.allocate(
              new AllocationRequest(
                  new SensitivityProfile(lambda),
                  w,
                  1,
                  new PrivacyParams(1, 1e-6),
                  ms[k],
                  Objective.RELATIVE));
      out[k] = Allocator.weightedObjective(a, w);
    }
    return out;
  }

  /**
   * The largest ratio of {@code candidate}'s objectives to {@code separate}'s (Gaussian and
   * Laplace); a basis is kept only when this is below the incumbent's.
   */
  static double ratio(double[] candidate, double[] separate) {
    double r = 0;
    for (int k = 0; k < 2; k++) {
      r = Math.max(r, separate[k] > 0 ? candidate[k] / separate[k] : 1);
    }
    return r;
  }

  /** Whether a ratio beats the incumbent's by more than rounding (ties keep the incumbent). */
  static boolean better(double ratio, double incumbent) {
    return ratio < incumbent * (1 - 1e-9);
  }
}
