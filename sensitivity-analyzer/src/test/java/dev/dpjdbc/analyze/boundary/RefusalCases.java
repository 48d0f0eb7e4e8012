package dev.dpjdbc.analyze.boundary;

import java.util.List;

/** Queries the boundary refuses, with the SQLState and a fragment of the message. */
final class RefusalCases {
  private RefusalCases() {}

  record Refuse(String id, String sql, String state, String fragment) {
    @Override
    public String toString() {
      return id;
    }
  }

  private static final String PRIV = "42501";
  private static final String UNSUPPORTED = "0A000";
  private static final String NO_UNIT = "ZD002";

  private static Refuse r(String id, String sql, String state, String fragment) {
    return new Refuse(id, sql, state, fragment);
  }

  static List<Refuse> all() {
    return List.of(
        // row-level output
        r("select_star", "SELECT * FROM employees", PRIV, "rows of private data"),
        r("select_where_id", "SELECT salary FROM employees WHERE id = 1", PRIV, "rows of private"),
        r("per_unit", "SELECT id, COUNT(*) FROM employees GROUP BY id", PRIV, "per privacy unit"),
        r(
            "metabase_rows",
            "SELECT \"source\".* FROM (SELECT * FROM employees) AS \"source\" LIMIT 1048575",
            PRIV,
            "rows of private data"),
        r("tableau_rows", "SELECT * FROM employees WHERE (1 = 0)", PRIV, "rows of private"),
        r("limit_rows", "SELECT * FROM visits LIMIT 10", PRIV, "rows of private data"),
        r(
            "private_join_public_rows",
            "SELECT d.name, e.salary FROM employees e JOIN departments d ON e.dept_id = d.id",
            PRIV,
            "rows of private"),
        // private rows meet released ones, unit lost
        r(
            "superset_rows",
            "SELECT salary AS salary FROM (SELECT * FROM employees) AS virtual_table"
                + " LIMIT 10000",
            PRIV,
            "rows of private data"),
        r(
            "metabase_rows_window",
            "SELECT \"source\".* FROM (SELECT id, SUM(salary) OVER () AS s FROM employees)"
                + " AS \"source\" LIMIT 1048575",
            PRIV,
            "window function"),
        r(
            "union_aggregate_rows",
            "SELECT COUNT(*) FROM employees UNION ALL SELECT salary FROM employees",
            PRIV,
            "UNION combines released aggregates with private rows"),
        r(
            "join_released_private",
            "SELECT e.salary, t.n FROM employees e JOIN (SELECT dept_id, COUNT(*) AS n"
                + " FROM employees GROUP BY dept_id) t ON t.dept_id = e.dept_id",
            PRIV,
            "at an inner join: the join combines released aggregates with private rows"),
        r(
            "scalar_subquery_where",
            "SELECT COUNT(*) FROM employees WHERE salary > (SELECT AVG(salary) FROM employees)",
            PRIV,
            "combines released aggregates with private rows"),
        r(
            // visits' unit is employee_id: the subquery is a per-employee sum, output per person
            "correlated_scalar_private",
            "SELECT e.id, (SELECT SUM(minutes) FROM visits v WHERE v.employee_id = e.id)"
                + " FROM employees e",
            PRIV,
            "aggregates per privacy unit"),
        // the unit of order_notes is in orders: alone, no rewrite can bound rows per customer
        r(
            "unit_only_through_a_join",
            "SELECT COUNT(*) FROM order_notes WHERE stars > 3",
            NO_UNIT,
            "join orders ON order_notes.order_id = orders.id to reach it"),
        r(
            "self_join_common_value",
            "SELECT COUNT(*) FROM employees a JOIN employees b ON a.age = b.age",
            PRIV,
            "neither on the privacy unit nor along a foreign key"),
        r(
            "limit_below_aggregate",
            "SELECT SUM(salary) FROM (SELECT salary FROM employees ORDER BY salary LIMIT 10) t",
            PRIV,
            "LIMIT/OFFSET over private rows"),
        r(
            "lateral_limit",
            "SELECT COUNT(*) FROM departments d, LATERAL (SELECT salary FROM employees e"
                + " WHERE e.dept_id = d.id ORDER BY salary LIMIT 1) t",
            PRIV,
            "LIMIT/OFFSET over private rows"),
        r(
            "having_public_subquery",
            "SELECT region, COUNT(*) FROM employees GROUP BY region"
                + " HAVING COUNT(*) > (SELECT COUNT(*) FROM departments)",
            UNSUPPORTED,
            "over the result of an aggregate over private data is not supported yet"),
        r("window", "SELECT SUM(salary) OVER () FROM employees", PRIV, "rows of private data"),
        r(
            "union_public_private",
            "SELECT name FROM departments UNION SELECT region FROM employees",
            PRIV,
            "UNION of private and public rows"),
        // more than one boundary, operators above it
        r(
            "union_two_aggregates",
            "SELECT COUNT(*) FROM employees UNION ALL SELECT COUNT(*) FROM visits",
            UNSUPPORTED,
            "one aggregate over private data per query for now"),
        r(
            "cross_join_two_aggregates",
            "SELECT * FROM (SELECT COUNT(*) FROM employees) a, (SELECT SUM(minutes) FROM visits) b",
            UNSUPPORTED,
            "one aggregate over private data per query for now"),
        r(
            "in_subquery_private_filters_public",
            "SELECT COUNT(*) FROM departments d"
                + " WHERE d.id IN (SELECT dept_id FROM employees WHERE salary > 199000)",
            PRIV,
            "an IN/EXISTS subquery"),
        r(
            "avg_distinct",
            "SELECT AVG(DISTINCT age) FROM employees",
            UNSUPPORTED,
            "Write AVG(x) over every row, or COUNT(DISTINCT x)"),
        r(
            "count_distinct_two_columns",
            "SELECT COUNT(DISTINCT region, level) FROM employees",
            UNSUPPORTED,
            "count one column"),
        r(
            "join_aggregate_dimension",
            "SELECT d.name, t.n FROM departments d JOIN (SELECT dept_id, COUNT(*) AS n"
                + " FROM employees GROUP BY dept_id) t ON t.dept_id = d.id",
            UNSUPPORTED,
            "GROUP BY d.name"),
        r(
            "correlated_scalar_public_outer",
            "SELECT d.name, (SELECT COUNT(*) FROM employees e WHERE e.dept_id = d.id)"
                + " FROM departments d",
            UNSUPPORTED,
            "over the result of an aggregate over private data is not supported yet"),
        // aggregate functions and grouping
        r(
            "string_agg",
            "SELECT STRING_AGG(region, ',') FROM employees",
            PRIV,
            "releases the stored values themselves"),
        r(
            "sum_distinct",
            "SELECT SUM(DISTINCT salary) FROM employees",
            UNSUPPORTED,
            "SUM(DISTINCT ...)"),
        r(
            "rollup",
            "SELECT region, COUNT(*) FROM employees GROUP BY ROLLUP (region)",
            UNSUPPORTED,
            "ROLLUP"),
        r("bit_and", "SELECT BIT_AND(level) FROM employees", UNSUPPORTED, "BIT_AND"));
  }
}
