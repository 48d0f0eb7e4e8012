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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of the i.n.i.d. allocation ({@link Allocator#allocate}) for K = 1, 4, 16 and 64 coordinates
 * with mixed sensitivities — λ cycles through 1 (a count), 52 (a sum of ages, 18..70), 200,000 (a
 * sum of salaries) and 0.5 (half a unit) — for the Gaussian and the Laplace mechanism, objective
 * ABSOLUTE (the closed form is the same for every objective; only the weights differ). μ0(ε, δ) is
 * warmed in the set-up, so the Gaussian rows are the allocation alone with a cached μ0; μ0's own
 * cost (cold and cached) is {@link CalibrationBenchmark}'s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocationBenchmark {
  private static final double[] LAMBDAS = {1, 52, 200_000, 0.5};

  @Param({"1", "4", "16", "64"})
  public int k;

  @Param({"GAUSSIAN", "LAPLACE"})
  public Mechanism mechanism;

  private AllocationRequest request;

  @Setup
  public void setUp() {
    double[] lambda = new double[k];
    for (int i = 0; i < k; i++) {
      lambda[i] = LAMBDAS[i % LAMBDAS.length];
    }
    PrivacyParams params = new PrivacyParams(1.0, 1e-7);
    request =
        new AllocationRequest(
            SensitivityProfile.of(lambda), null, 1, params, mechanism, Objective.ABSOLUTE);
    AnalyticGaussian.mu0(params.epsilon(), params.delta());
  }

  @Benchmark
  public Allocation allocate() {
    return Allocator.allocate(request);
  }
}
