package dev.dpjdbc.mechanisms.sample;

import java.math.BigInteger;

/**
 * The discrete Laplace distribution on ℤ with scale {@code t} (a rational): P[Z = z] ∝ exp(−|z|/t),
 * sampled exactly by Canonne, Kamath, Steinke 2020, Algorithm 2, from uniform integers only.
 *
 * <p>Properties (CKS20 §2): mean 0; Var = 2e^{−1/t}/(1 − e^{−1/t})²; adding it to an integer query
 * of sensitivity Δ is (Δ/t)-DP, since P[z]/P[z+Δ] ≤ e^{Δ/t} — the same as continuous Laplace.
 *
 * <p>Algorithm 2 with t = a/b (a, b positive integers): repeat { U ~ Unif{0..a−1}; accept with
 * Bernoulli(e^{−U/a}); V ~ Geometric with P[V ≥ v] = e^{−v} (count Bernoulli(e^{−1}) successes); X
 * = U + a·V (so P[X = x] ∝ e^{−x/a}); Y = ⌊X/b⌋ (so P[Y = y] ∝ e^{−y·b/a}); sign B fair; reject
 * (B=1, Y=0) } return (1 − 2B)·Y.
 */
public final class DiscreteLaplace {
  private DiscreteLaplace() {}

  /** One draw with scale {@code t > 0}. Thread-safe per {@code rnd} (synchronizes on it). */
  public static BigInteger sample(RandomSource rnd, ExactRational t) {
    if (t.isZero()) {
      throw new IllegalArgumentException("scale t must be > 0. Provided value: 0");
    }
    synchronized (rnd) {
      return sampleUnsynchronized(rnd, t.num(), t.den());
    }
  }

  /** Algorithm 2 with scale a/b; caller holds the lock on {@code rnd}. */
  static BigInteger sampleUnsynchronized(RandomSource rnd, BigInteger a, BigInteger b) {
    boolean smallA = a.bitLength() <= 62;
    long aLong = smallA ? a.longValue() : 0;
    while (true) {
      BigInteger u;
      if (smallA) {
        long ul = rnd.uniformBelow(aLong);
        u = BigInteger.valueOf(ul);
      } else {
        u = rnd.uniformBelow(a);
      }
      if (!BernoulliExp.sample(rnd, u, a)) {
        continue;
      }
      long v = 0;
      while (BernoulliExp.expMinusOne(rnd)) {
        v++;
      }
      BigInteger x = u.add(a.multiply(BigInteger.valueOf(v)));
      BigInteger y = b.equals(BigInteger.ONE) ? x : x.divide(b);
      boolean negative = rnd.bit();
      if (negative && y.signum() == 0) {
        continue;
      }
      return negative ? y.negate() : y;
    }
  }

  /** Var = 2e^{−1/t}/(1 − e^{−1/t})², in double precision (for reporting and tests). */
  public static double variance(double t) {
    double q = Math.exp(-1 / t);
    double oneMinusQ = -Math.expm1(-1 / t);
    return 2 * q / (oneMinusQ * oneMinusQ);
  }
}
