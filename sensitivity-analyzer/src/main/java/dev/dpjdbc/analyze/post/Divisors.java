package dev.dpjdbc.analyze.post;

/**
 * The run-time check that makes floating-point division by zero an error, as in PostgreSQL ({@code
 * float8 / 0} raises {@code division_by_zero}) instead of Java's Infinity/NaN. Public only because
 * Calcite's generated code calls it; not an API.
 */
public final class Divisors {
  private Divisors() {}

  /**
   * Returns {@code divisor}, or throws {@link ArithmeticException} ("division by zero") when it is
   * zero. NULL passes through.
   */
  public static Double nonZero(Double divisor) {
    if (divisor != null && divisor == 0.0d) {
      throw new ArithmeticException("division by zero");
    }
    return divisor;
  }
}
