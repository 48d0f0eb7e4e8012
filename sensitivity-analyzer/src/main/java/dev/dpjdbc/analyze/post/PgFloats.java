package dev.dpjdbc.analyze.post;

/**
 * PostgreSQL's float8 semantics where Java's differ, called from Calcite's generated code (public
 * only for that; not an API): division by zero is an error, not Infinity/NaN; {@code round(float8)}
 * and float-to-integer casts round half to even ({@code rint}), not half up or by truncation.
 */
public final class PgFloats {
  private PgFloats() {}

  /**
   * Returns {@code divisor}, or throws {@link ArithmeticException} ("division by zero") when it is
   * zero.
   */
  public static double nonZero(double divisor) {
    if (divisor == 0.0d) {
      throw new ArithmeticException("division by zero");
    }
    return divisor;
  }

  /** {@link Math#rint}: the nearest integer value, ties to even. */
  public static double rint(double value) {
    return Math.rint(value);
  }

  /**
   * {@link Math#rint} as a long, for casts of a float to an integer type;
   *
   * @throws ArithmeticException when the value is outside the BIGINT range or not a number
   */
  public static long rintToLong(double value) {
    double r = Math.rint(value);
    if (Double.isNaN(r) || r < -0x1p63 || r >= 0x1p63) {
      throw new ArithmeticException("bigint out of range: " + value);
    }
    return (long) r;
  }
}
