package dev.dpjdbc.analyze.boundary;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.sql.SqlKind;

/**
 * Classifies the group keys and calls of the DP aggregate into {@link GroupKey} and {@link
 * BoundaryCall}; refuses (0A000) grouping sets (ROLLUP, CUBE), DISTINCT other than COUNT(DISTINCT
 * x) of one argument (and MIN/MAX, where it changes nothing), naming what to write instead, WITHIN
 * GROUP orderings other than PERCENTILE_CONT/PERCENTILE_DISC's single column, and every function
 * other than COUNT, SUM, AVG, VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP, MIN, MAX, MEDIAN and the
 * two percentiles, naming the function.
 */
final class Classifier {
  private Classifier() {}

  static List<GroupKey> keys(Aggregate aggregate, RelPrivacy input) throws SQLException {
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
      throw BoundarySplit.refusal(
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
          "GROUPING SETS, ROLLUP and CUBE over private data are not supported yet: send one query"
              + " per grouping (GROUP BY region; GROUP BY region, level) and add them up in the"
              + " client.");
    }
    List<GroupKey> keys = new ArrayList<>();
    int out = 0;
    for (int col : aggregate.getGroupSet()) {
      keys.add(new GroupKey(out++, col, input.column(col)));
    }
    return keys;
  }

  static List<BoundaryCall> calls(Aggregate aggregate) throws SQLException {
    List<BoundaryCall> calls = new ArrayList<>();
    int out = aggregate.getGroupCount();
    List<String> names = aggregate.getRowType().getFieldNames();
    for (AggregateCall call : aggregate.getAggCallList()) {
      BoundaryCall.Kind kind = kind(call);
      List<Integer> args =
          kind == BoundaryCall.Kind.PERCENTILE_CONT || kind == BoundaryCall.Kind.PERCENTILE_DISC
              ? List.of(call.getCollation().getFieldCollations().get(0).getFieldIndex())
              : call.getArgList();
      calls.add(new BoundaryCall(out, names.get(out), kind, args, call.filterArg, call));
      out++;
    }
    return calls;
  }

  private static BoundaryCall.Kind kind(AggregateCall call) throws SQLException {
    String fn = call.getAggregation().getName().toUpperCase(Locale.ROOT);
    SqlKind sqlKind = call.getAggregation().getKind();
    boolean percentile = sqlKind == SqlKind.PERCENTILE_CONT || sqlKind == SqlKind.PERCENTILE_DISC;
    if (percentile && call.getCollation().getFieldCollations().size() != 1) {
      throw unsupported(fn + " without exactly one WITHIN GROUP (ORDER BY x) column");
    }
    if (!percentile && !call.getCollation().getFieldCollations().isEmpty()) {
      throw unsupported(fn + " with an ordering (WITHIN GROUP / ORDER BY inside the call)");
    }
    BoundaryCall.Kind kind =
        switch (call.getAggregation().getKind()) {
          case COUNT ->
              call.isDistinct()
                  ? BoundaryCall.Kind.COUNT_DISTINCT
                  : call.getArgList().isEmpty()
                      ? BoundaryCall.Kind.COUNT_ROWS
                      : BoundaryCall.Kind.COUNT_VALUES;
          case SUM, SUM0 -> BoundaryCall.Kind.SUM;
          case AVG -> BoundaryCall.Kind.AVG;
          case VAR_POP -> BoundaryCall.Kind.VAR_POP;
          case VAR_SAMP -> BoundaryCall.Kind.VAR_SAMP;
          case STDDEV_POP -> BoundaryCall.Kind.STDDEV_POP;
          case STDDEV_SAMP -> BoundaryCall.Kind.STDDEV_SAMP;
          case MIN -> BoundaryCall.Kind.MIN;
          case MAX -> BoundaryCall.Kind.MAX;
          case PERCENTILE_CONT -> BoundaryCall.Kind.PERCENTILE_CONT;
          case PERCENTILE_DISC -> BoundaryCall.Kind.PERCENTILE_DISC;
          case OTHER_FUNCTION ->
              "MEDIAN".equals(fn) ? BoundaryCall.Kind.MEDIAN : throwUnsupported(fn);
          case LISTAGG,
                  STRING_AGG,
                  ARRAY_AGG,
                  ARRAY_CONCAT_AGG,
                  COLLECT,
                  JSON_ARRAYAGG,
                  JSON_OBJECTAGG,
                  ANY_VALUE,
                  SINGLE_VALUE,
                  MODE ->
              throw BoundarySplit.refusal(
                  AnalyzerSqlState.INSUFFICIENT_PRIVILEGE,
                  "The aggregate "
                      + fn
                      + " releases the stored values themselves (like string_agg, array_agg or"
                      + " json_agg, which list every person's value), a row-level result: only"
                      + " noisy COUNT, SUM, AVG, VAR_POP, VAR_SAMP, STDDEV_POP and STDDEV_SAMP"
                      + " over private data can be released. Count the values instead: SELECT"
                      + " name, COUNT(*) ... GROUP BY name, on a column with a public domain.");
          default -> throw unsupported(fn);
        };
    if (call.isDistinct()
        && kind != BoundaryCall.Kind.COUNT_DISTINCT
        && kind != BoundaryCall.Kind.MIN
        && kind != BoundaryCall.Kind.MAX) {
      throw BoundarySplit.refusal(
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
          fn
              + "(DISTINCT ...) over private data is not supported: DISTINCT is allowed only in"
              + " COUNT(DISTINCT x), whose sensitivity is bounded (by 1 when x is the privacy unit,"
              + " else by the rows one unit may contribute). Write "
              + fn
              + "(x) over every row, or COUNT(DISTINCT x) to count the values.");
    }
    if (kind == BoundaryCall.Kind.COUNT_DISTINCT && call.getArgList().size() != 1) {
      throw BoundarySplit.refusal(
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
          "COUNT(DISTINCT a, b, ...) over private data is not supported (nor by PostgreSQL):"
              + " count one column, COUNT(DISTINCT a), or one expression that combines them,"
              + " e.g. COUNT(DISTINCT a || '/' || b).");
    }
    if (call.isApproximate()) {
      throw unsupported("APPROX_" + fn);
    }
    return kind;
  }

  private static BoundaryCall.Kind throwUnsupported(String what) throws SQLException {
    throw unsupported(what);
  }

  private static SQLException unsupported(String what) {
    return BoundarySplit.refusal(
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED,
        "The aggregate "
            + what
            + " over private data is not supported: use COUNT, SUM, AVG, VAR_POP, VAR_SAMP,"
            + " STDDEV_POP, STDDEV_SAMP, MIN, MAX, MEDIAN (H2), or PERCENTILE_CONT(q) /"
            + " PERCENTILE_DISC(q) WITHIN GROUP (ORDER BY x).");
  }
}
