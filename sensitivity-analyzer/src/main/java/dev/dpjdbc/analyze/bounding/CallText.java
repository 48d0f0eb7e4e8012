package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.privacy.RexText;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.sql.SqlKind;

/** The analyst's words for the boundary's calls and columns, and the missing-bound refusal. */
final class CallText {
  private static final String CASE_HINT =
      ". A CASE bounds its value only through conditions that compare the returned expression"
          + " itself with literals on both sides, as in CASE WHEN x < lo THEN lo WHEN x > hi THEN"
          + " hi ELSE x END or CASE WHEN x BETWEEN lo AND hi THEN x END";

  private CallText() {}

  static Interval bounded(Boundary boundary, BoundaryCall call, String d, long rowsPerUnit)
      throws SQLException {
    int arg = call.arguments().get(0);
    Interval iv = boundary.boundaryInput().column(arg).interval();
    if (!iv.bounded()) {
      String x = columnText(boundary, arg);
      String[] origin = origin(boundary.below(), arg);
      String table = origin == null ? "<table>" : origin[0];
      String column = origin == null ? "<column>" : origin[1];
      String check = origin == null ? x : column;
      throw new SQLException(
          d
              + " needs bounds on "
              + (origin == null || x.equalsIgnoreCase(column) ? "" : x + ", from ")
              + (origin == null ? x : table + "." + column)
              + ", which has none: declare them with an enforced CHECK constraint (ALTER TABLE "
              + table
              + " ADD CHECK ("
              + check
              + " BETWEEN lo AND hi); NOT VALID constraints don't count), in the policy"
              + " (tables."
              + table
              + ".columns."
              + column
              + ": {min: lo, max: hi}), or clamp in the query: "
              + call.kind()
              + "(LEAST(GREATEST("
              + x
              + ", lo), hi))"
              + (isCase(boundary, arg) ? CASE_HINT : ""),
          AnalyzerSqlState.MISSING_BOUND.code());
    }
    double lambda = rowsPerUnit * Math.max(Math.abs(iv.lower()), Math.abs(iv.upper()));
    if (!Double.isFinite(lambda) || lambda > 1e15) {
      throw new SQLException(
          d
              + ": the bounds of "
              + columnText(boundary, arg)
              + " ("
              + iv.lower()
              + ", "
              + iv.upper()
              + ") are too wide to add useful noise; give narrower bounds in the policy or clamp"
              + " in the query with LEAST(GREATEST(x, lo), hi)",
          AnalyzerSqlState.MISSING_BOUND.code());
    }
    return iv;
  }

  /**
   * The analyst's form of column {@code i} of the boundary's input: a name, or the expression it
   * computes ("price * qty").
   */
  /**
   * The one table column {@code i} of {@code rel} is computed from, as {table, column} in the
   * catalog's spelling; null when it is computed from none or several.
   */
  private static String[] origin(RelNode rel, int i) {
    java.util.Set<org.apache.calcite.rel.metadata.RelColumnOrigin> origins =
        rel.getCluster().getMetadataQuery().getColumnOrigins(rel, i);
    if (origins == null || origins.size() != 1) {
      return null;
    }
    org.apache.calcite.rel.metadata.RelColumnOrigin o = origins.iterator().next();
    List<String> name = o.getOriginTable().getQualifiedName();
    String column = o.getOriginTable().getRowType().getFieldNames().get(o.getOriginColumnOrdinal());
    return new String[] {name.get(name.size() - 1), column};
  }

  /** Column {@code i} of the boundary's input is computed by a CASE (an attempted clamp). */
  private static boolean isCase(Boundary boundary, int i) {
    return boundary.below() instanceof Project p
        && i < p.getProjects().size()
        && p.getProjects().get(i).getKind() == SqlKind.CASE;
  }

  static String columnText(Boundary boundary, int i) {
    RelNode in = boundary.below();
    if (in instanceof Project p && i < p.getProjects().size()) {
      return RexText.render(p.getProjects().get(i), p.getInput().getRowType().getFieldNames());
    }
    return in.getRowType().getFieldNames().get(i);
  }

  static String describe(Boundary boundary, BoundaryCall call) {
    String fn = call.call().getAggregation().getName().toUpperCase(java.util.Locale.ROOT);
    List<String> args = call.arguments().stream().map(i -> columnText(boundary, i)).toList();
    String distinct = call.call().isDistinct() ? "DISTINCT " : "";
    return fn + "(" + distinct + (args.isEmpty() ? "*" : String.join(", ", args)) + ")";
  }
}
