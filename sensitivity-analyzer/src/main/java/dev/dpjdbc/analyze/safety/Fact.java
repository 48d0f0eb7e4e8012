package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.Interval;

/**
 * What is known about the non-NULL values of one expression on every row the backend may evaluate
 * it on: its finite values lie in [{@link #lo}, {@link #hi}] (in Calcite's units: numbers as
 * themselves, DATE in days, TIMESTAMP in milliseconds, intervals in months or milliseconds); they
 * are never 0 ({@link #nonzero}); they are whole numbers ({@link #integral}); exact numbers have at
 * most {@link #scale} digits after the point ({@link #ANY_SCALE} when unknown); or the expression
 * is always NULL ({@link #alwaysNull}). Infinite ends mean unknown.
 *
 * <p>{@link #special} says which non-finite values the expression may also take, outside [lo, hi]:
 * {@link #NAN} ('NaN' of real, double precision and PostgreSQL's numeric), {@link #POS_INF} and
 * {@link #NEG_INF} ('Infinity' and '-Infinity' of the same types — numeric only when unconstrained,
 * since PostgreSQL 14 — and 'infinity'/'-infinity' of PostgreSQL's dates and timestamps). Both
 * backends order them −Infinity &lt; every number &lt; +Infinity &lt; NaN, in comparisons and in
 * CHECKs alike, so a range known to hold in that order ({@link #intersect}: a CHECK's or a CASE
 * guard's) with a finite upper end excludes NaN and +Infinity, and one with a finite lower end
 * excludes −Infinity. A NUMERIC(p,s) column's range from its precision is no such range: 'NaN' fits
 * every precision.
 */
record Fact(
    double lo,
    double hi,
    boolean nonzero,
    boolean integral,
    int scale,
    boolean alwaysNull,
    int special) {
  /** A scale that is not known (any number of fraction digits). */
  static final int ANY_SCALE = Integer.MAX_VALUE;

  /** {@link #special}: the value may be NaN. */
  static final int NAN = 1;

  /** {@link #special}: the value may be +Infinity ('infinity' for dates and timestamps). */
  static final int POS_INF = 2;

  /** {@link #special}: the value may be −Infinity ('-infinity' for dates and timestamps). */
  static final int NEG_INF = 4;

  /** {@link #special}: NaN and both infinities. */
  static final int ANY_SPECIAL = NAN | POS_INF | NEG_INF;

  /** Any value, NaN and the infinities included. */
  static final Fact ALL =
      new Fact(
          Double.NEGATIVE_INFINITY,
          Double.POSITIVE_INFINITY,
          false,
          false,
          ANY_SCALE,
          false,
          ANY_SPECIAL);

  static final Fact NULL =
      new Fact(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, true, true, 0, true, 0);

  /** Finite values in [lo, hi], never NaN or infinite. */
  static Fact range(double lo, double hi, boolean integral, int scale) {
    return new Fact(lo, hi, false, integral, scale, false, 0).withZeroTest();
  }

  /** Nonzero also when the range itself excludes 0 (NaN and the infinities are not 0). */
  private Fact withZeroTest() {
    return nonzero || alwaysNull || lo <= 0 && hi >= 0
        ? this
        : new Fact(lo, hi, true, integral, scale, false, special);
  }

  /** The finite values are bounded (NaN and the infinities aside: see {@link #special}). */
  boolean bounded() {
    return alwaysNull || !Double.isInfinite(lo) && !Double.isInfinite(hi);
  }

  boolean mayBeNaN() {
    return !alwaysNull && (special & NAN) != 0;
  }

  /** The value may be +Infinity or −Infinity. */
  boolean mayBeInfinite() {
    return !alwaysNull && (special & (POS_INF | NEG_INF)) != 0;
  }

  /** The value may be NaN, +Infinity or −Infinity. */
  boolean mayBeSpecial() {
    return !alwaysNull && special != 0;
  }

  /** This fact, also taking the non-finite values {@code s} (bits of {@link #special}). */
  Fact withSpecial(int s) {
    return alwaysNull || (special | s) == special
        ? this
        : new Fact(lo, hi, nonzero, integral, scale, false, special | s);
  }

  /** This fact without the non-finite values {@code s}. */
  Fact withoutSpecial(int s) {
    return alwaysNull || (special & s) == 0
        ? this
        : new Fact(lo, hi, nonzero, integral, scale, false, special & ~s);
  }

  /** The finite values also include 0 ({@code x / Infinity}, {@code exp(-Infinity)}). */
  Fact withZero() {
    if (alwaysNull) {
      return this;
    }
    return new Fact(Math.min(lo, 0), Math.max(hi, 0), false, integral, scale, false, special);
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
        false,
        special | o.special);
  }

  /**
   * Both facts hold: this one and "the value lies in [l, h]" in the backends' order (narrowing by a
   * guard or by the value's type), where a finite {@code h} also rules out NaN and +Infinity and a
   * finite {@code l} rules out −Infinity.
   */
  Fact intersect(double l, double h) {
    if (alwaysNull) {
      return this;
    }
    int s = special;
    if (h < Double.POSITIVE_INFINITY) {
      s &= ~(NAN | POS_INF);
    }
    if (l > Double.NEGATIVE_INFINITY) {
      s &= ~NEG_INF;
    }
    double nl = Math.max(lo, l);
    double nh = Math.min(hi, h);
    if (nl > nh) {
      // no finite value satisfies both: only non-finite ones, or the expression is never
      // evaluated on a non-NULL value
      return s == 0
          ? NULL
          : new Fact(
              Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, true, false, scale, false, s);
    }
    return new Fact(nl, nh, nonzero, integral, scale, false, s).withZeroTest();
  }

  Fact withNonzero() {
    return alwaysNull ? this : new Fact(lo, hi, true, integral, scale, false, special);
  }

  Fact withNonzero(boolean n) {
    return alwaysNull
        ? this
        : new Fact(lo, hi, n || nonzero, integral, scale, false, special).withZeroTest();
  }

  Fact withIntegral(boolean i) {
    return alwaysNull ? this : new Fact(lo, hi, nonzero, i, i ? 0 : scale, false, special);
  }

  Fact withScale(int s) {
    return alwaysNull ? this : new Fact(lo, hi, nonzero, integral, s, false, special);
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
        + (scale == ANY_SCALE ? "" : " scale " + scale)
        + ((special & NAN) != 0 ? " NaN" : "")
        + ((special & POS_INF) != 0 ? " +Inf" : "")
        + ((special & NEG_INF) != 0 ? " -Inf" : "");
  }
}
