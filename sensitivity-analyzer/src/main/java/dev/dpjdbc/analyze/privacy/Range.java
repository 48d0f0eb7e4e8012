package dev.dpjdbc.analyze.privacy;

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
}
