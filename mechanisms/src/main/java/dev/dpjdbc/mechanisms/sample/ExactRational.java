package dev.dpjdbc.mechanisms.sample;

import java.math.BigInteger;

/**
 * A non-negative rational number {@code num/den} in lowest terms, with exact arithmetic. Every
 * finite double is a binary rational m·2^e, so sampler parameters given as doubles convert to an
 * {@code ExactRational} without any rounding ({@link #of(double)}).
 *
 * @param num numerator, ≥ 0
 * @param den denominator, ≥ 1
 */
public record ExactRational(BigInteger num, BigInteger den) implements Comparable<ExactRational> {
  /** Zero. */
  public static final ExactRational ZERO = new ExactRational(BigInteger.ZERO, BigInteger.ONE);

  /** Validates signs and reduces to lowest terms. */
  public ExactRational {
    if (num == null || den == null) {
      throw new IllegalArgumentException("num and den must not be null");
    }
    if (num.signum() < 0) {
      throw new IllegalArgumentException("num must be >= 0. Provided value: " + num);
    }
    if (den.signum() <= 0) {
      throw new IllegalArgumentException("den must be >= 1. Provided value: " + den);
    }
    BigInteger g = num.gcd(den);
    if (g.signum() > 0 && !g.equals(BigInteger.ONE)) {
      num = num.divide(g);
      den = den.divide(g);
    }
  }

  /** The exact value of a finite, non-negative double. */
  public static ExactRational of(double x) {
    if (!(x >= 0) || Double.isInfinite(x)) {
      throw new IllegalArgumentException("value must be finite and >= 0. Provided value: " + x);
    }
    if (x == 0) {
      return ZERO;
    }
    long bits = Double.doubleToRawLongBits(x);
    int biased = (int) ((bits >>> 52) & 0x7ff);
    long mantissa = bits & ((1L << 52) - 1);
    int exp;
    if (biased == 0) {
      exp = -1074; // subnormal: x = mantissa · 2^-1074
    } else {
      mantissa |= 1L << 52;
      exp = biased - 1075; // x = mantissa · 2^(biased − 1023 − 52)
    }
    int tz = Long.numberOfTrailingZeros(mantissa);
    mantissa >>>= tz;
    exp += tz;
    BigInteger m = BigInteger.valueOf(mantissa);
    return exp >= 0
        ? new ExactRational(m.shiftLeft(exp), BigInteger.ONE)
        : new ExactRational(m, BigInteger.ONE.shiftLeft(-exp));
  }

  /** An integer as a rational. */
  public static ExactRational of(BigInteger n) {
    return new ExactRational(n, BigInteger.ONE);
  }

  public ExactRational add(ExactRational o) {
    return new ExactRational(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
  }

  public ExactRational multiply(ExactRational o) {
    return new ExactRational(num.multiply(o.num), den.multiply(o.den));
  }

  /** this / o; o must be positive. */
  public ExactRational divide(ExactRational o) {
    if (o.num.signum() == 0) {
      throw new ArithmeticException("division by zero");
    }
    return new ExactRational(num.multiply(o.den), den.multiply(o.num));
  }

  public ExactRational square() {
    return new ExactRational(num.multiply(num), den.multiply(den));
  }

  /** ⌊this⌋. */
  public BigInteger floor() {
    return num.divide(den);
  }

  @Override
  public int compareTo(ExactRational o) {
    return num.multiply(o.den).compareTo(o.num.multiply(den));
  }

  public boolean isZero() {
    return num.signum() == 0;
  }

  /** The nearest double (for reporting; never used in a sampler's decisions). */
  public double doubleValue() {
    return new java.math.BigDecimal(num)
        .divide(new java.math.BigDecimal(den), java.math.MathContext.DECIMAL128)
        .doubleValue();
  }
}
