package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The whole driver, measured: 400 runs (at least; see {@link #RUNS}) of {@code SELECT COUNT(*)}
 * through {@code jdbc:dp:} on H2 with Gaussian noise (ε = 0.5, δ = 1e-6, absolute objective). The
 * empirical error must have mean 0 and the standard deviation EXPLAIN PRIVACY reports.
 *
 * <p><b>Model.</b> The true count is 300 and its sensitivity 1; the released value is 300 + Z with
 * Z discrete Gaussian with parameter σ = EXPLAIN's {@code stddev} (integral coordinate: no grid
 * rounding; the clamp at 0 is never active, P(Z &lt; −300) &lt; e^{−300²/2σ²}). The discrete
 * Gaussian is σ²-sub-Gaussian and its variance differs from σ² by less than 1e-10·σ² for σ ≥ 1
 * (Canonne–Kamath–Steinke 2020, §2), far below the tolerances here.
 *
 * <p><b>Tolerances (false-failure probability ≤ 1e-6 in total).</b>
 *
 * <ul>
 *   <li>Mean: the mean of n independent σ²-sub-Gaussian errors satisfies P(|Z̄| ≥ t) ≤ 2 exp(−n
 *       t²/(2σ²)); with t = σ √(2 ln(2/p)/n), p = 5e-7, this is ≤ 5e-7 (no CLT needed).
 *   <li>Variance: (n−1)s²/σ² ~ χ²(n−1); accepting between the χ² quantiles at 2.5e-7 and 1 − 2.5e-7
 *       fails falsely with probability 5e-7 (for the Gaussian; the discrete one differs negligibly,
 *       see above).
 * </ul>
 */
@Tag("statistical")
class StatisticalDriverIT extends ScenarioBase {
  /** Runs per test; {@code -Ddpjdbc.statistical.runs=N} raises it for a closer look. */
  static final int RUNS = Integer.getInteger("dpjdbc.statistical.runs", 400);

  @Override
  Backend backend() throws Exception {
    return TestBackends.h2();
  }

  @Test
  void countError_hasExplainedStddevAndZeroMean() throws SQLException {
    Path statistical = Policies.write(dir, "statistical", 1e6, 0.5, 0.5, 1e-6, "gaussian");
    double truth = TestSchema.truth(backend, "SELECT COUNT(*) FROM employees");
    double[] errors = new double[RUNS];
    double sigma;
    try (Connection c = backend.dp(statistical, "statistician");
        Statement s = c.createStatement()) {
      s.execute("SET dp.objective = absolute");
      List<Map<String, Object>> explain;
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY SELECT COUNT(*) AS n FROM employees")) {
        explain = rows(rs);
      }
      assertEquals(1, explain.size());
      assertEquals("gaussian", explain.get(0).get("mechanism"));
      sigma = num(explain.get(0).get("stddev"));
      assertTrue(sigma > 1, "sigma " + sigma);
      for (int i = 0; i < RUNS; i++) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n FROM employees")) {
          rs.next();
          errors[i] = rs.getLong(1) - truth;
        }
      }
    }
    double mean = 0;
    for (double e : errors) {
      mean += e / RUNS;
    }
    double ss = 0;
    for (double e : errors) {
      ss += (e - mean) * (e - mean);
    }
    double sampleVariance = ss / (RUNS - 1);
    double meanTolerance = sigma * Math.sqrt(2 * Math.log(2 / 5e-7) / RUNS);
    assertEquals(0, mean, meanTolerance, "mean error (sigma " + sigma + ")");
    ChiSquaredDistribution chi2 = new ChiSquaredDistribution(RUNS - 1);
    double low = chi2.inverseCumulativeProbability(2.5e-7) / (RUNS - 1);
    double high = chi2.inverseCumulativeProbability(1 - 2.5e-7) / (RUNS - 1);
    double ratio = sampleVariance / (sigma * sigma);
    assertTrue(
        ratio > low && ratio < high,
        "empirical variance / EXPLAIN variance = "
            + ratio
            + " outside ["
            + low
            + ", "
            + high
            + "]");
    System.out.printf(
        "StatisticalDriverIT: sigma=%.4f empirical sd=%.4f mean=%.4f (tolerance %.4f)%n",
        sigma, Math.sqrt(sampleVariance), mean, meanTolerance);
  }
}
