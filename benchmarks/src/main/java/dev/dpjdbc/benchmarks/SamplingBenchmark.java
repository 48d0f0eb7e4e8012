package dev.dpjdbc.benchmarks;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.sample.DiscreteGaussian;
import dev.dpjdbc.mechanisms.sample.DiscreteLaplace;
import dev.dpjdbc.mechanisms.sample.ExactRational;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.math.BigInteger;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of one noise draw: the exact CKS20 integer samplers, the grid method for real values and
 * counts, and — in the same run, so ratios are like for like — the naive floating-point baselines a
 * textbook implementation would use (inverse-CDF Laplace and {@link SecureRandom#nextGaussian} from
 * the platform-default SecureRandom, and Laplace again on DRBG, the generator {@link RandomSource}
 * uses; insecure against Mironov's attack, shown for cost only).
 *
 * <p>Parameters: b = 2 (ε = 0.5 on a count), σ = 3.7306 (a count at ε = 1, δ = 1e-5), and a real
 * value with λ = 1.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SamplingBenchmark {
  private static final double B = 2.0;
  private static final double SIGMA = 3.7306;

  private RandomSource rnd;
  private ExactRational laplaceScale;
  private DiscreteGaussian gaussian;
  private SecureNoise noise;
  private SecureRandom secureRandom;
  private SecureRandom drbg;

  @Setup
  public void setUp() {
    rnd = RandomSource.secure();
    laplaceScale = ExactRational.of(B);
    gaussian = DiscreteGaussian.of(ExactRational.of(SIGMA).square());
    noise = SecureNoise.create();
    secureRandom = new SecureRandom();
    try {
      drbg = SecureRandom.getInstance("DRBG");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("DRBG unavailable", e);
    }
  }

  @Benchmark
  public BigInteger discreteLaplace() {
    return DiscreteLaplace.sample(rnd, laplaceScale);
  }

  @Benchmark
  public BigInteger discreteGaussian() {
    return gaussian.sample(rnd);
  }

  @Benchmark
  public double secureNoiseLaplaceReal() {
    return noise.addNoise(1234.5678, 1.0, B, Mechanism.LAPLACE, false);
  }

  @Benchmark
  public double secureNoiseGaussianReal() {
    return noise.addNoise(1234.5678, 1.0, SIGMA, Mechanism.GAUSSIAN, false);
  }

  @Benchmark
  public double secureNoiseLaplaceCount() {
    return noise.addNoise(1234.0, 1.0, B, Mechanism.LAPLACE, true);
  }

  @Benchmark
  public double secureNoiseGaussianCount() {
    return noise.addNoise(1234.0, 1.0, SIGMA, Mechanism.GAUSSIAN, true);
  }

  /** Baseline: textbook continuous Laplace by inverse CDF from SecureRandom doubles. */
  @Benchmark
  public double naiveLaplace() {
    double u = secureRandom.nextDouble() - 0.5;
    return 1234.5678 - B * Math.signum(u) * Math.log(1 - 2 * Math.abs(u));
  }

  /** The same textbook Laplace on the DRBG generator RandomSource uses (separates RNG cost). */
  @Benchmark
  public double naiveLaplaceDrbg() {
    double u = drbg.nextDouble() - 0.5;
    return 1234.5678 - B * Math.signum(u) * Math.log(1 - 2 * Math.abs(u));
  }

  /** Baseline: SecureRandom.nextGaussian (polar method, floating point). */
  @Benchmark
  public double naiveGaussian() {
    return 1234.5678 + SIGMA * secureRandom.nextGaussian();
  }

  /** Context: one 64-bit draw from the platform SecureRandom. */
  @Benchmark
  public long secureRandomNextLong() {
    return secureRandom.nextLong();
  }
}
