package dev.dpjdbc.mechanisms.sample;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact conversions between doubles and integer multiples of a power-of-two grid g — the
 * floating-point-safe frame every sampler adds its noise in (Mironov 2012 shows why textbook
 * floating-point noise leaks). Rounding a value to the grid moves it by at most g/2; converting
 * back rounds the exact product k·g once, which is post-processing.
 */
public final class Grid {
  /** log2 of the number of grid steps per unit of scale. */
  public static final int GRID_BITS = 40;

  private Grid() {}

  /**
   * The smallest power of two ≥ scale·2^−40, but at least {@link Double#MIN_NORMAL} (Google's
   * differential-privacy library makes the same choice): 2^40 grid steps per unit of scale.
   */
  public static double forScale(double scale) {
    double y = Math.scalb(scale, -GRID_BITS);
    if (y <= Double.MIN_NORMAL) {
      return Double.MIN_NORMAL;
    }
    double p = Math.scalb(1.0, Math.getExponent(y));
    return p == y ? p : 2 * p;
  }

  /** round(value/g) (half-even) as an exact integer; g must be a power of two. */
  public static BigInteger toUnits(double value, double g) {
    double q = Math.scalb(value, -Math.getExponent(g)); // exact when |q| ≥ 0.5 and finite
    if (Double.isFinite(q) && Math.abs(q) < 0x1p62) {
      return BigInteger.valueOf((long) Math.rint(q));
    }
    return new BigDecimal(value)
        .divide(new BigDecimal(g))
        .setScale(0, RoundingMode.HALF_EVEN)
        .toBigIntegerExact();
  }

  /** The double nearest to k·g (one rounding of the exact product). */
  public static double fromUnits(BigInteger k, double g) {
    if (k.bitLength() <= 53) {
      return Math.scalb((double) k.longValue(), Math.getExponent(g));
    }
    return new BigDecimal(k).multiply(new BigDecimal(g)).doubleValue();
  }

  /**
   * value + z·g where value is first rounded to the grid: the exact integer round(value/g) + z
   * times g, rounded once. Fast path in doubles when both operands are exact doubles (the sum is
   * then correctly rounded, a function of the exact sum only).
   */
  public static double addUnits(double value, BigInteger z, double g) {
    int gExp = Math.getExponent(g);
    double q = Math.scalb(value, -gExp);
    if (Double.isFinite(q) && z.bitLength() <= 53) {
      double k = Math.rint(q); // an exact integer; |q| ≥ 2^52 means q already was one
      return Math.scalb(k + z.doubleValue(), gExp);
    }
    return new BigDecimal(toUnits(value, g).add(z)).multiply(new BigDecimal(g)).doubleValue();
  }
}
