package dev.dpjdbc.analyze.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlKind;

/**
 * An aggregate below the DP boundary (a per-unit subquery such as {@code SELECT AVG(n) FROM (SELECT
 * employee_id, COUNT(*) n FROM visits GROUP BY employee_id) t}): its accumulation runs on private
 * rows too. Allowed: COUNT, MIN, MAX, ANY_VALUE, GROUPING; SUM and AVG of integers (PostgreSQL
 * accumulates them in bigint or numeric; H2 in bigint, which overflows only past 2^32 rows of
 * extreme values in one group) and of numeric; SUM, AVG, VAR_* and STDDEV_* of floating-point
 * values bounded by 10^140 in magnitude (PostgreSQL raises an overflow when a sum or a sum of
 * squares becomes infinite; below that bound it would take more than 10^28 rows); VAR_* and
 * STDDEV_* of exact values. Every other aggregate function is refused.
 */
final class NestedAggregate {
  private static final double FLOAT_SUM_BOUND = 1e140;

  private NestedAggregate() {}

  /**
   * The facts of {@code a}'s output columns; with {@code boundedSums}, a SUM of a bounded argument
   * is bounded by {@link #MAX_ROWS} times its interval (the assumption above), so that arithmetic
   * on it can be checked; otherwise (an analyst's subquery) a SUM's value is unknown.
   */
  static List<Fact> facts(Aggregate a, List<Fact> in, boolean boundedSums) {
    List<Fact> out = new ArrayList<>();
    for (int key : a.getGroupSet()) {
      out.add(in.get(key));
    }
    for (AggregateCall call : a.getAggCallList()) {
      Fact f = call(call, in, a.getInput().getRowType());
      Fact arg = call.getArgList().isEmpty() ? Fact.ALL : in.get(call.getArgList().get(0));
      boolean sum =
          call.getAggregation().getKind() == SqlKind.SUM
              || call.getAggregation().getKind() == SqlKind.SUM0;
      if (boundedSums && sum && arg.bounded() && !arg.alwaysNull() && !arg.mayBeSpecial()) {
        f =
            Fact.range(
                Math.min(0, MAX_ROWS * arg.lo()),
                Math.max(0, MAX_ROWS * arg.hi()),
                arg.integral(),
                arg.scale());
      }
      out.add(f);
    }
    return out;
  }

  /**
   * A window {@code SUM(x) OVER (...)} below the aggregate: the same rule as an aggregate SUM (a
   * partition holds at most {@link #MAX_ROWS} rows, like a group), so its value is bounded by that
   * many times x's interval; a floating-point x needs a bound, as for the aggregate.
   */
  static Fact windowSum(String fn, Fact arg, boolean floating) {
    if (floating && !(arg.bounded() && arg.magnitude() <= FLOAT_SUM_BOUND)) {
      throw new Refusal(
          fn + " of a floating-point value with no bound",
          "the sum can overflow double precision for some row values",
          "Sum it as numeric: " + fn + "(CAST(x AS numeric)), or bound it.");
    }
    if (arg.bounded() && !arg.alwaysNull() && !arg.mayBeSpecial()) {
      return Fact.range(
          Math.min(0, MAX_ROWS * arg.lo()),
          Math.max(0, MAX_ROWS * arg.hi()),
          arg.integral(),
          arg.scale());
    }
    return Fact.ALL;
  }

  /**
   * The largest number of rows one group of an aggregate below the DP boundary is assumed to have.
   */
  static final double MAX_ROWS = 4_294_967_296d;

  private static Fact call(AggregateCall call, List<Fact> in, RelDataType inputRow) {
    RelDataType type = call.getType();
    Fact arg = call.getArgList().isEmpty() ? Fact.ALL : in.get(call.getArgList().get(0));
    String fn = call.getAggregation().getName().toUpperCase(Locale.ROOT);
    switch (call.getAggregation().getKind()) {
      case COUNT, GROUPING, GROUPING_ID, GROUP_ID -> {
        return Fact.range(0, TypeLimits.max(type), true, 0);
      }
      case MIN, MAX, ANY_VALUE, SINGLE_VALUE -> {
        return arg;
      }
      case SUM, SUM0, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
        boolean floating =
            !call.getArgList().isEmpty()
                && TypeLimits.isFloat(
                    inputRow.getFieldList().get(call.getArgList().get(0)).getType());
        if (floating && !(arg.bounded() && arg.magnitude() <= FLOAT_SUM_BOUND)) {
          throw new Refusal(
              fn + " of a floating-point value with no bound",
              "the sum can overflow double precision for some row values",
              "Aggregate it as numeric: "
                  + fn
                  + "(CAST(x AS numeric)), or bound it with"
                  + " LEAST(GREATEST(x, lo), hi).");
        }
        return switch (call.getAggregation().getKind()) {
          case AVG -> arg.withIntegral(false).withScale(Fact.ANY_SCALE);
          default -> Fact.ALL;
        };
      }
      default ->
          throw new Refusal(
              "the aggregate " + fn,
              "dpjdbc cannot tell that it raises no error for any row value",
              "Use COUNT, SUM, AVG, MIN or MAX inside subqueries.");
    }
  }
}
