package dev.dpjdbc.mechanisms;

/**
 * A privacy budget for one release: (ε, δ)-differential privacy. δ = 0 means pure ε-DP.
 *
 * <p>Validated once here: ε must be finite and &gt; 0, δ must be in [0, 1).
 */
public record PrivacyParams(double epsilon, double delta) {
  public PrivacyParams {
    if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException(
          "epsilon must be > 0 and < infinity. Provided value: " + epsilon);
    }
    if (!(delta >= 0 && delta < 1)) {
      throw new IllegalArgumentException("delta must be >= 0 and < 1. Provided value: " + delta);
    }
  }

  public static PrivacyParams pure(double epsilon) {
    return new PrivacyParams(epsilon, 0.0);
  }
}
