package dev.dpjdbc.mechanisms.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The first reference table of docs/mechanisms.md § Reference values (test resource
 * reference/accounting.md): μ0, σ/Δ₂, classic σ, ρ = μ0²/2 and its conversion back to ε by
 * Bun–Steinke and CKS20. Tolerances are half a unit of the table's last printed digit.
 */
class AccountingTableTest {

  @ParameterizedTest(name = "eps={0}, delta={1}")
  @CsvSource({
    "0.1, 1e-5, 0.032521, 30.750, 48.45, 0.000529, 0.157, 0.111",
    "0.5, 1e-5, 0.142211, 7.032, 9.690, 0.010112, 0.693, 0.549",
    "1, 1e-5, 0.268051, 3.7306, 4.845, 0.035926, 1.322, 1.092",
    "1, 1e-6, 0.236704, 4.2247, 5.299, 0.028014, 1.272, 1.078",
    "2, 1e-6, 0.448335, 2.2305, 2.649, 0.100502, 2.457, 2.148",
    "5, 1e-9, 0.825278, 1.2117, 1.295, 0.340542, 5.654, 5.247"
  })
  void accountingTable_row_matches(
      double eps,
      double delta,
      double mu0,
      double sigma,
      double classic,
      double rho,
      double bunSteinke,
      double cks) {
    double m = AnalyticGaussian.mu0(eps, delta);
    assertEquals(mu0, m, 5e-7, "mu0");
    double s = AnalyticGaussian.sigma(1, eps, delta);
    assertEquals(sigma, s, halfUlpOfPrinted(sigma), "sigma/Delta2");
    assertEquals(classic, AnalyticGaussian.classicSigma(1, eps, delta), 5e-3, "classic sigma");
    assertEquals(rho, m * m / 2, 5e-7, "rho");
    assertEquals(bunSteinke, ZcdpConversion.bunSteinkeEpsilon(m * m / 2, delta), 5e-4, "BS");
    assertEquals(cks, ZcdpConversion.cksEpsilon(m * m / 2, delta), 5e-4, "CKS");
    assertTrue(ZcdpConversion.cksEpsilon(m * m / 2, delta) <= bunSteinke);
  }

  private static double halfUlpOfPrinted(double v) {
    // 30.750 -> 5e-4, 3.7306 -> 5e-5, 7.032 -> 5e-4, 1.2117 -> 5e-5: 5 significant digits
    double magnitude = Math.pow(10, Math.floor(Math.log10(v)) - 4);
    return 5 * magnitude;
  }
}
