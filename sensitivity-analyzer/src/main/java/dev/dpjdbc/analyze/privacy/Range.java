package dev.dpjdbc.analyze.privacy;

import java.math.BigDecimal;
import java.util.function.DoubleUnaryOperator;

/**
 * A closed interval of doubles without sources, for the arithmetic of {@link RexIntervals}; {@link
 * #EMPTY} stands for a value that is always NULL (it adds nothing to a hull).
 */
record Range(double lo, double hi) {
  static final Range ALL = new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  static final Range EMPTY = new Range(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

  static Range point(double v) {
    return new Range(v, v);
  }

  boolean isEmpty() {
    return lo > hi;
  }

  boolean isAll() {
    return lo == Double.NEGATIVE_INFINITY && hi == Double.POSITIVE_INFINITY;
  }

  boolean bounded() {
    return !isEmpty() && !Double.isInfinite(lo) && !Double.isInfinite(hi);
  }

  Range hull(Range o) {
    return new Range(Math.min(lo, o.lo), Math.max(hi, o.hi));
  }

  Range intersect(Range o) {
    return new Range(Math.max(lo, o.lo), Math.min(hi, o.hi));
  }

  /** The image under a non-decreasing {@code f}; infinite ends stay infinite. */
  Range monotone(DoubleUnaryOperator f) {
    if (isEmpty()) {
      return this;
    }
    return new Range(
        Double.isInfinite(lo) ? lo : f.applyAsDouble(lo),
        Double.isInfinite(hi) ? hi : f.applyAsDouble(hi));
  }

  boolean contains(double v) {
    return v >= lo && v <= hi;
  }

  // Interval arithmetic: the ends of + − × are computed exactly in decimal and rounded to the
  // nearest double (the rewrite clamps to the bounds it uses). An EMPTY operand (always NULL)
  // gives EMPTY.

  static Range add(Range x, Range y) {
    if (x.isEmpty() || y.isEmpty()) {
      return EMPTY;
    }
    return new Range(exactAdd(x.lo(), y.lo()), exactAdd(x.hi(), y.hi()));
  }

  static Range negate(Range x) {
    return x.isEmpty() ? x : new Range(-x.hi(), -x.lo());
  }

  static Range times(Range x, Range y) {
    if (x.isEmpty() || y.isEmpty()) {
      return EMPTY;
    }
    double[] p = {
      mul(x.lo(), y.lo()), mul(x.lo(), y.hi()), mul(x.hi(), y.lo()), mul(x.hi(), y.hi())
    };
    double lo = Math.min(Math.min(p[0], p[1]), Math.min(p[2], p[3]));
    double hi = Math.max(Math.max(p[0], p[1]), Math.max(p[2], p[3]));
    return new Range(lo, hi);
  }

  private static double mul(double a, double b) {
    if (a == 0 || b == 0) {
      return 0; // 0 × ∞ is 0 here: an end of 0 is a value, not a limit
    }
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      return a * b;
    }
    return BigDecimal.valueOf(a).multiply(BigDecimal.valueOf(b)).doubleValue();
  }

  private static double exactAdd(double a, double b) {
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      return a + b; // never −∞ + ∞: lower ends are never +∞, upper ends never −∞
    }
    return BigDecimal.valueOf(a).add(BigDecimal.valueOf(b)).doubleValue();
  }

  /** x MOD y has the sign of x and |x MOD y| < max |y| and <= |x|. */
  static Range mod(Range x, Range y) {
    if (x.isEmpty() || y.isEmpty()) {
      return EMPTY;
    }
    double m = Math.max(Math.abs(y.lo()), Math.abs(y.hi()));
    return new Range(Math.max(Math.min(0, x.lo()), -m), Math.min(Math.max(0, x.hi()), m));
  }

  static Range abs(Range x) {
    if (x.isEmpty() || x.lo() >= 0) {
      return x;
    }
    if (x.hi() <= 0) {
      return negate(x);
    }
    return new Range(0, Math.max(-x.lo(), x.hi()));
  }
}
