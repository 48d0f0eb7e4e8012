package dev.dpjdbc.mechanisms.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.calibrate.ExactOneDim.Noise;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExactOneDimTest {

  /** Reference value (docs/mechanisms.md § Reference values): ε0 = 1, ε = 0.5 → δ = 0.221. */
  @Test
  void laplaceDelta_referenceExample() {
    assertEquals(0.221, ExactOneDim.laplaceDelta(0.5, 1), 5e-4);
    assertEquals(1 - Math.exp(-0.25), ExactOneDim.laplaceDelta(0.5, 1), 1e-15);
    assertEquals(0.0, ExactOneDim.laplaceDelta(1, 1));
  }

  /**
   * The closed forms equal the hockey-stick divergence ∫ (f(x) − e^ε f(x−Δ))₊ dx computed by
   * numerical quadrature (scale 1, Δ = ε0).
   */
  @ParameterizedTest
  @CsvSource({
    "LAPLACE, 0.5, 1",
    "LAPLACE, 0, 2",
    "LAPLACE, 1.5, 3",
    "LOGISTIC, 0.5, 1",
    "LOGISTIC, 0, 2",
    "LOGISTIC, 1.5, 3",
    "LOGISTIC, 0.1, 0.2"
  })
  void delta_closedForm_equalsHockeyStickIntegral(Noise noise, double eps, double eps0) {
    DoubleUnaryOperator f =
        noise == Noise.LAPLACE
            ? x -> 0.5 * Math.exp(-Math.abs(x))
            : x -> {
              double e = Math.exp(-Math.abs(x));
              return e / ((1 + e) * (1 + e));
            };
    // x0: where the privacy loss ln f(x) − ln f(x − Δ) (non-increasing) crosses ε, by bisection
    double lo = -60;
    double hi = eps0 + 60;
    for (int k = 0; k < 200; k++) {
      double mid = (lo + hi) / 2;
      double loss = Math.log(f.applyAsDouble(mid)) - Math.log(f.applyAsDouble(mid - eps0));
      if (loss > eps) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double x0 = lo;
    IterativeLegendreGaussIntegrator integrator =
        new IterativeLegendreGaussIntegrator(16, 1e-12, 1e-16);
    double integral = 0;
    // the integrand f(x) − e^ε f(x−Δ) is positive exactly on (−∞, x0); kinks at 0 and Δ
    double[] edges = {-60, -20, -5, Math.min(0, x0), Math.min(eps0, x0), x0};
    for (int i = 0; i + 1 < edges.length; i++) {
      if (edges[i + 1] > edges[i]) {
        integral +=
            integrator.integrate(
                1_000_000,
                x -> f.applyAsDouble(x) - Math.exp(eps) * f.applyAsDouble(x - eps0),
                edges[i],
                edges[i + 1]);
      }
    }
    assertEquals(integral, ExactOneDim.delta(noise, 1.0, eps0, eps), 1e-9);
  }

  @ParameterizedTest
  @CsvSource({"1, 1e-5", "0.5, 1e-3", "0.1, 0.2", "2, 1e-9"})
  void smallestScale_laplace_matchesClosedForm(double eps, double delta) {
    double closed = 3.0 / (eps - 2 * Math.log1p(-delta));
    double b = ExactOneDim.smallestScale(Noise.LAPLACE, 3.0, eps, delta);
    assertEquals(closed, b, 1e-11 * closed);
    assertTrue(ExactOneDim.delta(Noise.LAPLACE, b, 3.0, eps) <= delta);
  }

  @ParameterizedTest
  @CsvSource({"1, 1e-5", "0.5, 1e-3", "0.1, 0.2", "2, 1e-9"})
  void smallestScale_logistic_isTight(double eps, double delta) {
    double s = ExactOneDim.smallestScale(Noise.LOGISTIC, 2.0, eps, delta);
    assertTrue(ExactOneDim.delta(Noise.LOGISTIC, s, 2.0, eps) <= delta);
    assertTrue(ExactOneDim.delta(Noise.LOGISTIC, s * (1 - 1e-9), 2.0, eps) > delta);
    assertTrue(s < 2.0 / eps);
  }
}
