package dev.dpjdbc.mechanisms.sample;

import static dev.dpjdbc.mechanisms.sample.StatisticalBounds.ALPHA;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The privacy loss, estimated end to end: {@link SecureNoise#addNoise} on neighbouring inputs x and
 * x + λ, outputs histogrammed into fixed bins, and the log-ratio of the bin counts compared with ε.
 *
 * <p><b>Bins</b> are chosen before sampling, from the continuous approximation of the output
 * distribution: only bins where both expected counts are ≥ {@value #MIN_EXPECTED}, and (for the
 * Gaussian) where the continuous privacy loss stays within ±ε on the whole bin, so the true bin
 * probability ratio is ≤ e^ε for a correct mechanism (binning is post-processing). μ₁, μ₂ below are
 * 0.99× the approximate expected counts, lower bounds of the true ones (the grid and the λ + g
 * inflation change bin masses by ≈ 2^−39 relative).
 *
 * <p><b>Margin.</b> By the multiplicative Chernoff bounds for a binomial count c with mean ≥ μ, P(c
 * ≥ (1 + d₁)·mean) ≤ exp(−μd₁²/(2 + d₁)) and P(c ≤ (1 − d₂)·mean) ≤ exp(−μd₂²/2). Choosing each
 * failure probability β = α/(4B) for B bins and both orders (x vs x + λ and back), the observed
 * |log(c₁/c₂)| exceeds ε + ln((1 + d₁)/(1 − d₂)) in some bin with probability ≤ α = 1e-7 when the
 * mechanism is ε-DP on those bins. With n = 10^6 per side the margin is about 0.04–0.1.
 */
@Tag("statistical")
class EmpiricalPrivacyStatisticalTest {
  private static final double MIN_EXPECTED = 20_000;

  /** x, λ, scale, mechanism, integral, ε claimed on the chosen bins, bin width, n. */
  static Stream<Arguments> cases() {
    double sigma = 1.0 / AnalyticGaussian.mu0(1.0, 1e-5);
    return Stream.of(
        Arguments.of(10.0, 1.0, 1.0, Mechanism.LAPLACE, true, 1.0, 1.0, 1_000_000),
        Arguments.of(0.3, 1.0, 1.0, Mechanism.LAPLACE, false, 1.0, 0.5, 1_000_000),
        Arguments.of(0.3, 0.5, 0.25, Mechanism.LAPLACE, false, 2.0, 0.25, 1_000_000),
        Arguments.of(-4.2, 1.0, sigma, Mechanism.GAUSSIAN, false, 1.0, 1.0, 400_000));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void neighbouringInputs_binLogRatio_staysUnderEpsilonPlusMargin(
      double x,
      double lambda,
      double scale,
      Mechanism m,
      boolean integral,
      double epsilon,
      double width,
      int n) {
    double x2 = x + lambda;
    RealDistribution d1 = continuous(m, x, scale);
    RealDistribution d2 = continuous(m, x2, scale);
    // Bins [lo + i·w, lo + (i+1)·w), centred so integer outputs sit mid-bin when w = 1.
    double lo = Math.floor((x - 8 * scale) / width) * width - (integral ? 0.5 : 0);
    int total = (int) Math.ceil((16 * scale + lambda) / width) + 2;
    List<double[]> bins = new ArrayList<>(); // {index, μ1, μ2}
    for (int i = 0; i < total; i++) {
      double a = lo + i * width;
      double b = a + width;
      double mu1 = 0.99 * n * (d1.cumulativeProbability(b) - d1.cumulativeProbability(a));
      double mu2 = 0.99 * n * (d2.cumulativeProbability(b) - d2.cumulativeProbability(a));
      boolean lossWithinEpsilon =
          m == Mechanism.LAPLACE
              || (gaussLoss(a, x, lambda, scale) <= epsilon
                  && gaussLoss(b, x, lambda, scale) <= epsilon);
      if (mu1 >= MIN_EXPECTED && mu2 >= MIN_EXPECTED && lossWithinEpsilon) {
        bins.add(new double[] {i, mu1, mu2});
      }
    }
    assertTrue(bins.size() >= 3, "too few well-populated bins: " + bins.size());
    long[] c1 = histogram(x, lambda, scale, m, integral, n, lo, width, total);
    long[] c2 = histogram(x2, lambda, scale, m, integral, n, lo, width, total);
    double beta = ALPHA / (4 * bins.size());
    double worstExcess = Double.NEGATIVE_INFINITY;
    StringBuilder report = new StringBuilder();
    for (double[] bin : bins) {
      int i = (int) bin[0];
      double observed = Math.abs(Math.log((double) c1[i] / c2[i]));
      double muLow = Math.min(bin[1], bin[2]);
      double margin =
          Math.log(
              (1 + StatisticalBounds.chernoffUpperDeviation(muLow, beta))
                  / (1 - StatisticalBounds.chernoffLowerDeviation(muLow, beta)));
      worstExcess = Math.max(worstExcess, observed - epsilon - margin);
      report.append(
          String.format(" [%.2f: %.4f ≤ %.4f]", lo + i * width, observed, epsilon + margin));
    }
    System.out.println(m + " x=" + x + " λ=" + lambda + " scale=" + scale + report);
    assertTrue(worstExcess <= 0, "privacy loss over ε + margin in some bin:" + report);
  }

  /** |privacy loss| at output y of N(x, σ²) vs N(x + λ, σ²): |2(y − x)λ − λ²|/(2σ²). */
  private static double gaussLoss(double y, double x, double lambda, double sigma) {
    return Math.abs(2 * (y - x) * lambda - lambda * lambda) / (2 * sigma * sigma);
  }

  private static RealDistribution continuous(Mechanism m, double mean, double scale) {
    return m == Mechanism.LAPLACE
        ? new LaplaceDistribution(null, mean, scale)
        : new NormalDistribution(null, mean, scale);
  }

  private static long[] histogram(
      double x,
      double lambda,
      double scale,
      Mechanism m,
      boolean integral,
      int n,
      double lo,
      double width,
      int total) {
    SecureNoise noise = SecureNoise.create();
    long[] counts = new long[total];
    for (int k = 0; k < n; k++) {
      double y = noise.addNoise(x, lambda, scale, m, integral);
      int i = (int) Math.floor((y - lo) / width);
      if (i >= 0 && i < total) {
        counts[i]++;
      }
    }
    return counts;
  }
}
