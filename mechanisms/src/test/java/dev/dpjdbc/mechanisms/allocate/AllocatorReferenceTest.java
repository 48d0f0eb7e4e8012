package dev.dpjdbc.mechanisms.allocate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.ReferenceFiles;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every row of the test resource reference/allocation.csv (SciPy): scales, MSE within 1e-6. */
class AllocatorReferenceTest {
  private static final double TOL = 1e-6;

  record Row(
      String name,
      Mechanism mechanism,
      double epsilon,
      double delta,
      Objective objective,
      double[] lambda,
      double[] weights,
      double[] scales,
      double totalMse) {
    @Override
    public String toString() {
      return name + "/" + mechanism + "/eps=" + epsilon + "/" + objective;
    }
  }

  static List<Row> rows() {
    return ReferenceFiles.lines("allocation.csv").stream()
        .skip(1)
        .filter(l -> !l.isBlank())
        .map(l -> l.split(",", -1))
        .map(
            f ->
                new Row(
                    f[0],
                    Mechanism.parse(f[1]),
                    Double.parseDouble(f[2]),
                    Double.parseDouble(f[3]),
                    Objective.parse(f[4]),
                    parse(f[5]),
                    f[6].isEmpty() ? null : parse(f[6]),
                    parse(f[7]),
                    Double.parseDouble(f[8])))
        .toList();
  }

  static Stream<Arguments> allRows() {
    return rows().stream().map(Arguments::of);
  }

  static Stream<Arguments> weightedRows() {
    return rows().stream().filter(r -> r.weights() != null).map(Arguments::of);
  }

  private static double[] parse(String s) {
    return Arrays.stream(s.split(";")).mapToDouble(Double::parseDouble).toArray();
  }

  private static Allocation allocate(Row r, Objective objective, double[] weights) {
    return Allocator.allocate(
        new AllocationRequest(
            SensitivityProfile.of(r.lambda()),
            weights,
            1,
            new PrivacyParams(r.epsilon(), r.delta()),
            r.mechanism(),
            objective));
  }

  private static void assertScales(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], TOL * expected[i], what + " scale[" + i + "]");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allRows")
  void allocate_referenceRow_matchesScalesAndMse(Row r) {
    Allocation a = allocate(r, r.objective(), null);
    assertEquals(r.mechanism(), a.mechanism());
    assertScales(r.scales(), a.scales(), r.toString());
    assertEquals(r.totalMse(), a.mse(), TOL * r.totalMse(), r + " mse");
  }

  /** The csv's weights column, given as EXPLICIT weights, gives the same scales. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("weightedRows")
  void allocate_explicitWeightsOfRow_matchScales(Row r) {
    Allocation a = allocate(r, Objective.EXPLICIT, r.weights());
    assertScales(r.scales(), a.scales(), r + " explicit");
    assertEquals(r.totalMse(), a.mse(), TOL * r.totalMse(), r + " mse");
  }

  /** iidMse and equalSplitMse of any allocation equal the csv's iid / equal_split rows. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("allRows")
  void allocate_baselines_matchBaselineRows(Row r) {
    Allocation a = allocate(r, r.objective(), null);
    for (Row other : rows()) {
      if (other.name().equals(r.name())
          && other.mechanism() == r.mechanism()
          && other.epsilon() == r.epsilon()
          && other.delta() == r.delta()) {
        if (other.objective() == Objective.IID) {
          assertEquals(other.totalMse(), a.iidMse(), TOL * other.totalMse(), r + " iidMse");
        } else if (other.objective() == Objective.EQUAL_SPLIT) {
          assertEquals(
              other.totalMse(), a.equalSplitMse(), TOL * other.totalMse(), r + " equalSplitMse");
        }
      }
    }
  }

  /**
   * The privacy condition holds as evaluated for every reference allocation, also with L0 = 3: the
   * i.n.i.d. Gaussian is equivalent to a 1-D Gaussian with μ = √(L0 Σ λ²/σ²), whose exact
   * Balle–Wang δ must be ≤ δ; the Laplace must satisfy L0 Σ λ/b ≤ ε′.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("allRows")
  void allocate_referenceRow_isPrivateAsEvaluated(Row r) {
    for (int groups : new int[] {1, 3}) {
      Allocation a =
          Allocator.allocate(
              new AllocationRequest(
                  SensitivityProfile.of(r.lambda()),
                  null,
                  groups,
                  new PrivacyParams(r.epsilon(), r.delta()),
                  r.mechanism(),
                  r.objective()));
      double sum = 0;
      for (int i = 0; i < r.lambda().length; i++) {
        double ratio = r.lambda()[i] / a.scales()[i];
        sum += r.mechanism() == Mechanism.GAUSSIAN ? ratio * ratio : ratio;
      }
      if (r.mechanism() == Mechanism.GAUSSIAN) {
        double mu = Math.sqrt(groups * sum);
        double delta = dev.dpjdbc.mechanisms.calibrate.AnalyticGaussian.deltaOfMu(mu, r.epsilon());
        org.junit.jupiter.api.Assertions.assertTrue(delta <= r.delta(), r + ": " + delta);
      } else {
        double epsPrime = Allocator.laplaceEpsilon(new PrivacyParams(r.epsilon(), r.delta()));
        org.junit.jupiter.api.Assertions.assertTrue(groups * sum <= epsPrime, r + ": " + sum);
      }
    }
  }
}
