package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.Interval;

/**
 * What is known about the non-NULL values of one expression on every row the backend may evaluate
 * it on: they lie in [{@link #lo}, {@link #hi}] (in Calcite's units: numbers as themselves, DATE in
 * days, TIMESTAMP in milliseconds, intervals in months or milliseconds); they are never 0 ({@link
 * #nonzero}); they are whole numbers ({@link #integral}); exact numbers have at most {@link #scale}
 * digits after the point ({@link #ANY_SCALE} when unknown); or the expression is always NULL
 * ({@link #alwaysNull}). Infinite ends mean unknown. For a floating-point expression, both ends
 * finite also means it is never NaN or infinite (a floating-point range is only ever bounded by a
 * CHECK that NaN fails, or computed from bounded operands).
 */
record Fact(
    double lo, double hi, boolean nonzero, boolean integral, int scale, boolean alwaysNull) {
  /** A scale that is not known (any number of fraction digits). */
  static final int ANY_SCALE = Integer.MAX_VALUE;

  static final Fact ALL =
      new Fact(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, false, false, ANY_SCALE, false);
  static final Fact NULL =
      new Fact(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, true, true, 0, true);

  static Fact range(double lo, double hi, boolean integral, int scale) {
    return new Fact(lo, hi, false, integral, scale, false).withZeroTest();
  }

  /** Nonzero also when the range itself excludes 0. */
  private Fact withZeroTest() {
    return nonzero || alwaysNull || lo <= 0 && hi >= 0
        ? this
        : new Fact(lo, hi, true, integral, scale, false);
  }

  boolean bounded() {
    return alwaysNull || !Double.isInfinite(lo) && !Double.isInfinite(hi);
  }

  /** The largest absolute value (infinite when unbounded; 0 when always NULL). */
  double magnitude() {
    return alwaysNull ? 0 : Math.max(Math.abs(lo), Math.abs(hi));
  }

  /** Some non-NULL value may be 0. */
  boolean mayBeZero() {
    return !alwaysNull && !nonzero && lo <= 0 && hi >= 0;
  }

  /** Either expression's value (a CASE's branches). */
  Fact hull(Fact o) {
    if (alwaysNull) {
      return o;
    }
    if (o.alwaysNull) {
      return this;
    }
    return new Fact(
        Math.min(lo, o.lo),
        Math.max(hi, o.hi),
        nonzero && o.nonzero,
        integral && o.integral,
        Math.max(scale, o.scale),
        false);
  }

  /** Both facts hold (narrowing by a guard or by the value's type). */
  Fact intersect(double l, double h) {
    if (alwaysNull) {
      return this;
    }
    double nl = Math.max(lo, l);
    double nh = Math.min(hi, h);
    if (nl > nh) {
      return NULL; // no non-NULL value satisfies both: the expression is never evaluated non-NULL
    }
    return new Fact(nl, nh, nonzero, integral, scale, false).withZeroTest();
  }

  Fact withNonzero() {
    return alwaysNull ? this : new Fact(lo, hi, true, integral, scale, false);
  }

  Fact withNonzero(boolean n) {
    return alwaysNull
        ? this
        : new Fact(lo, hi, n || nonzero, integral, scale, false).withZeroTest();
  }

  Fact withIntegral(boolean i) {
    return alwaysNull ? this : new Fact(lo, hi, nonzero, i, i ? 0 : scale, false);
  }

  Fact withScale(int s) {
    return alwaysNull ? this : new Fact(lo, hi, nonzero, integral, s, false);
  }

  /** The range as an {@link Interval} for {@code RexIntervals} (unbounded when always NULL). */
  Interval interval(String source) {
    if (alwaysNull || lo > hi) {
      return Interval.UNBOUNDED;
    }
    return new Interval(lo, hi, source, source);
  }

  @Override
  public String toString() {
    if (alwaysNull) {
      return "NULL";
    }
    return "["
        + lo
        + ", "
        + hi
        + "]"
        + (nonzero ? " nonzero" : "")
        + (integral ? " int" : "")
        + (scale == ANY_SCALE ? "" : " scale " + scale);
  }
}
