package dev.dpjdbc.mechanisms.account;

/**
 * zCDP ρ → (ε, δ): Canonne–Kamath–Steinke 2020 (Prop. 12 / Cor. 13, tight up to the choice of Rényi
 * order) and Bun–Steinke 2016 (Prop. 1.3). Both are valid conversions for any ρ ≥ 0 and δ in (0,
 * 1); CKS is never larger than Bun–Steinke at the optimum, and the accountant uses the smaller of
 * the two anyway.
 */
public final class ZcdpConversion {
  /** Grid over t = ln(α − 1): α from 1 + e^−12 to 1 + e^40 covers ρ down to ~1e-30. */
  private static final double T_MIN = -12.0;

  private static final double T_MAX = 40.0;
  private static final int GRID = 521;
  private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

  private ZcdpConversion() {}

  /**
   * ε = min over α &gt; 1 of αρ + ln(1−1/α) − (ln δ + ln α)/(α−1) (CKS20), clamped at 0.
   *
   * <p>Minimised over t = ln(α−1): a grid of step 0.1 over t ∈ [−12, 40] locates the best cell
   * (guards against non-unimodality), then golden-section search to 1e-12 inside its two
   * neighbouring cells. Any α gives a valid ε, so the approximation of the minimiser only costs
   * tightness, never privacy.
   *
   * @param rho ≥ 0 and finite
   * @param delta in (0, 1]; δ ≥ 1 gives 0
   */
  public static double cksEpsilon(double rho, double delta) {
    check(rho, delta);
    if (rho == 0 || delta >= 1) {
      return 0.0;
    }
    double lnDelta = Math.log(delta);
    double step = (T_MAX - T_MIN) / (GRID - 1);
    int best = 0;
    double bestValue = Double.POSITIVE_INFINITY;
    for (int i = 0; i < GRID; i++) {
      double v = cksObjective(T_MIN + i * step, rho, lnDelta);
      if (v < bestValue) {
        bestValue = v;
        best = i;
      }
    }
    double a = T_MIN + Math.max(0, best - 1) * step;
    double b = T_MIN + Math.min(GRID - 1, best + 1) * step;
    double c = b - GOLDEN * (b - a);
    double d = a + GOLDEN * (b - a);
    double fc = cksObjective(c, rho, lnDelta);
    double fd = cksObjective(d, rho, lnDelta);
    while (b - a > 1e-12) {
      if (fc < fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - GOLDEN * (b - a);
        fc = cksObjective(c, rho, lnDelta);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + GOLDEN * (b - a);
        fd = cksObjective(d, rho, lnDelta);
      }
    }
    double result = Math.min(bestValue, Math.min(fc, fd));
    return Math.max(0.0, result);
  }

  /** The CKS20 bound at α = 1 + e^t. */
  static double cksObjective(double t, double rho, double lnDelta) {
    double am1 = Math.exp(t);
    double alpha = 1 + am1;
    // ln(1 − 1/α) = ln((α−1)/α) = t − ln α;  ln α = log1p(α − 1)
    double lnAlpha = Math.log1p(am1);
    return alpha * rho + (t - lnAlpha) - (lnDelta + lnAlpha) / am1;
  }

  /**
   * ε = ρ + 2√(ρ ln(1/δ)) (Bun–Steinke 2016, Prop. 1.3).
   *
   * @param rho ≥ 0 and finite
   * @param delta in (0, 1]; δ ≥ 1 gives ρ
   */
  public static double bunSteinkeEpsilon(double rho, double delta) {
    check(rho, delta);
    return rho + 2 * Math.sqrt(rho * Math.max(0.0, -Math.log(delta)));
  }

  /** The smaller of the two conversions (both are valid, so their minimum is). */
  public static double bestEpsilon(double rho, double delta) {
    return Math.min(cksEpsilon(rho, delta), bunSteinkeEpsilon(rho, delta));
  }

  private static void check(double rho, double delta) {
    if (!(rho >= 0) || Double.isInfinite(rho)) {
      throw new IllegalArgumentException("rho must be >= 0 and finite. Provided value: " + rho);
    }
    if (!(delta > 0)) {
      throw new IllegalArgumentException("delta must be > 0. Provided value: " + delta);
    }
  }
}
