package dev.dpjdbc.mechanisms;

/** Which additive noise to use. {@link #AUTO} picks the one with lower analytic total MSE. */
public enum Mechanism {
  GAUSSIAN,
  LAPLACE,
  AUTO;

  /** Parses {@code gaussian|laplace|auto}, case-insensitively. */
  public static Mechanism parse(String s) {
    for (Mechanism m : values()) {
      if (m.name().equalsIgnoreCase(s.trim())) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "mechanism must be one of gaussian, laplace, auto. Provided value: " + s);
  }
}
