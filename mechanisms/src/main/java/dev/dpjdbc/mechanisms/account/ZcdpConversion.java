package dev.dpjdbc.mechanisms.account;

/** zCDP ρ → (ε,δ): Canonne–Kamath–Steinke 2020 (tight) and Bun–Steinke 2016. */
public final class ZcdpConversion {
  private ZcdpConversion() {}

  /** ε = min over α &gt; 1 of αρ + ln(1−1/α) − (ln δ + ln α)/(α−1). */
  public static double cksEpsilon(double rho, double delta) {
    throw new UnsupportedOperationException("TODO(issue 2)");
  }

  /** ε = ρ + 2√(ρ ln(1/δ)). */
  public static double bunSteinkeEpsilon(double rho, double delta) {
    throw new UnsupportedOperationException("TODO(issue 2)");
  }
}
