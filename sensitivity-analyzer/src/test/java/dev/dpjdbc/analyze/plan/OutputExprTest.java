package dev.dpjdbc.analyze.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Post-processing: formulas, clamping to what the bounds allow, and NULL like PostgreSQL. */
class OutputExprTest {
  private static final Object[] NO_KEYS = {};

  static Stream<Arguments> cases() {
    // values 1, 2, 3, 6 in [0, 10]: mid 5, y = -4, -3, -2, 1 → n 4, s -8, q 30
    double[] exact = {4, -8, 30, 12};
    return Stream.of(
        Arguments.of(new OutputExpr.CountOf(0), exact, 4L),
        Arguments.of(new OutputExpr.CountOf(0), new double[] {-2.6}, 0L),
        Arguments.of(new OutputExpr.SumOf(3, 0, 10), exact, 12.0),
        Arguments.of(new OutputExpr.SumOf(0, 0, 10), new double[] {-3}, 0.0),
        Arguments.of(new OutputExpr.SumOf(0, -10, -1), new double[] {3}, 0.0),
        Arguments.of(new OutputExpr.SumOf(0, -10, 10), new double[] {-3}, -3.0),
        Arguments.of(new OutputExpr.AvgOf(1, 0, 0, 10), exact, 3.0),
        Arguments.of(new OutputExpr.AvgOf(1, 0, 0, 10), new double[] {0.5, -8}, null),
        Arguments.of(new OutputExpr.AvgOf(1, 0, 0, 10), new double[] {1, 100}, 10.0),
        Arguments.of(new OutputExpr.VarianceOf(1, 2, 0, 0, 10, false, false), exact, 3.5),
        Arguments.of(new OutputExpr.VarianceOf(1, 2, 0, 0, 10, true, false), exact, 14.0 / 3),
        Arguments.of(new OutputExpr.VarianceOf(1, 2, 0, 0, 10, false, true), exact, Math.sqrt(3.5)),
        Arguments.of(
            new OutputExpr.VarianceOf(1, 2, 0, 0, 10, true, false), new double[] {1.5, 0, 1}, null),
        Arguments.of(
            new OutputExpr.VarianceOf(1, 2, 0, 0, 10, false, false), new double[] {4, 0, -9}, 0.0),
        Arguments.of(
            new OutputExpr.VarianceOf(1, 2, 0, 0, 10, false, false),
            new double[] {1, 0, 900},
            25.0),
        Arguments.of(new OutputExpr.KeyRef(0), new double[] {}, "N"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void evaluate_noisyCoordinates_postProcessed(OutputExpr expr, double[] noisy, Object expected) {
    Object[] keys = expr instanceof OutputExpr.KeyRef ? new Object[] {"N"} : NO_KEYS;
    Object got = expr.evaluate(keys, noisy);
    if (expected instanceof Double e && got instanceof Double g) {
      assertEquals(e, g, 1e-12, expr + " " + Arrays.toString(noisy));
    } else {
      assertEquals(expected, got, expr + " " + Arrays.toString(noisy));
    }
  }
}
