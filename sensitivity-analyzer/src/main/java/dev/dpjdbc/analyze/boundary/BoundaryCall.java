package dev.dpjdbc.analyze.boundary;

import java.util.List;
import org.apache.calcite.rel.core.AggregateCall;

/**
 * One aggregate call of the DP boundary, classified for the bounded rewrite.
 *
 * <p>Guarantees: {@link #kind} is one the rewrite knows how to bound; {@link #arguments} are column
 * indexes of the boundary's input ({@code below}); the call is DISTINCT only for {@link
 * Kind#COUNT_DISTINCT}.
 *
 * @param output the call's column in the aggregate's output (after the group keys)
 * @param name the call's output name
 * @param kind what is computed
 * @param arguments input columns of the call (empty for COUNT(*))
 * @param filterColumn the input column of a {@code FILTER (WHERE ...)} clause, or -1
 * @param call Calcite's call
 */
public record BoundaryCall(
    int output,
    String name,
    Kind kind,
    List<Integer> arguments,
    int filterColumn,
    AggregateCall call) {

  /** The aggregate functions the boundary accepts. */
  public enum Kind {
    /** COUNT(*) (or COUNT of a constant). */
    COUNT_ROWS,
    /** COUNT(x): rows where x is not NULL. */
    COUNT_VALUES,
    /** COUNT(DISTINCT x, ...). */
    COUNT_DISTINCT,
    SUM,
    AVG,
    VAR_POP,
    VAR_SAMP,
    STDDEV_POP,
    STDDEV_SAMP,
    MIN,
    MAX,
    /** MEDIAN(x) (H2). */
    MEDIAN,
    /** PERCENTILE_CONT(q) WITHIN GROUP (ORDER BY x): {@link #arguments} is [x]. */
    PERCENTILE_CONT,
    /** PERCENTILE_DISC(q) WITHIN GROUP (ORDER BY x): {@link #arguments} is [x]. */
    PERCENTILE_DISC;

    /** An order statistic, released by the exponential mechanism on a histogram. */
    public boolean isQuantile() {
      return this == MIN
          || this == MAX
          || this == MEDIAN
          || this == PERCENTILE_CONT
          || this == PERCENTILE_DISC;
    }
  }

  public BoundaryCall {
    arguments = List.copyOf(arguments);
  }

  @Override
  public String toString() {
    return kind
        + (arguments.isEmpty() ? "" : "" + arguments)
        + (filterColumn >= 0 ? " FILTER $" + filterColumn : "");
  }
}
