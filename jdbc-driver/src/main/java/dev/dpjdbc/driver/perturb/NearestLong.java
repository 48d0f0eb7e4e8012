package dev.dpjdbc.driver.perturb;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * How a released number becomes an integer: rounded to the nearest integer, as PostgreSQL casts to
 * int8 — a double with ties to even ({@link Math#rint}, PostgreSQL's float8 cast), a decimal with
 * ties away from zero ({@link RoundingMode#HALF_UP}, PostgreSQL's numeric cast). Never truncated:
 * truncation toward zero biases a noisy count by up to 0.5 and shrinks the variance of noise around
 * 0. Rounding to nearest keeps symmetric noise unbiased (rint and HALF_UP are odd functions, so
 * E[round(x + Z)] = x for an integer x and symmetric Z) and adds about 1/12 to its variance.
 */
public final class NearestLong {
  private NearestLong() {}

  /**
   * The nearest long to {@code n} (ties as in the class comment). Doubles outside the long range
   * saturate at {@link Long#MIN_VALUE}/{@link Long#MAX_VALUE} (NaN gives 0), as {@link Math#round}
   * does.
   *
   * @throws ArithmeticException for a BigDecimal or BigInteger outside the long range
   */
  public static long of(Number n) {
    if (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte) {
      return n.longValue();
    }
    if (n instanceof BigDecimal d) {
      return d.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
    if (n instanceof BigInteger i) {
      return i.longValueExact();
    }
    return (long) Math.rint(n.doubleValue());
  }
}
