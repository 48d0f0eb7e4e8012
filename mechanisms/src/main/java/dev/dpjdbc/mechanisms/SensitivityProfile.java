package dev.dpjdbc.mechanisms;

import java.util.Arrays;

/**
 * λ: the sensitivity of every noisy coordinate of one group (the most one privacy unit can change
 * it, after the bounds the rewrite enforces). A zero entry means the coordinate needs no noise.
 * Values must be finite and &gt;= 0; at least one must be &gt; 0.
 */
public record SensitivityProfile(double[] lambda) {
  public SensitivityProfile {
    if (lambda == null || lambda.length == 0) {
      throw new IllegalArgumentException("sensitivity profile must have at least one coordinate");
    }
    lambda = lambda.clone();
    boolean anyPositive = false;
    for (int i = 0; i < lambda.length; i++) {
      double l = lambda[i];
      if (!(l >= 0) || Double.isInfinite(l)) {
        throw new IllegalArgumentException(
            "sensitivity must be >= 0 and finite. Provided value at index " + i + ": " + l);
      }
      anyPositive |= l > 0;
    }
    if (!anyPositive) {
      throw new IllegalArgumentException("at least one sensitivity must be > 0");
    }
  }

  public static SensitivityProfile of(double... lambda) {
    return new SensitivityProfile(lambda);
  }

  public int size() {
    return lambda.length;
  }

  public double get(int i) {
    return lambda[i];
  }

  @Override
  public double[] lambda() {
    return lambda.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SensitivityProfile p && Arrays.equals(lambda, p.lambda);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(lambda);
  }

  @Override
  public String toString() {
    return "SensitivityProfile" + Arrays.toString(lambda);
  }
}
