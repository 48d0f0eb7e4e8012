package dev.dpjdbc.mechanisms.zerodelta;

import dev.dpjdbc.mechanisms.sample.ExactRational;
import dev.dpjdbc.mechanisms.sample.Grid;
import dev.dpjdbc.mechanisms.sample.RandomSource;
import java.math.BigInteger;

/**
 * Floating-point-safe sampler of {@link OptimalZeroDelta} noise (Geng et al. 2018, Algorithm 1: B ~
 * Bernoulli(1 − m), U uniform on [−a, a], output B·U), on a power-of-two grid like {@link
 * dev.dpjdbc.mechanisms.sample.SecureNoise}.
 *
 * <p>The value is rounded exactly to the grid g = {@link Grid#forScale}(a); the noise is the
 * integer B·U, U uniform on {−A, …, A}, where the 2A + 1 points cover 2a·(Δ + g)/Δ grid steps: A =
 * ⌈a(Δ + g)/(Δg) − 1/2⌉. A shift of D ≤ (Δ + g)/g steps (rounded neighbours) leaves uncovered
 * exactly m + (1 − m)·D/(2A + 1) ≤ m + (1 − m)Δ/(2a) = δ, so the discrete mechanism is (0, δ)-DP
 * for the original Δ. B is drawn by comparing random bits with the binary expansion of the exact m,
 * U by rejection on random bits: no floating point decides anything. Thread-safe.
 */
public final class ZeroDeltaNoise {
  private final OptimalZeroDelta params;
  private final ExactRational mass;
  private final double grid;
  private final BigInteger halfSteps;
  private final BigInteger points;
  private final RandomSource rnd;

  private ZeroDeltaNoise(OptimalZeroDelta params, RandomSource rnd) {
    this.params = params;
    this.rnd = rnd;
    this.mass = params.exactMassAtZero();
    ExactRational a = params.exactHalfWidth();
    this.grid = Grid.forScale(a.doubleValue());
    ExactRational g = ExactRational.of(grid);
    ExactRational lambda = ExactRational.of(params.sensitivity());
    ExactRational steps = a.multiply(lambda.add(g)).divide(lambda.multiply(g));
    // A = ⌈steps − 1/2⌉ = ⌈(2·steps − 1)/2⌉
    BigInteger twiceNum = steps.num().shiftLeft(1).subtract(steps.den());
    BigInteger twiceDen = steps.den().shiftLeft(1);
    BigInteger[] qr = twiceNum.divideAndRemainder(twiceDen);
    this.halfSteps = qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
    this.points = halfSteps.shiftLeft(1).add(BigInteger.ONE);
  }

  /** A sampler for the given parameters, backed by a fresh SecureRandom. */
  public static ZeroDeltaNoise create(OptimalZeroDelta params) {
    return new ZeroDeltaNoise(params, RandomSource.secure());
  }

  /** A sampler drawing from the given source (shared sources serialize draws). */
  public static ZeroDeltaNoise create(OptimalZeroDelta params, RandomSource rnd) {
    return new ZeroDeltaNoise(params, rnd);
  }

  public OptimalZeroDelta params() {
    return params;
  }

  /** The grid g. */
  public double grid() {
    return grid;
  }

  /** A, the half-width of the uniform part in grid steps. */
  public BigInteger halfWidthSteps() {
    return halfSteps;
  }

  /** value + noise; value must be finite. */
  public double addNoise(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("value must be finite. Provided value: " + value);
    }
    return Grid.addUnits(value, drawUnits(), grid);
  }

  /** The integer noise B·U in grid units. */
  BigInteger drawUnits() {
    synchronized (rnd) {
      if (!mass.isZero() && rnd.nextBernoulli(mass)) {
        return BigInteger.ZERO;
      }
      return rnd.nextBelow(points).subtract(halfSteps);
    }
  }
}
