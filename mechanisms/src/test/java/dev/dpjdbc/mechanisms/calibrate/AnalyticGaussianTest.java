package dev.dpjdbc.mechanisms.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.ReferenceFiles;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class AnalyticGaussianTest {

  static Stream<Arguments> calibrationCsv() {
    return ReferenceFiles.lines("calibration.csv").stream()
        .skip(1)
        .filter(l -> !l.isBlank())
        .map(l -> l.split(","))
        .map(
            f ->
                Arguments.of(
                    Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])));
  }

  /** Every row of the test resource reference/calibration.csv (SciPy, 12 digits), 1e-9 relative. */
  @ParameterizedTest(name = "eps={0}, delta={1}")
  @MethodSource("calibrationCsv")
  void mu0_referenceGrid_matchesWithin1e9(double epsilon, double delta, double expected) {
    double mu0 = AnalyticGaussian.mu0(epsilon, delta);
    assertEquals(expected, mu0, 1e-9 * expected, "mu0(" + epsilon + "," + delta + ")");
  }

  /** The returned μ0 is on the private side: δ(μ0) ≤ δ, and 1e-9 more would break it. */
  @ParameterizedTest(name = "eps={0}, delta={1}")
  @MethodSource("calibrationCsv")
  void mu0_isLowerEndOfRoot(double epsilon, double delta, double expected) {
    double mu0 = AnalyticGaussian.mu0(epsilon, delta);
    assertTrue(AnalyticGaussian.deltaOfMu(mu0, epsilon) <= delta);
    assertTrue(AnalyticGaussian.deltaOfMu(mu0 * (1 + 1e-9), epsilon) > delta);
    double sigma = AnalyticGaussian.sigma(3.0, epsilon, delta);
    assertTrue(AnalyticGaussian.delta(sigma, 3.0, epsilon) <= delta);
  }

  @ParameterizedTest(name = "eps={0}, delta={1}")
  @CsvSource({
    "0.001, 1e-12",
    "0.01, 0.5",
    "10, 1e-15",
    "20, 1e-20",
    "0.05, 1e-300",
    "50, 1e-6",
    "1, 0.9"
  })
  void mu0_extremeParameters_bracketsAndConverges(double epsilon, double delta) {
    double mu0 = AnalyticGaussian.mu0(epsilon, delta);
    assertTrue(mu0 > 0 && Double.isFinite(mu0));
    assertTrue(AnalyticGaussian.deltaOfMu(mu0, epsilon) <= delta);
    assertTrue(AnalyticGaussian.deltaOfMu(mu0 * (1 + 1e-9), epsilon) > delta);
  }

  @ParameterizedTest
  @CsvSource({"0.1, 1e-5, 30.750", "1, 1e-5, 3.7306", "1, 1e-6, 4.2247", "5, 1e-9, 1.2117"})
  void sigma_accountingTable_matches(double epsilon, double delta, double sigmaOverDelta) {
    assertEquals(
        sigmaOverDelta, AnalyticGaussian.sigma(1.0, epsilon, delta), 6e-5 * sigmaOverDelta);
  }

  @ParameterizedTest
  @CsvSource({"0, 1e-5", "-1, 1e-5", "Infinity, 1e-5", "NaN, 1e-5", "1, 0", "1, 1", "1, NaN"})
  void mu0_badArguments_throw(double epsilon, double delta) {
    assertThrows(IllegalArgumentException.class, () -> AnalyticGaussian.mu0(epsilon, delta));
  }

  @ParameterizedTest
  @CsvSource({"0.5", "1e-5", "1e-12", "1e-100", "1e-300", "0.999"})
  void inverseQ_roundTrips(double p) {
    assertEquals(p, NormalTail.q(NormalTail.inverseQ(p)), 1e-13 * p);
  }

  @ParameterizedTest
  @CsvSource({"29.9", "30.1", "35", "37"})
  void logQ_continuousAcrossAsymptoticSwitch(double x) {
    double viaErfc = Math.log(0.5 * org.apache.commons.math3.special.Erf.erfc(x / Math.sqrt(2)));
    assertEquals(viaErfc, NormalTail.logQ(x), 1e-13 * Math.abs(viaErfc));
  }
}
