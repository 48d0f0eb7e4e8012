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

  /**
   * A COUNT coordinate, rounded to the nearest integer (ties to even, {@link Math#rint}; unbiased
   * for symmetric noise, never truncated) and clamped at 0, as a Long.
   */
  record CountOf(int coordinate) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      return Math.max(0L, (long) Math.rint(noisy[coordinate]));
    }
  }

  /**
   * SUM(x) released directly from the noisy coordinate SUM(clamp(x, L, U)), as a Double. Its sign
   * is clamped to what the bounds allow (≥ 0 when L ≥ 0, ≤ 0 when U ≤ 0). The group's row count is
   * not released with it, so an empty group gives a noisy number near 0, not NULL.
   */
  record SumOf(int sum, double lower, double upper) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      double s = noisy[sum];
      if (lower >= 0) {
        s = Math.max(0, s);
      }
      if (upper <= 0) {
        s = Math.min(0, s);
      }
      return s;
    }
  }

  /**
   * AVG = noisy centred sum / noisy count + midpoint, clamped to [L, U], as a Double; null when the
   * noisy count is below 1 (PostgreSQL's AVG over no rows is NULL).
   */
  record AvgOf(int centredSum, int count, double lower, double upper) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      double n = noisy[count];
      if (!(n >= 1)) {
        return null;
      }
      double avg = noisy[centredSum] / n + (lower + upper) / 2;
      return Math.min(upper, Math.max(lower, avg));
    }
  }

  /**
   * SUM(x) derived from a shared centred sum and count (issue 11, docs/mechanisms.md "Shared
   * coordinates"): noisy Σ(x − mid) + mid·(noisy count), mid = (L+U)/2, as a Double, sign-clamped
   * as {@link SumOf}. Its noise variance is σ_c² + mid²·σ_n² (a linear combination: exact). Like
   * {@link SumOf}, an empty group gives a noisy number near 0, not NULL.
   */
  record SumFromCentred(int centredSum, int count, double lower, double upper)
      implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      double s = noisy[centredSum] + (lower + upper) / 2 * noisy[count];
      return new SumOf(0, lower, upper).evaluate(keys, new double[] {s});
    }
  }

  /**
   * AVG(x) derived from a shared plain sum Σclamp(x) and count (issue 11): noisy sum / noisy count,
   * clamped to [L, U], as a Double; null when the noisy count is below 1, as {@link AvgOf}.
   */
  record AvgFromSum(int sum, int count, double lower, double upper) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      double n = noisy[count];
      if (!(n >= 1)) {
        return null;
      }
      return Math.min(upper, Math.max(lower, noisy[sum] / n));
    }
  }

  /**
   * VAR_POP/VAR_SAMP/STDDEV_* from noisy count n, centred sum s and centred sum of squares q (of y
   * = x − (L+U)/2): var_pop = q/n − (s/n)², var_samp = (q − s²/n)/(n − 1); clamped to [0, h²] with
   * h = (U−L)/2 (no variance of values in [L, U] exceeds h²), square-rooted for STDDEV. Null when n
   * &lt; 1 (population) or n &lt; 2 (sample), as PostgreSQL returns NULL there.
   */
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
      double n = noisy[count];
      if (!(n >= (sample ? 2 : 1))) {
        return null;
      }
      double s = noisy[centredSum];
      double q = noisy[centredSumOfSquares];
      double var = sample ? (q - s * s / n) / (n - 1) : q / n - (s / n) * (s / n);
      double h = (upper - lower) / 2;
      var = Math.min(h * h, Math.max(0, var));
      return sqrt ? Math.sqrt(var) : var;
    }
  }

  /**
   * A quantile released by the exponential mechanism ({@link QuantileRelease}), read at {@code
   * slot} of the group's noisy values (after the coordinates), clamped to [L, U] and, for a value
   * of the column's own type (MIN, MAX, PERCENTILE_DISC, MEDIAN), rounded to the column's grid
   * ({@code grid} 1 for integers, 0.01 for NUMERIC(p, 2); 0 = not rounded), as a Double.
   */
  record QuantileOf(int slot, double lower, double upper, double grid) implements OutputExpr {
    @Override
    public Object evaluate(Object[] keys, double[] noisy) {
      double x = noisy[slot];
      if (grid > 0) {
        x =
            java.math.BigDecimal.valueOf(Math.round(x / grid))
                .multiply(java.math.BigDecimal.valueOf(grid))
                .doubleValue();
      }
      return Math.min(upper, Math.max(lower, x));
    }

    /** The same quantile read {@code coordinates} positions further (after the coordinates). */
    public QuantileOf shifted(int coordinates) {
      return new QuantileOf(slot + coordinates, lower, upper, grid);
    }
  }
}
