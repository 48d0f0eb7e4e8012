package dev.dpjdbc.mechanisms.cli;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code sample}: N draws of X + noise, one per line, from {@link SecureNoise} (exact discrete
 * samplers on a power-of-two grid, {@code SecureRandom}). The value is treated as a count when it
 * and the sensitivity are both integers: Laplace draws are integers already; Gaussian draws lie on
 * a fine grid and are printed rounded to the nearest integer, ties to even ({@link Math#rint}).
 * That rounding is unbiased (the noise is symmetric and rint is odd, so the mean stays the true
 * value) and adds ≈ 1/12 to the variance; truncating toward zero would shrink it (0.81× σ² at σ =
 * 3.73) or shift the mean by −0.5.
 */
@Command(
    name = "sample",
    mixinStandardHelpOptions = true,
    description = "Print COUNT values of VALUE + secure noise, one per line.")
final class SampleCommand implements Callable<Integer> {
  /** Upper bound on --count, so a typo cannot fill a disk. */
  static final long MAX_COUNT = 100_000_000L;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--mechanism",
      required = true,
      paramLabel = "gaussian|laplace",
      description = "noise distribution")
  String mechanism;

  @Option(
      names = "--scale",
      required = true,
      paramLabel = "S",
      description = "sigma (gaussian) or b (laplace), >= 0")
  double scale;

  @Option(names = "--count", required = true, paramLabel = "N", description = "draws, >= 1")
  long count;

  @Option(
      names = "--value",
      defaultValue = "0",
      paramLabel = "X",
      description = "the true value (default ${DEFAULT-VALUE})")
  double value;

  @Option(
      names = "--sensitivity",
      defaultValue = "1",
      paramLabel = "L",
      description = "the value's sensitivity, >= 0 (default ${DEFAULT-VALUE})")
  double sensitivity;

  @Override
  public Integer call() {
    Mechanism m;
    try {
      m = Mechanism.parse(mechanism);
    } catch (IllegalArgumentException e) {
      m = Mechanism.AUTO;
    }
    if (m == Mechanism.AUTO) {
      throw bad("--mechanism must be one of gaussian or laplace, got " + mechanism);
    }
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw bad("--scale must be >= 0 and finite, got " + scale);
    }
    if (count < 1 || count > MAX_COUNT) {
      throw bad("--count must be >= 1 and <= " + MAX_COUNT + ", got " + count);
    }
    if (!Double.isFinite(value)) {
      throw bad("--value must be finite, got " + value);
    }
    if (!(sensitivity >= 0) || Double.isInfinite(sensitivity)) {
      throw bad("--sensitivity must be >= 0 and finite, got " + sensitivity);
    }
    boolean integral = Math.rint(value) == value && Math.rint(sensitivity) == sensitivity;
    SecureNoise noise = SecureNoise.create();
    PrintWriter out = spec.commandLine().getOut();
    for (long i = 0; i < count; i++) {
      double v = noise.addNoise(value, sensitivity, scale, m, integral);
      out.println(print(v, integral));
    }
    out.flush();
    return 0;
  }

  /**
   * A draw as printed: a count rounded to the nearest integer (ties to even), everything else as
   * the shortest round-trip decimal.
   */
  static String print(double v, boolean integral) {
    double r = Math.rint(v);
    return integral && Math.abs(r) < 1e15 ? Long.toString((long) r) : Double.toString(v);
  }

  private ParameterException bad(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
