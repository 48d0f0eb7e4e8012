package dev.dpjdbc.mechanisms.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code sample} of a count under Gaussian noise prints draws rounded to the nearest integer, so
 * the released distribution keeps the true mean and σ² + 1/12 of variance (truncation toward zero
 * gave 0.81× σ² at value 0, σ = 3.73, and a mean off by −0.5 at value 10).
 */
class SampleRoundingTest {
  @ParameterizedTest
  @CsvSource({"2.5, 2", "3.5, 4", "-2.5, -2", "-2.7, -3", "2.9999, 3", "-0.4, 0", "7.0, 7"})
  void print_countRoundsToNearestTiesToEven(double v, String printed) {
    assertEquals(printed, SampleCommand.print(v, true));
  }

  /**
   * 200 000 draws per case through the command line; each case fails falsely with probability ≤
   * 1e-6 ({@link RoundedGaussianBounds}), the four together ≤ 4e-6.
   */
  @Tag("statistical")
  @ParameterizedTest
  @CsvSource({"0, 3.73", "10, 3.73", "0, 2", "1000, 2"})
  void gaussianCount_releasedMeanAndVarianceMatchTheDeclaredOnes(long value, double sigma) {
    int n = 200_000;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        CalculatorCli.commandLine()
            .setOut(new PrintWriter(out))
            .setErr(new PrintWriter(err))
            .execute(
                "sample",
                "--mechanism",
                "gaussian",
                "--scale",
                Double.toString(sigma),
                "--count",
                Integer.toString(n),
                "--value",
                Long.toString(value));
    assertEquals(0, exit, err.toString());
    long[] released = out.toString().lines().mapToLong(Long::parseLong).toArray();
    assertEquals(n, released.length);
    RoundedGaussianBounds.assertUnbiased(released, value, sigma);
  }
}
