package dev.dpjdbc.analyze.privacy;

/**
 * An upper bound on the rows one privacy unit has in a relation, with where it came from.
 *
 * <p>A bound is either <em>guaranteed</em> by the schema (a primary-key unit has one row; a join on
 * a key matches one row), or a <em>cap</em>: the policy's {@code max_rows_per_unit} (or its default
 * of 1), which the data need not obey and which the rewrite below the DP boundary must enforce (per
 * unit, with {@code ROW_NUMBER()}) before the bound may be used. A product or sum involving a cap
 * is a cap. {@link #UNBOUNDED} means neither: the rewrite must cap the rows per unit or refuse.
 *
 * @param max the bound, or {@link #UNBOUNDED}
 * @param guaranteed true when the data cannot exceed {@code max}; false for a cap to enforce
 * @param source how the bound was derived, for EXPLAIN PRIVACY
 */
public record RowBound(long max, boolean guaranteed, String source) {
  /** No bound. */
  public static final long UNBOUNDED = Long.MAX_VALUE;

  public RowBound {
    if (max < 1) {
      throw new IllegalArgumentException(
          "rows per unit must be >= 1 or UNBOUNDED. Provided value: " + max);
    }
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("a row bound needs a source");
    }
    if (max == UNBOUNDED) {
      guaranteed = false;
    }
  }

  /** A bound the data cannot exceed. */
  public static RowBound guaranteed(long max, String source) {
    return new RowBound(max, true, source);
  }

  /** A policy cap the rewrite must enforce. */
  public static RowBound cap(long max, String source) {
    return new RowBound(max, false, source);
  }

  /** No bound, and why. */
  public static RowBound unbounded(String why) {
    return new RowBound(UNBOUNDED, false, why);
  }

  public boolean bounded() {
    return max != UNBOUNDED;
  }

  /**
   * Rows of a unit after pairing each of its rows here with at most {@code o.max} rows; unbounded
   * (with the unbounded operand's reason) when either is. The source names both factors' sources,
   * so EXPLAIN PRIVACY shows where each came from (e.g. a policy cap on the child side).
   */
  public RowBound times(RowBound o, String what) {
    if (!bounded() || !o.bounded()) {
      return bounded() ? o : this;
    }
    try {
      return new RowBound(
          Math.multiplyExact(max, o.max),
          guaranteed && o.guaranteed,
          what + " (" + max + " from " + source + " × " + o.max + " from " + o.source + ")");
    } catch (ArithmeticException overflow) {
      return unbounded(what + ": the product overflows");
    }
  }

  /** Rows of a unit in the union of two relations; unbounded when either is. */
  public RowBound plus(RowBound o, String what) {
    if (!bounded() || !o.bounded()) {
      return bounded() ? o : this;
    }
    try {
      return new RowBound(
          Math.addExact(max, o.max),
          guaranteed && o.guaranteed,
          what + " (" + max + " from " + source + " + " + o.max + " from " + o.source + ")");
    } catch (ArithmeticException overflow) {
      return unbounded(what + ": the sum overflows");
    }
  }

  @Override
  public String toString() {
    if (!bounded()) {
      return "unbounded (" + source + ")";
    }
    return "<= " + max + (guaranteed ? "" : " (cap)") + " (" + source + ")";
  }
}
