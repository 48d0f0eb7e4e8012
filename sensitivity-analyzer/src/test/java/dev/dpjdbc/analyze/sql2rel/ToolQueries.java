package dev.dpjdbc.analyze.sql2rel;

import java.util.List;

/**
 * Queries that must convert: joins, subqueries, CTEs, the BI tools' wrappers, names, parameters,
 * and shapes the privacy analysis judges.
 */
final class ToolQueries {
  private ToolQueries() {}

  private static FrontEndCases.Convert c(String id, String sql, Object... params) {
    return new FrontEndCases.Convert(id, sql, List.of(params));
  }

  static List<FrontEndCases.Convert> all() {
    return List.of(
        // joins
        c(
            "join_fk_public",
            "SELECT d.name, COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id"
                + " GROUP BY d.name"),
        c(
            "join_fk_private",
            "SELECT COUNT(*), SUM(v.minutes) FROM visits v JOIN employees e"
                + " ON v.employee_id = e.id WHERE e.remote"),
        c(
            "join_multi_hop",
            "SELECT d.name, SUM(v.minutes) FROM visits v JOIN employees e ON v.employee_id = e.id"
                + " JOIN departments d ON e.dept_id = d.id GROUP BY d.name"),
        c(
            "join_orders_customers",
            "SELECT c.region, SUM(o.price * o.qty) FROM orders o JOIN customers c"
                + " ON o.customer_id = c.id GROUP BY c.region"),
        c(
            "join_comma_where",
            "SELECT COUNT(*) FROM employees e, departments d"
                + " WHERE e.dept_id = d.id AND d.budget > 1000"),
        c(
            "join_using_other_schema",
            "SELECT COUNT(*) FROM visits JOIN hr.payroll USING (employee_id)"),
        c(
            "left_join_public_first",
            "SELECT d.name, COUNT(e.id) FROM departments d LEFT JOIN employees e"
                + " ON e.dept_id = d.id GROUP BY d.name"),
        c(
            "join_aggregated_subquery",
            "SELECT d.name, t.n FROM departments d JOIN (SELECT dept_id, COUNT(*) AS n"
                + " FROM employees GROUP BY dept_id) t ON t.dept_id = d.id"),
        c(
            "in_subquery",
            "SELECT COUNT(*) FROM employees"
                + " WHERE dept_id IN (SELECT id FROM departments WHERE budget > 1000)"),
        c(
            "not_in_subquery",
            "SELECT COUNT(*) FROM employees"
                + " WHERE dept_id NOT IN (SELECT id FROM departments WHERE budget < 100)"),
        c(
            "exists_correlated",
            "SELECT COUNT(*) FROM employees e WHERE EXISTS (SELECT 1 FROM visits v"
                + " WHERE v.employee_id = e.id AND v.minutes > 300)"),
        c(
            "scalar_subquery_correlated",
            "SELECT d.name, (SELECT COUNT(*) FROM employees e WHERE e.dept_id = d.id)"
                + " FROM departments d"),
        // subqueries in FROM and CTEs
        c("from_subquery", "SELECT COUNT(*) FROM (SELECT * FROM employees WHERE salary > 50000) t"),
        c(
            "from_subquery_expression",
            "SELECT AVG(t.total) FROM (SELECT salary + 1000 AS total FROM employees) t"),
        c(
            "cte_simple",
            "WITH t AS (SELECT * FROM employees WHERE remote)"
                + " SELECT region, COUNT(*) FROM t GROUP BY region"),
        c(
            "cte_two_joined",
            "WITH a AS (SELECT id FROM employees WHERE remote),"
                + " b AS (SELECT employee_id, minutes FROM visits)"
                + " SELECT SUM(b.minutes) FROM a JOIN b ON a.id = b.employee_id"),
        c(
            "cte_column_list",
            "WITH t(r, s) AS (SELECT region, salary FROM employees) SELECT r, SUM(s) FROM t"
                + " GROUP BY r"),
        c(
            "wrapper_over_two_counts",
            "SELECT * FROM (SELECT COUNT(*), COUNT(age) FROM employees) t"),
        // BI tools
        c(
            "metabase_source_star",
            "SELECT \"source\".* FROM (SELECT region, COUNT(*) AS \"count\" FROM employees"
                + " GROUP BY region) AS \"source\" LIMIT 1048575"),
        c(
            "metabase_derived_name",
            "SELECT \"source\".\"count\" FROM (SELECT region, COUNT(*) FROM employees"
                + " GROUP BY region) \"source\" LIMIT 1048575"),
        c(
            "metabase_gui",
            "SELECT \"public\".\"employees\".\"region\" AS \"region\", count(*) AS \"count\""
                + " FROM \"public\".\"employees\" GROUP BY \"public\".\"employees\".\"region\""
                + " ORDER BY \"public\".\"employees\".\"region\" ASC"),
        c(
            "metabase_month_bucket",
            "SELECT CAST(date_trunc('month', \"public\".\"orders\".\"placed\") AS timestamp)"
                + " AS \"placed\", sum(\"public\".\"orders\".\"qty\") AS \"sum\""
                + " FROM \"public\".\"orders\""
                + " GROUP BY CAST(date_trunc('month', \"public\".\"orders\".\"placed\") AS timestamp)"
                + " ORDER BY CAST(date_trunc('month', \"public\".\"orders\".\"placed\")"
                + " AS timestamp) ASC"),
        c(
            "tableau_probe",
            "SELECT * FROM (SELECT region, COUNT(*) FROM employees GROUP BY region)"
                + " \"Custom SQL Query\" WHERE (1 = 0)"),
        c(
            "tableau_outer_aggregate",
            "SELECT \"Custom SQL Query\".\"region\" AS \"region\","
                + " SUM(\"Custom SQL Query\".\"n\") AS \"sum:n:ok\" FROM (SELECT region,"
                + " COUNT(*) AS n FROM employees GROUP BY region) \"Custom SQL Query\" GROUP BY 1"),
        c(
            "tableau_having_count",
            "SELECT SUM(1) AS \"cnt:employees:ok\" FROM \"public\".\"employees\" \"employees\""
                + " HAVING (COUNT(1) > 0)"),
        c(
            "superset_virtual_table",
            "SELECT region AS region, COUNT(*) AS count FROM (SELECT * FROM employees"
                + " WHERE remote) AS virtual_table GROUP BY region ORDER BY count DESC"
                + " LIMIT 10000"),
        c(
            "superset_time_column",
            "SELECT DATE_TRUNC('month', hired) AS hired, AVG(salary) AS \"AVG(salary)\""
                + " FROM (SELECT * FROM employees) AS virtual_table"
                + " GROUP BY DATE_TRUNC('month', hired) LIMIT 1000"),
        c(
            "dbeaver_count",
            "SELECT COUNT(*) FROM (SELECT region, COUNT(*) FROM employees GROUP BY region)"
                + " dbvrcnt"),
        c(
            "dbeaver_count_join",
            "SELECT COUNT(*) FROM (SELECT e.region, d.name FROM employees e JOIN departments d"
                + " ON e.dept_id = d.id) dbvrcnt"),
        c(
            "grafana_time_filter",
            "SELECT date_trunc('day', placed) AS \"time\", SUM(price * qty) AS revenue"
                + " FROM orders WHERE placed BETWEEN '2024-01-01T00:00:00Z'"
                + " AND '2024-02-01T00:00:00Z' GROUP BY 1 ORDER BY 1"),
        c(
            "grafana_epoch_group",
            "SELECT floor(extract(epoch from placed)/3600)*3600 AS \"time\", COUNT(*)"
                + " FROM orders GROUP BY 1 ORDER BY 1"),
        c(
            "grafana_unix_epoch_filter",
            "SELECT placed AS \"time\", qty FROM orders"
                + " WHERE placed >= to_timestamp(1577836800) AND placed <= to_timestamp(1735689600)"
                + " ORDER BY 1"),
        c(
            "metabase_timestamptz_filter",
            "SELECT count(*) AS \"count\" FROM \"public\".\"orders\""
                + " WHERE (\"public\".\"orders\".\"placed\""
                + " >= timestamp with time zone '2021-01-01 00:00:00.000Z'"
                + " AND \"public\".\"orders\".\"placed\""
                + " < timestamp with time zone '2022-01-01 00:00:00.000Z')"),
        c(
            "metabase_relative_days",
            "SELECT count(*) AS \"count\" FROM \"public\".\"orders\""
                + " WHERE \"public\".\"orders\".\"placed\""
                + " >= CAST((CAST(now() AS date) + INTERVAL '-30 day') AS date)"),
        c(
            "metabase_week_bucket",
            "SELECT (date_trunc('week', (\"public\".\"orders\".\"placed\" + INTERVAL '1 day'))"
                + " + INTERVAL '-1 day') AS \"placed\", count(*) AS \"count\""
                + " FROM \"public\".\"orders\" GROUP BY (date_trunc('week',"
                + " (\"public\".\"orders\".\"placed\" + INTERVAL '1 day')) + INTERVAL '-1 day')"
                + " ORDER BY (date_trunc('week', (\"public\".\"orders\".\"placed\""
                + " + INTERVAL '1 day')) + INTERVAL '-1 day') ASC"),
        c(
            "tableau_year_records",
            "SELECT CAST(EXTRACT(YEAR FROM \"orders\".\"placed\") AS INTEGER) AS \"yr:placed:ok\","
                + " SUM(CAST(1 AS BIGINT)) AS \"sum:Number of Records:ok\""
                + " FROM \"public\".\"orders\" \"orders\" GROUP BY 1"),
        c(
            "superset_to_timestamp_filter",
            "SELECT DATE_TRUNC('day', placed) AS __timestamp, COUNT(*) AS count FROM orders"
                + " WHERE placed >= TO_TIMESTAMP('2021-01-01 00:00:00.000000',"
                + " 'YYYY-MM-DD HH24:MI:SS.US') GROUP BY DATE_TRUNC('day', placed) LIMIT 10000"),
        c(
            "grafana_epoch_time_column",
            "SELECT extract(epoch from placed) AS \"time\", qty AS \"value\" FROM orders"
                + " WHERE placed BETWEEN '2021-01-01T00:00:00Z' AND '2021-06-01T00:00:00Z'"
                + " ORDER BY 1"),
        // names
        c("schema_qualified", "SELECT COUNT(*) FROM public.employees"),
        c("three_part_name", "SELECT COUNT(*) FROM {db}.public.employees"),
        c(
            "four_part_column",
            "SELECT SUM({db}.public.employees.salary) FROM {db}.public.employees"),
        c(
            "three_part_column_over_three_part_table",
            "SELECT public.employees.region, COUNT(*) FROM {db}.public.employees"
                + " GROUP BY public.employees.region"),
        c("three_part_name_upper_case", "SELECT COUNT(*) FROM {DB}.PUBLIC.EMPLOYEES"),
        c("other_schema", "SELECT SUM(bonus) FROM hr.payroll"),
        c("quoted_mixed_case", "SELECT \"Kind\", COUNT(*) FROM \"Events\" GROUP BY \"Kind\""),
        c("quoted_lower_table", "SELECT COUNT(*) FROM \"employees\""),
        c("unquoted_upper_case", "SELECT COUNT(*) FROM EMPLOYEES WHERE SALARY > 10"),
        // parameters
        c(
            "params_question",
            "SELECT COUNT(*) FROM employees WHERE salary > ? AND region = ?",
            50000,
            "N"),
        c(
            "params_dollar",
            "SELECT COUNT(*) FROM employees WHERE salary > $1 AND age < $2",
            50000,
            40),
        c(
            "params_dollar_reordered",
            "SELECT COUNT(*) FROM employees WHERE age < $2 AND salary > $1",
            50000,
            40),
        c(
            "params_dollar_repeated",
            "SELECT COUNT(*) FROM employees WHERE age > $1 OR educ > $1",
            10),
        c(
            "limit_param",
            "SELECT region, COUNT(*) FROM employees GROUP BY region ORDER BY region LIMIT ?",
            2),
        c(
            "limit_offset_dollar",
            "SELECT region, COUNT(*) FROM employees GROUP BY region ORDER BY region"
                + " LIMIT $1 OFFSET $2",
            2,
            1),
        c(
            "param_in_having",
            "SELECT region, COUNT(*) FROM employees GROUP BY region HAVING COUNT(*) > ?",
            1),
        c("param_over_aggregate", "SELECT COUNT(*) * ? FROM employees", 2),
        c(
            "param_interval_arithmetic",
            "SELECT COUNT(*) FROM employees WHERE hired > CAST(? AS DATE) - 30",
            "2024-01-01"),
        // shapes the privacy analysis judges (the front end converts them)
        c("union_all", "SELECT COUNT(*) FROM employees UNION ALL SELECT COUNT(*) FROM visits"),
        c("row_level", "SELECT region, salary FROM employees WHERE salary > 100000"));
  }
}
