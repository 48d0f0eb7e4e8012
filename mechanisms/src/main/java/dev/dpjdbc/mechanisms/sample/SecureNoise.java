package dev.dpjdbc.mechanisms.sample;

import dev.dpjdbc.mechanisms.Mechanism;

/**
 * Floating-point-safe additive noise: rounds the true value to a power-of-two grid g exactly, draws
 * integer discrete Laplace / discrete Gaussian noise (Canonne–Kamath–Steinke 2020 exact samplers)
 * calibrated for sensitivity λ + g, and returns (x̃ + Z)·g. Integral values (COUNT) use g = 1 with
 * no rounding, hence no inflation. Randomness comes only from {@link java.security.SecureRandom}.
 */
public final class SecureNoise {
  /** A sampler backed by a fresh {@link java.security.SecureRandom}. */
  public static SecureNoise create() {
    throw new UnsupportedOperationException("TODO(issue 2)");
  }

  /**
   * Returns {@code value} + noise of the given scale (σ for GAUSSIAN, b for LAPLACE) calibrated for
   * a coordinate with sensitivity {@code sensitivity}.
   *
   * @param integral true when the value and the sensitivity are integers (counts): no rounding
   */
  public double addNoise(
      double value, double sensitivity, double scale, Mechanism mechanism, boolean integral) {
    throw new UnsupportedOperationException("TODO(issue 2)");
  }
}
