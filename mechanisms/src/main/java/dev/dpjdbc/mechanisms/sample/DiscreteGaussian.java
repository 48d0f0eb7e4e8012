package dev.dpjdbc.mechanisms.sample;

import java.math.BigInteger;

/**
 * The discrete Gaussian N_ℤ(0, σ²) on ℤ, P[Z = z] ∝ exp(−z²/(2σ²)), for a rational σ² = p/q,
 * sampled exactly by Canonne, Kamath, Steinke 2020, Algorithm 3 (rejection from the discrete
 * Laplace).
 *
 * <p>Properties (CKS20): mean 0; Var ≤ σ² (and within 1e-10 relative of σ² once σ ≥ 1.5 or so);
 * adding it to an integer query of sensitivity Δ is Δ²/(2σ²)-zCDP, and its exact (ε,δ) curve (CKS20
 * Thm 7) is what the statistical tests sum from the pmf.
 *
 * <p>Algorithm 3: t = ⌊σ⌋ + 1; repeat { Y ~ DiscreteLaplace(t); accept with Bernoulli(exp(−(|Y| −
 * σ²/t)²/(2σ²))) } return Y. With σ² = p/q the exponent is the rational (|Y|·t·q − p)²/(2·p·q·t²).
 */
public final class DiscreteGaussian {
  private final ExactRational sigmaSquared;
  private final BigInteger p;
  private final BigInteger t;
  private final BigInteger tq;
  private final BigInteger twoPqT2;

  private DiscreteGaussian(ExactRational sigmaSquared) {
    if (sigmaSquared.isZero()) {
      throw new IllegalArgumentException("sigma^2 must be > 0. Provided value: 0");
    }
    this.sigmaSquared = sigmaSquared;
    this.p = sigmaSquared.num();
    BigInteger q = sigmaSquared.den();
    // ⌊σ⌋ = ⌊√⌊σ²⌋⌋ for σ² ≥ 0 (integer square roots are exact).
    this.t = sigmaSquared.floor().sqrt().add(BigInteger.ONE);
    this.tq = t.multiply(q);
    this.twoPqT2 = p.multiply(q).multiply(t).multiply(t).shiftLeft(1);
  }

  /** The distribution N_ℤ(0, σ²) with its exact sampling constants precomputed. */
  public static DiscreteGaussian of(ExactRational sigmaSquared) {
    return new DiscreteGaussian(sigmaSquared);
  }

  /** One draw with variance parameter {@code sigmaSquared > 0}. Synchronizes on {@code rnd}. */
  public static BigInteger sample(RandomSource rnd, ExactRational sigmaSquared) {
    return of(sigmaSquared).sample(rnd);
  }

  /** σ² of this distribution. */
  public ExactRational sigmaSquared() {
    return sigmaSquared;
  }

  /** One draw. Synchronizes on {@code rnd}. */
  public BigInteger sample(RandomSource rnd) {
    synchronized (rnd) {
      while (true) {
        BigInteger y = DiscreteLaplace.sampleUnsynchronized(rnd, t, BigInteger.ONE);
        BigInteger diff = y.abs().multiply(tq).subtract(p);
        if (BernoulliExp.sample(rnd, diff.multiply(diff), twoPqT2)) {
          return y;
        }
      }
    }
  }
}
