package dev.dpjdbc.driver.charge;

import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * A privacy cost (or a running total of costs) held as exact decimals, so that sums such as ten
 * times ε = 0.1 come to exactly 1 and budget exhaustion happens exactly at the policy's limit.
 *
 * <p>Exactness rule: each double cost component is replaced by its decimal representation ({@link
 * BigDecimal#valueOf(double)}, i.e. {@link Double#toString(double)}: the short decimal that reads
 * back as the same double), rounded <em>up</em> to {@link #SCALE} decimal places when it has more.
 * Sums of these decimals are exact. The decimal differs from the double the mechanism was
 * calibrated with by at most half an ulp (relative 2⁻⁵³ ≈ 1.1e-16), and all components are ≥ 0, so
 * a total never under-states the true spend by more than 1.1e-16 relative — far inside the 1e-12
 * relative slack the project allows. Rounding up to the scale can only over-charge.
 *
 * @param epsilon Σε (basic composition)
 * @param delta Σδ (basic composition)
 * @param rho Σρ (zCDP)
 * @param extraDelta Σ extra δ (failure probabilities outside the zCDP part)
 */
record ExactCost(BigDecimal epsilon, BigDecimal delta, BigDecimal rho, BigDecimal extraDelta) {

  /** Decimal places kept in the ledger's NUMERIC columns. */
  static final int SCALE = 40;

  /** Digits before the decimal point that the NUMERIC columns hold. */
  static final int INTEGER_DIGITS = 25;

  /** Exclusive upper bound of every component (declared before ZERO, which uses it). */
  private static final BigDecimal LIMIT = BigDecimal.TEN.pow(INTEGER_DIGITS);

  static final ExactCost ZERO =
      new ExactCost(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO);

  ExactCost {
    check("epsilon", epsilon);
    check("delta", delta);
    check("rho", rho);
    check("extraDelta", extraDelta);
  }

  private static void check(String name, BigDecimal value) {
    Objects.requireNonNull(value, name);
    if (value.signum() < 0 || value.compareTo(LIMIT) >= 0) {
      throw new IllegalArgumentException(
          name + " must be >= 0 and < 1e" + INTEGER_DIGITS + ". Provided value: " + value);
    }
  }

  /** The exact decimal form of {@code cost} (see the class comment for the rounding rule). */
  static ExactCost of(PrivacyCost cost) {
    return new ExactCost(
        decimal("epsilon", cost.epsilon()),
        decimal("delta", cost.delta()),
        decimal("rho", cost.rho()),
        decimal("extraDelta", cost.extraDelta()));
  }

  /** The decimal representation of {@code value}, rounded up to {@link #SCALE} places. */
  static BigDecimal decimal(String name, double value) {
    if (!Double.isFinite(value) || value < 0) {
      throw new IllegalArgumentException(
          name + " must be finite and >= 0. Provided value: " + value);
    }
    BigDecimal exact = BigDecimal.valueOf(value);
    if (exact.scale() > SCALE) {
      exact = exact.setScale(SCALE, RoundingMode.CEILING);
    }
    return exact.stripTrailingZeros();
  }

  ExactCost plus(ExactCost other) {
    return new ExactCost(
        epsilon.add(other.epsilon),
        delta.add(other.delta),
        rho.add(other.rho),
        extraDelta.add(other.extraDelta));
  }

  /** {@code k} copies of this cost, exactly (throws IllegalArgumentException past the limit). */
  ExactCost times(long k) {
    BigDecimal n = BigDecimal.valueOf(k);
    return new ExactCost(
        epsilon.multiply(n), delta.multiply(n), rho.multiply(n), extraDelta.multiply(n));
  }

  /**
   * This total as doubles, each rounded <em>up</em> (never below the exact decimal), for the
   * accountant's floating-point conversions: the conversions then see at least what was spent.
   */
  PrivacyCost toCostRoundedUp() {
    return new PrivacyCost(up(epsilon), up(delta), up(rho), up(extraDelta));
  }

  /** The smallest double that is ≥ {@code value}. */
  static double up(BigDecimal value) {
    double d = value.doubleValue();
    if (new BigDecimal(d).compareTo(value) < 0) {
      d = Math.nextUp(d);
    }
    return d;
  }

  /** The largest double that is ≤ {@code value}. */
  static double down(BigDecimal value) {
    double d = value.doubleValue();
    if (new BigDecimal(d).compareTo(value) > 0) {
      d = Math.nextDown(d);
    }
    return d;
  }
}
