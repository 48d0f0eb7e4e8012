package dev.dpjdbc.benchmarks.shared;

import java.util.ArrayList;
import java.util.List;

/** The report's queries over {@code t(g, x in [0, 100], y in [1000, 1100])}. */
final class SharedQueries {
  private SharedQueries() {}

  /** One released column: its alias, aggregate (count, sum, avg, var_samp, stddev_samp), column. */
  record Col(String alias, String kind, String column) {
    String sql() {
      return (kind.equals("count") ? "COUNT(*)" : kind.toUpperCase() + "(" + column + ")")
          + " AS "
          + alias;
    }

    /** The column's clamp midpoint ((L+U)/2 of the policy's bounds). */
    double mid() {
      return column.equals("y") ? 1050 : 50;
    }
  }

  /** A query: its name in the report, its columns, grouped by g or not. */
  record Query(String name, List<Col> cols, boolean grouped) {
    String sql() {
      List<String> parts = new ArrayList<>();
      if (grouped) {
        parts.add("g");
      }
      for (Col c : cols) {
        parts.add(c.sql());
      }
      return "SELECT "
          + String.join(", ", parts)
          + " FROM t"
          + (grouped ? " GROUP BY g ORDER BY g" : "");
    }
  }

  static Col c(String alias, String kind, String column) {
    return new Col(alias, kind, column);
  }

  static List<Query> all() {
    Col n = c("n", "count", null);
    Col sx = c("sum_x", "sum", "x");
    Col ax = c("avg_x", "avg", "x");
    Col vx = c("var_x", "var_samp", "x");
    Col dx = c("sd_x", "stddev_samp", "x");
    Col sy = c("sum_y", "sum", "y");
    Col ay = c("avg_y", "avg", "y");
    return List.of(
        new Query("COUNT", List.of(n), false),
        new Query("COUNT+SUM", List.of(n, sx), false),
        new Query("SUM+AVG", List.of(sx, ax), false),
        new Query("COUNT+SUM+AVG", List.of(n, sx, ax), false),
        new Query("VAR+STDDEV", List.of(vx, dx), false),
        new Query("COUNT+SUM+AVG+VAR+STDDEV", List.of(n, sx, ax, vx, dx), false),
        new Query("SUM+AVG far from 0 (y)", List.of(sy, ay), false),
        new Query("COUNT+SUM+AVG of x and y", List.of(n, sx, ax, sy, ay), false),
        new Query("grouped COUNT+SUM+AVG", List.of(n, sx, ax), true),
        new Query("grouped SUM+AVG+VAR", List.of(sx, ax, vx), true));
  }
}
