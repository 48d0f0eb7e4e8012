package dev.dpjdbc.mechanisms.zerodelta;

import dev.dpjdbc.mechanisms.sample.ExactRational;
import java.math.BigInteger;

/**
 * The optimal (0, δ)-DP additive noise for one real-valued query of sensitivity Δ under the ℓ^n
 * cost E|X|^n (Geng, Ding, Guo, Kumar 2018, Theorems 2–3): uniform on [−a, a] with a point mass m
 * at the origin.
 *
 * <p><b>Derivation</b> (the paper's Theorem 1 and 3, restated). For density h on [−a, a] (2a ≥ Δ)
 * and mass m at 0, shifting by Δ leaves uncovered the mass m and h·Δ, so the mechanism is (0, δ)-DP
 * iff m + hΔ ≤ δ; with m + 2ah = 1 and the constraint tight, h = (δ − m)/Δ and a = (1 − m)Δ/(2(δ −
 * m)). The cost (1 − m)·a^n/(n + 1) is minimised over m ∈ [0, δ) at m* = max(0, (n + 1)δ − n):
 *
 * <ul>
 *   <li>δ ≤ n/(n + 1): m = 0, a = Δ/(2δ), cost (Δ/(2δ))^n/(n + 1) — ℓ1: Δ/(4δ), ℓ2: Δ²/(12δ²);
 *   <li>δ &gt; n/(n + 1): m = (n + 1)δ − n, a = (n + 1)Δ/(2n), cost (1 − δ)((n + 1)Δ/(2n))^n — ℓ1:
 *       m = 2δ − 1, a = Δ, cost (1 − δ)Δ; ℓ2: m = 3δ − 2, a = 3Δ/4, cost 9(1 − δ)Δ²/16.
 * </ul>
 *
 * All parameters are also available as exact rationals (the inputs are binary rationals), which the
 * sampler uses.
 *
 * @param delta δ in (0, 1)
 * @param sensitivity Δ, finite and &gt; 0
 * @param costExponent n ≥ 1 (1 = noise magnitude, 2 = noise power)
 */
public record OptimalZeroDelta(double delta, double sensitivity, int costExponent) {
  /** Validates δ ∈ (0, 1), Δ &gt; 0 finite, n ≥ 1. */
  public OptimalZeroDelta {
    if (!(delta > 0 && delta < 1)) {
      throw new IllegalArgumentException("delta must be > 0 and < 1. Provided value: " + delta);
    }
    if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
      throw new IllegalArgumentException(
          "sensitivity must be finite and > 0. Provided value: " + sensitivity);
    }
    if (costExponent < 1) {
      throw new IllegalArgumentException(
          "costExponent must be >= 1. Provided value: " + costExponent);
    }
  }

  /** Minimum expected noise magnitude E|X| (ℓ1 cost, Corollary 4). */
  public static OptimalZeroDelta l1(double delta, double sensitivity) {
    return new OptimalZeroDelta(delta, sensitivity, 1);
  }

  /** Minimum expected noise power E X² (ℓ2 cost, Corollary 5). */
  public static OptimalZeroDelta l2(double delta, double sensitivity) {
    return new OptimalZeroDelta(delta, sensitivity, 2);
  }

  /** m* = max(0, (n + 1)δ − n), exactly. */
  public ExactRational exactMassAtZero() {
    ExactRational scaled =
        ExactRational.of(BigInteger.valueOf(costExponent + 1L)).multiply(ExactRational.of(delta));
    ExactRational n = ExactRational.of(BigInteger.valueOf(costExponent));
    return scaled.compareTo(n) <= 0 ? ExactRational.ZERO : subtract(scaled, n);
  }

  /** a = (1 − m)Δ/(2(δ − m)), exactly. */
  public ExactRational exactHalfWidth() {
    ExactRational m = exactMassAtZero();
    ExactRational one = ExactRational.of(BigInteger.ONE);
    ExactRational two = ExactRational.of(BigInteger.TWO);
    return subtract(one, m)
        .multiply(ExactRational.of(sensitivity))
        .divide(two.multiply(subtract(ExactRational.of(delta), m)));
  }

  /** The point mass at the origin, m. */
  public double massAtZero() {
    return exactMassAtZero().doubleValue();
  }

  /** The half-width a of the uniform part. */
  public double halfWidth() {
    return exactHalfWidth().doubleValue();
  }

  /** The density h = (1 − m)/(2a) of the uniform part. */
  public double density() {
    return (1 - massAtZero()) / (2 * halfWidth());
  }

  /** The minimum cost E|X|^n = (1 − m)·a^n/(n + 1). */
  public double expectedCost() {
    return (1 - massAtZero()) * Math.pow(halfWidth(), costExponent) / (costExponent + 1);
  }

  /** Variance E X² = (1 − m)a²/3 of this noise (whatever cost it was optimised for). */
  public double variance() {
    double a = halfWidth();
    return (1 - massAtZero()) * a * a / 3;
  }

  private static ExactRational subtract(ExactRational x, ExactRational y) {
    return new ExactRational(
        x.num().multiply(y.den()).subtract(y.num().multiply(x.den())), x.den().multiply(y.den()));
  }
}
