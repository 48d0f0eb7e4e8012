package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The RELATIVE weights of an AVG (docs/sensitivity-analyzer.md § RELATIVE weights), checked via the
 * real {@link Allocator}: AVG(salary), salary ∈ [0, 200000], C = 1. Released AVG variance ∝ σ_S² +
 * (avg − mid)² σ_N² (÷ n², common to both allocations). The analyzer weighs N with the stand-in d =
 * (U−L)/√12 for |avg − mid|.
 *
 * <p>Gain of RELATIVE over EQUAL_SPLIT in AVG variance, 1 − Var_rel/Var_equal (closed form: with a
 * = λ_S√w_S, b = λ_N√w_N, Gaussian 1 − (a+b)²/(2(a²+b²)) when the weights are exact):
 *
 * <ul>
 *   <li>true |avg − mid| = d (the stand-in is exact): Gaussian 6.7 %, Laplace 9.0 %;
 *   <li>true |avg − mid| = 40000 (mean salary 60000, a typical salary column): Gaussian 13.2 %,
 *       Laplace 17.6 % — the Gaussian figure is within the 11–15 % gain expected for such columns.
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RelativeWeightsTest {
  private static final int COUNT = 0;
  private static final int SUM = 1;
  private PrivacyPlan plan;

  @BeforeAll
  void plan() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:weights")) {
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE employees (id INTEGER PRIMARY KEY,"
                + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000))");
      }
      plan =
          SensitivityAnalyzer.create(c, Policy.defaults())
              .plan("SELECT AVG(salary) FROM employees");
    }
  }

  @Test
  void avg_weights_areOneOverMSquaredAndDSquaredOverMSquared() {
    double m = 100000;
    double d = 200000 / Math.sqrt(12);
    // coordinates: COUNT(*) (λ = 1, shared: salary is NOT NULL), SUM(salary - 100000) (λ = 1e5)
    assertEquals("COUNT(*)", plan.coordinates().get(COUNT).description());
    assertEquals("SUM(salary - 100000)", plan.coordinates().get(SUM).description());
    assertEquals(100000, plan.sensitivities()[SUM]);
    assertEquals(1, plan.sensitivities()[COUNT]);
    assertEquals(1 / (m * m), plan.relativeWeights()[SUM], 1e-20);
    assertEquals(d * d / (m * m), plan.relativeWeights()[COUNT], 1e-12);
  }

  static Stream<Arguments> gains() {
    double d = 200000 / Math.sqrt(12);
    return Stream.of(
        Arguments.of(Mechanism.GAUSSIAN, d, 0.060, 0.075),
        Arguments.of(Mechanism.LAPLACE, d, 0.085, 0.095),
        Arguments.of(Mechanism.GAUSSIAN, 40000.0, 0.11, 0.15),
        Arguments.of(Mechanism.LAPLACE, 40000.0, 0.17, 0.18));
  }

  @ParameterizedTest
  @MethodSource("gains")
  void avg_relativeObjective_beatsEqualSplit(
      Mechanism mechanism, double trueOffset, double minGain, double maxGain) {
    double rel = avgVariance(allocate(mechanism, Objective.RELATIVE), trueOffset);
    double equal = avgVariance(allocate(mechanism, Objective.EQUAL_SPLIT), trueOffset);
    double gain = 1 - rel / equal;
    assertTrue(gain >= minGain && gain <= maxGain, mechanism + " gain " + gain);
  }

  private Allocation allocate(Mechanism mechanism, Objective objective) {
    return Allocator.allocate(
        new AllocationRequest(
            new SensitivityProfile(plan.sensitivities()),
            plan.relativeWeights(),
            plan.maxGroupsPerUnit(),
            new PrivacyParams(1.0, 1e-5),
            mechanism,
            objective));
  }

  /** n² · Var(AVG) ≈ σ_S² + (avg − mid)² σ_N². */
  private static double avgVariance(Allocation a, double offset) {
    double s = a.stddevs()[SUM];
    double n = a.stddevs()[COUNT];
    return s * s + offset * offset * n * n;
  }
}
