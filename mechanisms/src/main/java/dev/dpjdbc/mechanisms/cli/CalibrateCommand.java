package dev.dpjdbc.mechanisms.cli;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code calibrate}: the allocation for a sensitivity profile and budget, as one JSON object. */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = "Per-coordinate noise scales for a sensitivity profile under (epsilon, delta).")
final class CalibrateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--mechanism",
      defaultValue = "auto",
      paramLabel = "gaussian|laplace|auto",
      description = "noise; auto = lower weighted MSE (default ${DEFAULT-VALUE})")
  String mechanism;

  @Option(names = "--epsilon", required = true, paramLabel = "E", description = "epsilon > 0")
  double epsilon;

  @Option(
      names = "--delta",
      defaultValue = "0",
      paramLabel = "D",
      description = "delta in [0, 1); gaussian needs > 0 (default ${DEFAULT-VALUE})")
  double delta;

  @Option(
      names = "--sensitivity",
      required = true,
      split = ",",
      paramLabel = "l1,l2,...",
      description = "per-coordinate sensitivities, >= 0, at least one > 0")
  double[] sensitivity;

  @Option(
      names = "--objective",
      paramLabel = "absolute|relative|equal-split|iid|explicit",
      description = "what to minimise (default absolute, or explicit when --weights is given)")
  String objective;

  @Option(
      names = "--weights",
      split = ",",
      paramLabel = "w1,w2,...",
      description = "positive weights, one per coordinate (relative/explicit objectives)")
  double[] weights;

  @Option(
      names = "--groups",
      defaultValue = "1",
      paramLabel = "L0",
      description = "groups one unit may touch, >= 1 (default ${DEFAULT-VALUE})")
  int groups;

  @Override
  public Integer call() {
    AllocationRequest request = request();
    Allocation a = Allocator.allocate(request);
    Json json =
        new Json()
            .put("mechanism", a.mechanism().name().toLowerCase())
            .put("objective", a.objective().name().toLowerCase().replace('_', '-'))
            .put("epsilon", epsilon)
            .put("delta", delta)
            .put("groups", groups)
            .put("sensitivities", sensitivity)
            .put("scales", a.scales())
            .put("stddevs", a.stddevs())
            .put("mse", a.mse())
            .put("iid_mse", a.iidMse())
            .put("equal_split_mse", a.equalSplitMse())
            .put("mu0", a.mu0())
            .put("rho", a.cost().rho());
    if (a.mechanism() == Mechanism.LAPLACE) {
      json.put("laplace_epsilon", Allocator.laplaceEpsilon(request.params()));
    }
    spec.commandLine().getOut().println(json);
    spec.commandLine().getOut().flush();
    return 0;
  }

  private AllocationRequest request() {
    Mechanism m = parse("--mechanism", mechanism, "gaussian, laplace or auto", Mechanism::parse);
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw bad("--epsilon must be > 0 and finite, got " + epsilon);
    }
    if (!(delta >= 0 && delta < 1)) {
      throw bad("--delta must be >= 0 and < 1, got " + delta);
    }
    if (m == Mechanism.GAUSSIAN && delta == 0) {
      throw bad("--delta must be > 0 and < 1 for --mechanism gaussian, got 0");
    }
    boolean anyPositive = false;
    for (double l : sensitivity) {
      if (!(l >= 0) || Double.isInfinite(l)) {
        throw bad("--sensitivity values must be >= 0 and finite, got " + l);
      }
      anyPositive |= l > 0;
    }
    if (!anyPositive) {
      throw bad("--sensitivity needs at least one value > 0");
    }
    if (groups < 1) {
      throw bad("--groups must be an integer >= 1, got " + groups);
    }
    Objective o =
        objective == null
            ? (weights == null ? Objective.ABSOLUTE : Objective.EXPLICIT)
            : parse(
                "--objective",
                objective,
                "absolute, relative, equal-split, iid or explicit",
                Objective::parse);
    boolean weighted = o == Objective.RELATIVE || o == Objective.EXPLICIT;
    if (weighted && weights == null) {
      throw bad("--weights is required with --objective " + objective);
    }
    if (!weighted && weights != null) {
      throw bad("--weights is only used with --objective relative or explicit, got " + objective);
    }
    if (weights != null) {
      if (weights.length != sensitivity.length) {
        throw bad(
            "--weights needs one value per --sensitivity value ("
                + sensitivity.length
                + "), got "
                + weights.length);
      }
      for (double w : weights) {
        if (!(w > 0) || Double.isInfinite(w)) {
          throw bad("--weights values must be > 0 and finite, got " + w);
        }
      }
    }
    return new AllocationRequest(
        new SensitivityProfile(sensitivity),
        weights,
        groups,
        new PrivacyParams(epsilon, delta),
        m,
        o);
  }

  private <T> T parse(
      String option, String value, String allowed, java.util.function.Function<String, T> p) {
    try {
      return p.apply(value);
    } catch (IllegalArgumentException e) {
      throw bad(option + " must be one of " + allowed + ", got " + value);
    }
  }

  private ParameterException bad(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
