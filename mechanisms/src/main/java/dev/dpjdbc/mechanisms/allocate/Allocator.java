package dev.dpjdbc.mechanisms.allocate;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;

/**
 * Closed-form i.n.i.d. allocation (Muthukrishnan &amp; Kalyani, "Differential Privacy with Higher
 * Utility through Non-identical Additive Noise", and its journal version), generalised to weights;
 * derivation in docs/mechanisms.md § Allocation.
 *
 * <p><b>Constraints.</b> One unit touches at most L0 = {@code request.groups()} groups, each with
 * the per-group profile λ and identical scales, so the whole release is (ε,δ)-DP when
 *
 * <ul>
 *   <li>Gaussian (analytic, Balle–Wang on the joint ℓ2 shift): L0 Σ_j λ_j²/σ_j² ≤ μ0(ε,δ)²;
 *   <li>Laplace (ℓ1 shift): L0 Σ_j λ_j/b_j ≤ ε′, with ε′ = ε − ln(1−δ) (journal Cor. 6; ε′ = ε for
 *       δ = 0).
 * </ul>
 *
 * Dividing by L0 turns either into the single-group constraint with μ0² → μ0²/L0 or ε′ → ε′/L0.
 *
 * <p><b>Weighted optimum</b> (Lagrange; minimise Σ w_i Var_i subject to the constraint, λ_i &gt; 0
 * only):
 *
 * <pre>
 *   Gaussian σ_i² = L0 · (λ_i/√w_i) · Σ_j λ_j√w_j / μ0²
 *   Laplace  b_i  = L0 · (λ_i/w_i)^{1/3} · Σ_j λ_j^{2/3} w_j^{1/3} / ε′
 * </pre>
 *
 * (substituting back gives L0 Σ λ_j²/σ_j² = μ0² and L0 Σ λ_j/b_j = ε′ exactly). Weights: ABSOLUTE w
 * ≡ 1; RELATIVE/EXPLICIT the caller's; EQUAL_SPLIT w = 1/λ² (then σ_i ∝ λ_i, b_i = K⁺λ_i L0/ε′:
 * each coordinate gets an equal share of the budget); IID one common scale σ = √L0‖λ‖₂/μ0 or b =
 * L0‖λ‖₁/ε′. Coordinates with λ_i = 0 get scale 0 and are left out of every sum and count (K⁺ is
 * the number of λ_i &gt; 0).
 *
 * <p><b>AUTO</b> computes both mechanisms for the request's objective and keeps the one with the
 * lower weighted objective Σ w_i Var_i (the weights of the objective; w ≡ 1 for IID); ties go to
 * Laplace (pure DP). With δ = 0 only Laplace is possible.
 *
 * <p><b>Cost.</b> Gaussian (ε, δ, ρ = μ0²/2, 0) — the joint privacy-loss of Gaussian noise with L0
 * Σ λ²/σ² = μ0² is ρ-zCDP with ρ = μ0²/2. Laplace (ε, δ, ρ = ε′²/2, 0) — pure ε′-DP implies
 * ε′²/2-zCDP (Bun–Steinke 2016, Prop. 1.4).
 */
public final class Allocator {
  private Allocator() {}

  /** Allocates noise scales for one group's coordinates; see the class comment for formulas. */
  public static Allocation allocate(AllocationRequest request) {
    PrivacyParams p = request.params();
    return switch (request.mechanism()) {
      case GAUSSIAN -> gaussian(request);
      case LAPLACE -> laplace(request);
      case AUTO -> {
        Allocation lap = laplace(request);
        if (p.delta() == 0) {
          yield lap;
        }
        Allocation gau = gaussian(request);
        yield autoScore(gau, request) < autoScore(lap, request) ? gau : lap;
      }
    };
  }

  /** Σ w_i Var_i of an allocation, the quantity AUTO compares. */
  public static double weightedObjective(Allocation a, double[] weights) {
    double s = 0;
    for (int i = 0; i < a.stddevs().length; i++) {
      if (a.stddevs()[i] > 0) {
        s += weights[i] * a.stddevs()[i] * a.stddevs()[i];
      }
    }
    return s;
  }

  /**
   * Σ w_i Var_i for the request's objective; for EQUAL_SPLIT computed as Σ (sd_i/λ_i)² so that a
   * tiny λ_i cannot overflow 1/λ_i².
   */
  private static double autoScore(Allocation a, AllocationRequest r) {
    if (r.objective() != Objective.EQUAL_SPLIT) {
      return weightedObjective(a, objectiveWeights(r));
    }
    double s = 0;
    for (int i = 0; i < a.stddevs().length; i++) {
      double lambda = r.profile().get(i);
      if (lambda > 0) {
        double ratio = a.stddevs()[i] / lambda;
        s += ratio * ratio;
      }
    }
    return s;
  }

  /** The Laplace ε′ = ε − ln(1−δ) of journal Cor. 6 (ε itself when δ = 0). */
  public static double laplaceEpsilon(PrivacyParams p) {
    return p.epsilon() - Math.log1p(-p.delta());
  }

  /** The weights the objective minimises against (1 for IID/ABSOLUTE, 1/λ² for EQUAL_SPLIT). */
  static double[] objectiveWeights(AllocationRequest r) {
    double[] lambda = r.profile().lambda();
    double[] w = new double[lambda.length];
    for (int i = 0; i < w.length; i++) {
      w[i] =
          switch (r.objective()) {
            case ABSOLUTE, IID -> 1.0;
            case EQUAL_SPLIT -> lambda[i] > 0 ? 1.0 / (lambda[i] * lambda[i]) : 0.0;
            case RELATIVE, EXPLICIT -> r.weights()[i];
          };
    }
    return w;
  }

  private static Allocation gaussian(AllocationRequest r) {
    PrivacyParams p = r.params();
    if (p.delta() == 0) {
      throw new IllegalArgumentException(
          "the Gaussian mechanism needs delta > 0. Provided value: 0 (use laplace or auto)");
    }
    double mu0 = AnalyticGaussian.mu0(p.epsilon(), p.delta());
    double[] lambda = r.profile().lambda();
    double l0 = r.groups();
    double[] scales =
        switch (r.objective()) {
          case IID -> gaussianIid(lambda, l0, mu0);
          case EQUAL_SPLIT -> gaussianEqualSplit(lambda, l0, mu0);
          default -> gaussianWeighted(lambda, objectiveWeights(r), l0, mu0);
        };
    double[] sd = scales.clone();
    double iidMse = mse(gaussianIid(lambda, l0, mu0), 1.0);
    double equalMse = mse(gaussianEqualSplit(lambda, l0, mu0), 1.0);
    return new Allocation(
        Mechanism.GAUSSIAN,
        r.objective(),
        scales,
        sd,
        mse(scales, 1.0),
        iidMse,
        equalMse,
        mu0,
        new PrivacyCost(p.epsilon(), p.delta(), mu0 * mu0 / 2, 0));
  }

  private static Allocation laplace(AllocationRequest r) {
    PrivacyParams p = r.params();
    // Shaded by 1e-14 relative so rounding in b_i cannot push L0 Σ λ/b past ε′ (cost uses ε′).
    double eps = laplaceEpsilon(p) * (1 - 1e-14);
    double[] lambda = r.profile().lambda();
    double l0 = r.groups();
    double[] scales =
        switch (r.objective()) {
          case IID -> laplaceIid(lambda, l0, eps);
          case EQUAL_SPLIT -> laplaceEqualSplit(lambda, l0, eps);
          default -> laplaceWeighted(lambda, objectiveWeights(r), l0, eps);
        };
    double[] sd = new double[scales.length];
    for (int i = 0; i < sd.length; i++) {
      sd[i] = Math.sqrt(2.0) * scales[i];
    }
    return new Allocation(
        Mechanism.LAPLACE,
        r.objective(),
        scales,
        sd,
        mse(scales, 2.0),
        mse(laplaceIid(lambda, l0, eps), 2.0),
        mse(laplaceEqualSplit(lambda, l0, eps), 2.0),
        Double.NaN,
        new PrivacyCost(p.epsilon(), p.delta(), laplaceEpsilon(p) * laplaceEpsilon(p) / 2, 0));
  }

  /** σ_i = √(L0 · (λ_i/√w_i) · Σ_j λ_j√w_j) / μ0. */
  static double[] gaussianWeighted(double[] lambda, double[] w, double l0, double mu0) {
    double sum = 0;
    for (int j = 0; j < lambda.length; j++) {
      if (lambda[j] > 0) {
        sum += lambda[j] * Math.sqrt(w[j]);
      }
    }
    double[] s = new double[lambda.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = lambda[i] > 0 ? Math.sqrt(l0 * lambda[i] / Math.sqrt(w[i]) * sum) / mu0 : 0.0;
    }
    return s;
  }

  /** σ = √L0 · ‖λ‖₂ / μ0 on every coordinate with λ_i &gt; 0. */
  static double[] gaussianIid(double[] lambda, double l0, double mu0) {
    double sq = 0;
    for (double l : lambda) {
      sq += l * l;
    }
    double sigma = Math.sqrt(l0 * sq) / mu0;
    double[] s = new double[lambda.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = lambda[i] > 0 ? sigma : 0.0;
    }
    return s;
  }

  /** b_i = L0 · (λ_i/w_i)^{1/3} · Σ_j λ_j^{2/3} w_j^{1/3} / ε′. */
  static double[] laplaceWeighted(double[] lambda, double[] w, double l0, double eps) {
    double sum = 0;
    for (int j = 0; j < lambda.length; j++) {
      if (lambda[j] > 0) {
        double c = Math.cbrt(lambda[j]);
        sum += c * c * Math.cbrt(w[j]);
      }
    }
    double[] b = new double[lambda.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = lambda[i] > 0 ? l0 * Math.cbrt(lambda[i] / w[i]) * sum / eps : 0.0;
    }
    return b;
  }

  /** b = L0 · ‖λ‖₁ / ε′ on every coordinate with λ_i &gt; 0. */
  static double[] laplaceIid(double[] lambda, double l0, double eps) {
    double l1 = 0;
    for (double l : lambda) {
      l1 += l;
    }
    double b = l0 * l1 / eps;
    double[] s = new double[lambda.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = lambda[i] > 0 ? b : 0.0;
    }
    return s;
  }

  /**
   * Equal split, the weighted optimum at w = 1/λ² in closed form: σ_i = λ_i √(L0·K⁺) / μ0 (each
   * coordinate gets μ0²/(L0·K⁺) of the ℓ2 budget).
   */
  static double[] gaussianEqualSplit(double[] lambda, double l0, double mu0) {
    double factor = Math.sqrt(l0 * positives(lambda)) / mu0;
    double[] s = new double[lambda.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = lambda[i] * factor;
    }
    return s;
  }

  /** Equal split for Laplace: b_i = L0 · K⁺ · λ_i / ε′ (each coordinate gets ε′/(L0·K⁺)). */
  static double[] laplaceEqualSplit(double[] lambda, double l0, double eps) {
    double factor = l0 * positives(lambda) / eps;
    double[] b = new double[lambda.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = lambda[i] * factor;
    }
    return b;
  }

  private static int positives(double[] lambda) {
    int k = 0;
    for (double l : lambda) {
      k += l > 0 ? 1 : 0;
    }
    return k;
  }

  /** Σ factor · scale_i² (Gaussian factor 1, Laplace 2). */
  private static double mse(double[] scales, double factor) {
    double s = 0;
    for (double x : scales) {
      s += factor * x * x;
    }
    return s;
  }
}
