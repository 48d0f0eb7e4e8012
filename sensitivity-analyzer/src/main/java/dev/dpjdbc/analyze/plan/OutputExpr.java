package dev.dpjdbc.analyze.plan;

/**
 * Post-processing from noisy coordinates to a released value. Implementations clamp to what the
 * bounds allow (a COUNT is never negative, an AVG stays within [L, U], a variance within [0,
 * ((U−L)/2)²]); post-processing costs no privacy.
 */
public sealed interface OutputExpr {
  /**
   * @param keys this group's key values, in group-key order
   * @param noisy this group's noisy coordinates, in coordinate order
   */
  Object evaluate(Object[] keys, double[] noisy);

  /** The group key at {@code index}. */
  record KeyRef(int index) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      return keys[index];
    }
  }

  /** A COUNT coordinate, rounded and clamped at 0, as a Long. */
  record CountOf(int coordinate) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      return Math.max(0L, Math.round(noisy[coordinate]));
    }
  }

  /**
   * SUM(x) = centred sum + midpoint·count, clamped to [min(0, L·n̂), max(0, U·n̂)]-style bounds by
   * the implementation; null when the noisy count is below 1 (PostgreSQL's SUM over no rows).
   */
  record SumOf(int centredSum, int count, double lower, double upper) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      throw new UnsupportedOperationException("TODO(issue 3)");
    }
  }

  /** AVG = noisy centred sum / noisy count + midpoint, clamped to [L, U]. */
  record AvgOf(int centredSum, int count, double lower, double upper) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      throw new UnsupportedOperationException("TODO(issue 3)");
    }
  }

  /** VAR_POP/VAR_SAMP/STDDEV_* from noisy count, centred sum and centred sum of squares. */
  record VarianceOf(
      int centredSum,
      int centredSumOfSquares,
      int count,
      double lower,
      double upper,
      boolean sample,
      boolean sqrt)
      implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      throw new UnsupportedOperationException("TODO(issue 3)");
    }
  }
}
