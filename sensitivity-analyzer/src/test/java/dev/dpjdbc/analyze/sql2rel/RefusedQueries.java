package dev.dpjdbc.analyze.sql2rel;

import java.util.List;

/** Queries the front end must refuse, with their SQLState and a fragment of the message. */
final class RefusedQueries {
  private RefusedQueries() {}

  private static FrontEndCases.Refuse r(
      String id, String sql, String state, String fragment, boolean postgresToo) {
    return new FrontEndCases.Refuse(id, sql, state, fragment, postgresToo);
  }

  static List<FrontEndCases.Refuse> all() {
    return List.of(
        r("delete", "DELETE FROM employees", "42501", "DELETE", false),
        r("update", "UPDATE employees SET salary = 0", "42501", "UPDATE", false),
        r("insert", "INSERT INTO employees (id) VALUES (1)", "42501", "INSERT", false),
        r("drop", "DROP TABLE employees", "42501", "DROP", false),
        r("create", "CREATE TABLE x (a INTEGER)", "42501", "CREATE", false),
        r("set", "SET search_path = hr", "42501", "SET", false),
        r("explain", "EXPLAIN SELECT COUNT(*) FROM employees", "42501", "EXPLAIN", false),
        r(
            "two_statements",
            "SELECT COUNT(*) FROM employees; SELECT 1",
            "42601",
            "one statement",
            false),
        r("syntax", "SELECT COUNT(* FROM employees", "42601", "syntax error", true),
        r(
            "any_array_text",
            "SELECT COUNT(*) FROM employees WHERE region = ANY('{N,S}')",
            "0A000",
            "= ANY over an array",
            false),
        r(
            "any_array_constructor",
            "SELECT COUNT(*) FROM employees WHERE salary <> ALL(ARRAY[1, 2])",
            "0A000",
            "<> ALL over an array",
            false),
        r("misspelt_keyword", "SELEC COUNT(*) FROM employees", "42601", "syntax error", true),
        r("unknown_table", "SELECT COUNT(*) FROM nosuch", "42P01", "relation nosuch does", true),
        r(
            "unknown_schema",
            "SELECT COUNT(*) FROM nosuch.employees",
            "42P01",
            "nosuch.employees",
            true),
        r(
            "unqualified_other_schema",
            "SELECT COUNT(*) FROM payroll",
            "42P01",
            "relation payroll does",
            true),
        r("unknown_column", "SELECT COUNT(nosuch) FROM employees", "42703", "\"nosuch\"", true),
        r("quoted_wrong_case", "SELECT COUNT(\"SALARY\") FROM employees", "42703", "SALARY", true),
        r("unquoted_mixed_case", "SELECT COUNT(kind) FROM \"Events\"", "42703", "\"kind\"", true),
        r(
            "ambiguous_column",
            "SELECT COUNT(id) FROM employees e JOIN departments d ON e.dept_id = d.id",
            "42702",
            "ambiguous",
            true),
        r(
            "user_function",
            "SELECT COUNT(*) FROM employees WHERE my_udf(salary) > 1",
            "42501",
            "my_udf",
            true),
        r(
            "random",
            "SELECT COUNT(*) FROM employees WHERE random() < 0.5",
            "42501",
            "random",
            false),
        r(
            "recursive_cte",
            "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5)"
                + " SELECT COUNT(*) FROM t",
            "0A000",
            "WITH RECURSIVE",
            false),
        r(
            "tablesample",
            "SELECT COUNT(*) FROM employees TABLESAMPLE SYSTEM (10)",
            "0A000",
            "TABLESAMPLE",
            false),
        r(
            "table_function",
            "SELECT COUNT(*) FROM generate_series(1, 10)",
            "0A000",
            "table function",
            false),
        r(
            "cross_database",
            "SELECT COUNT(*) FROM other.public.employees",
            "0A000",
            "cross-database",
            true),
        r("four_part_name", "SELECT COUNT(*) FROM a.b.c.d", "42601", "too many dotted names", true),
        r(
            "cross_database_column",
            "SELECT SUM(other.public.employees.salary) FROM employees",
            "0A000",
            "cross-database",
            true),
        r(
            "five_part_column",
            "SELECT COUNT(a.b.c.d.e) FROM employees",
            "42601",
            "too many dotted names",
            true),
        r(
            "ambiguous_group_alias",
            "SELECT region AS x, remote AS x, COUNT(*) FROM employees GROUP BY x",
            "42702",
            "ambiguous",
            true),
        r(
            "ambiguous_order_alias",
            "SELECT region AS x, remote AS x, COUNT(*) FROM employees GROUP BY region, remote"
                + " ORDER BY x",
            "42702",
            "ambiguous",
            true),
        r(
            "date_trunc_unit",
            "SELECT COUNT(*) FROM employees WHERE date_trunc('fortnight', hired) IS NULL",
            "22023",
            "fortnight",
            true),
        r(
            "interval_mixed",
            "SELECT COUNT(*) FROM orders WHERE placed > now() - INTERVAL '1 year 2 days'",
            "0A000",
            "two intervals",
            false),
        r(
            "interval_gibberish",
            "SELECT COUNT(*) FROM orders WHERE placed > now() - INTERVAL 'soon'",
            "0A000",
            "interval",
            true),
        r(
            "mixed_parameters",
            "SELECT COUNT(*) FROM employees WHERE salary > ? AND age < $1",
            "42601",
            "not both",
            false),
        r(
            "parameter_zero",
            "SELECT COUNT(*) FROM employees WHERE salary > $0",
            "42601",
            "$0",
            true),
        r(
            "untyped_parameter",
            "SELECT COUNT(*) FROM employees WHERE ? = ?",
            "42601",
            "CAST",
            false),
        r(
            "not_grouped",
            "SELECT region, COUNT(*) FROM employees",
            "42803",
            "must appear in the GROUP BY clause",
            true),
        r(
            "group_by_input_column_not_alias",
            "SELECT sex AS educ, COUNT(*) FROM employees GROUP BY educ",
            "42803",
            "must appear in the GROUP BY clause",
            true),
        r(
            "aggregate_in_where",
            "SELECT COUNT(*) FROM employees WHERE COUNT(*) > 1",
            "42601",
            "WHERE",
            true),
        r(
            "type_mismatch",
            "SELECT COUNT(*) FROM employees WHERE salary = DATE '2020-01-01'",
            "42601",
            "'='",
            true),
        r(
            "wrong_argument_count",
            "SELECT COUNT(*) FROM employees WHERE lower(region, 1) = 'n'",
            "42601",
            "LOWER",
            true),
        r(
            "distinct_on",
            "SELECT DISTINCT ON (region) region FROM employees",
            "42601",
            "syntax error",
            false),
        r(
            "limit_expression",
            "SELECT region, COUNT(*) FROM employees GROUP BY region LIMIT 1 + 1",
            "42601",
            "syntax error",
            false),
        r("for_update", "SELECT COUNT(*) FROM employees FOR UPDATE", "42601", "syntax error", true),
        r(
            "deep_nesting",
            "SELECT " + "(".repeat(20000) + "1" + ")".repeat(20000) + " FROM employees",
            "0A000",
            "nested too deeply",
            false));
  }
}
