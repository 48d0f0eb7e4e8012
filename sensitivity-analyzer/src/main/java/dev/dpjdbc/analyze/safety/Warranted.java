package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.bounds.Interval;
import java.util.List;

/**
 * What the database guarantees about the values of each column of the DP boundary's input ({@code
 * Boundary.below()}) on every row the backend may compute: the facts of the rule against
 * data-dependent errors ({@link ErrorFreedom}) — enforced constraints (validated CHECKs, domain
 * CHECKs, NUMERIC precision) and the column types' ranges, propagated through the expressions
 * ({@code CASE WHEN remote THEN 1 ELSE 0 END} is in [0, 1], {@code price * qty} is bounded when
 * both are). Never the policy's {@code min/max}, which are clamp bounds the rewrite enforces, not
 * facts about stored values; never a WHERE (a filter narrows nothing, see {@link ErrorFreedom}).
 *
 * <p>These facts hold while the catalog is as it was read (even an expression's bounds can rest on
 * its columns' types: {@code CAST(flag AS INTEGER)} is in [0, 1] only while {@code flag} is a
 * BOOLEAN), so a plan that relies on them must re-check the catalog.
 *
 * @param intervals per column, about its non-NULL values; {@link Interval#UNBOUNDED} when nothing
 *     is known
 */
public record Warranted(List<Interval> intervals) {
  public Warranted {
    intervals = List.copyOf(intervals);
  }

  /** Nothing known about {@code columns} columns. */
  static Warranted nothing(int columns) {
    return new Warranted(java.util.Collections.nCopies(columns, Interval.UNBOUNDED));
  }

  /** The interval of column {@code i}. */
  public Interval of(int i) {
    return intervals.get(i);
  }
}
