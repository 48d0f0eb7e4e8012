package dev.dpjdbc.benchmarks;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of calibration per query: the analytic-Gaussian μ0(ε, δ) cold (a fresh (ε, δ) every call, so
 * the cache never hits — this grows the cache by one entry per call, fine for a short run) and
 * cached, and a full i.n.i.d. allocation ({@code Mechanism.AUTO}: Gaussian and Laplace both
 * computed, lower MSE chosen) for K = 3 (the COUNT / SUM(age) / SUM(salary) profile) and K = 20
 * (λ_i = 2^i).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CalibrationBenchmark {
  private long calls;
  private AllocationRequest k3;
  private AllocationRequest k20;

  @Setup
  public void setUp() {
    PrivacyParams params = new PrivacyParams(1.0, 1e-5);
    k3 =
        new AllocationRequest(
            SensitivityProfile.of(1, 100, 200_000),
            null,
            1,
            params,
            Mechanism.AUTO,
            Objective.ABSOLUTE);
    double[] lambda = new double[20];
    for (int i = 0; i < 20; i++) {
      lambda[i] = Math.pow(2, i + 1);
    }
    k20 =
        new AllocationRequest(
            SensitivityProfile.of(lambda), null, 1, params, Mechanism.AUTO, Objective.ABSOLUTE);
    AnalyticGaussian.mu0(1.0, 1e-5);
  }

  @Benchmark
  public double mu0Cold() {
    // ε = 1 + k·2^-30: a new cache key every call, so the bisection runs each time.
    return AnalyticGaussian.mu0(1.0 + (++calls) * 0x1p-30, 1e-5);
  }

  @Benchmark
  public double mu0Cached() {
    return AnalyticGaussian.mu0(1.0, 1e-5);
  }

  @Benchmark
  public Allocation allocateK3() {
    return Allocator.allocate(k3);
  }

  @Benchmark
  public Allocation allocateK20() {
    return Allocator.allocate(k20);
  }
}
