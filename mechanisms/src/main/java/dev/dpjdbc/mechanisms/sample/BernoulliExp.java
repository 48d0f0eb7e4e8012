package dev.dpjdbc.mechanisms.sample;

import java.math.BigInteger;

/**
 * Exact Bernoulli(exp(−γ)) for a rational γ = num/den ≥ 0: Canonne, Kamath, Steinke 2020, "The
 * Discrete Gaussian for Differential Privacy", Algorithm 1. Only uniform integers and integer
 * comparisons are used.
 *
 * <p>For γ ≤ 1: draw A_K ~ Bernoulli(γ/K) for K = 1, 2, … until the first A_K = 0; return 1 iff
 * that K is odd (P = Σ_k (−γ)^k/k! = e^−γ). For γ > 1: e^−γ = (e^−1)^⌊γ⌋ · e^−(γ−⌊γ⌋), one
 * Bernoulli(e^−1) per unit of ⌊γ⌋ (stopping at the first 0), then one Bernoulli(e^−frac).
 */
final class BernoulliExp {
  private BernoulliExp() {}

  /**
   * Bernoulli(num/den), 0 ≤ num ≤ den: compare a uniform U ∈ [0,1), generated one random bit at a
   * time, with the binary expansion of p = num/den (digit d_i = 1 iff 2r ≥ den, r ← 2r − d_i·den).
   * The first bit where they differ decides U &lt; p; two bits are consumed on average (a uniform
   * integer below den would cost log2(den) bits), and the arithmetic stays exact.
   */
  static boolean bernoulli(RandomSource rnd, BigInteger num, BigInteger den) {
    if (den.bitLength() <= 62) {
      return bernoulli(rnd, num.longValue(), den.longValue());
    }
    BigInteger r = num;
    while (r.signum() != 0) {
      r = r.shiftLeft(1);
      boolean digit = r.compareTo(den) >= 0;
      if (digit) {
        r = r.subtract(den);
      }
      if (rnd.bit() != digit) {
        return digit; // U's bit 0 under p's 1: U < p; U's bit 1 over p's 0: U > p
      }
    }
    return false; // p's expansion ended: U < p would need all further bits of U to be 0
  }

  /**
   * {@link #bernoulli(RandomSource, BigInteger, BigInteger)} for 0 ≤ num ≤ den &lt; 2^62; below
   * 2^12 one uniform integer below den (≤ 12 bits, one call) is cheaper than the bit-by-bit loop.
   */
  static boolean bernoulli(RandomSource rnd, long num, long den) {
    if (den < (1L << 12)) {
      return rnd.uniformBelow(den) < num;
    }
    long r = num;
    while (r != 0) {
      r <<= 1;
      boolean digit = r >= den;
      if (digit) {
        r -= den;
      }
      if (rnd.bit() != digit) {
        return digit;
      }
    }
    return false;
  }

  /** Bernoulli(exp(−num/den)). */
  static boolean sample(RandomSource rnd, BigInteger num, BigInteger den) {
    if (num.signum() < 0 || den.signum() <= 0) {
      throw new IllegalArgumentException("gamma must be >= 0. Provided: " + num + "/" + den);
    }
    if (num.compareTo(den) <= 0) {
      return sampleAtMostOne(rnd, num, den);
    }
    BigInteger[] qr = num.divideAndRemainder(den);
    for (BigInteger k = BigInteger.ZERO; k.compareTo(qr[0]) < 0; k = k.add(BigInteger.ONE)) {
      if (!expMinusOne(rnd)) {
        return false;
      }
    }
    return sampleAtMostOne(rnd, qr[1], den);
  }

  /** Bernoulli(exp(−1)), the γ = 1 case: A_K ~ Bernoulli(1/K). */
  static boolean expMinusOne(RandomSource rnd) {
    long k = 1;
    while (bernoulli(rnd, 1, k)) {
      k++;
    }
    return (k & 1) == 1;
  }

  private static boolean sampleAtMostOne(RandomSource rnd, BigInteger num, BigInteger den) {
    if (num.signum() == 0) {
      return true;
    }
    long k = 1;
    if (den.bitLength() <= 52) {
      // Long arithmetic while den·k < 2^62 (k reaching kMax has probability < 1/kMax!).
      long n = num.longValue();
      long d = den.longValue();
      long kMax = 1L << (62 - den.bitLength());
      while (k < kMax && bernoulli(rnd, n, d * k)) {
        k++;
      }
      if (k < kMax) {
        return (k & 1) == 1;
      }
    }
    while (bernoulli(rnd, num, den.multiply(BigInteger.valueOf(k)))) {
      k++;
    }
    return (k & 1) == 1;
  }
}
