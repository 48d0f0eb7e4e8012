package dev.dpjdbc.analyze.sql2rel;

import java.util.List;

/**
 * The queries of the front-end tests: what must convert (with its golden plan in {@code
 * sql2rel/plans.txt}, keyed by id) and what must be refused (with its SQLState). {@code {db}}
 * stands for the connection's database name. Parameters are the values the PostgreSQL oracle binds.
 */
final class FrontEndCases {
  private FrontEndCases() {}

  /** A query that must convert. */
  record Convert(String id, String sql, List<Object> params) {
    @Override
    public String toString() {
      return id;
    }
  }

  /**
   * A query that must be refused.
   *
   * @param postgresToo PostgreSQL refuses it as well (the oracle checks that it does)
   */
  record Refuse(String id, String sql, String state, String fragment, boolean postgresToo) {
    @Override
    public String toString() {
      return id;
    }
  }

  private static Convert c(String id, String sql, Object... params) {
    return new Convert(id, sql, List.of(params));
  }

  private static Refuse r(String id, String sql, String state, String fragment, boolean pg) {
    return new Refuse(id, sql, state, fragment, pg);
  }

  static List<Convert> converts() {
    return List.of(
        // aggregates, expressions inside and over them
        c("count_star", "SELECT COUNT(*) FROM employees"),
        c("count_sum_avg", "SELECT COUNT(*), SUM(salary), AVG(salary) FROM employees"),
        c("count_column_min_max", "SELECT COUNT(age), MIN(age), MAX(age) FROM employees"),
        c(
            "variance_family",
            "SELECT STDDEV(salary), VARIANCE(salary), VAR_POP(salary) FROM employees"),
        c("sum_one", "SELECT SUM(1) FROM employees"),
        c("sum_case", "SELECT SUM(CASE WHEN remote THEN 1 ELSE 0 END) FROM employees"),
        c("sum_product", "SELECT SUM(price * qty) FROM orders"),
        c("avg_cast_double", "SELECT AVG(CAST(salary AS DOUBLE PRECISION)) FROM employees"),
        c("avg_pg_cast", "SELECT AVG(salary::float8) FROM employees"),
        c("sum_coalesce", "SELECT SUM(COALESCE(age, 0)) FROM employees"),
        c("avg_nullif_abs", "SELECT AVG(NULLIF(age, 0)), SUM(ABS(salary - 50000)) FROM employees"),
        c("clamp_least_greatest", "SELECT SUM(LEAST(GREATEST(salary, 0), 100000)) FROM employees"),
        c(
            "clamp_case",
            "SELECT SUM(CASE WHEN salary > 100000 THEN 100000 WHEN salary < 0 THEN 0"
                + " ELSE salary END) FROM employees"),
        c(
            "count_filter",
            "SELECT COUNT(*) FILTER (WHERE remote), COUNT(*) FILTER (WHERE NOT remote)"
                + " FROM employees"),
        c("count_distinct", "SELECT COUNT(DISTINCT dept_id) FROM employees"),
        c(
            "percentile_cont",
            "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY salary) FROM employees"),
        c("round_avg", "SELECT ROUND(AVG(salary)), ROUND(AVG(salary), 2) FROM employees"),
        c("avg_times_two", "SELECT AVG(salary) * 2 FROM employees"),
        c("sum_over_count", "SELECT SUM(salary) / COUNT(*) FROM employees"),
        c("floor_avg", "SELECT FLOOR(AVG(age)) FROM employees"),
        c("two_counts_named_alike", "SELECT COUNT(*), COUNT(age) FROM employees"),
        // GROUP BY, HAVING, ORDER BY, LIMIT
        c("group_region", "SELECT region, COUNT(*) FROM employees GROUP BY region"),
        c("group_two", "SELECT region, remote, AVG(salary) FROM employees GROUP BY region, remote"),
        c("group_alias", "SELECT region AS area, COUNT(*) FROM employees GROUP BY area"),
        c(
            "group_input_beats_alias",
            "SELECT sex AS gender, educ AS sex, COUNT(*) FROM employees GROUP BY sex, educ"),
        c("group_position", "SELECT level, region, COUNT(*) FROM employees GROUP BY 2, 1"),
        c(
            "group_expression",
            "SELECT EXTRACT(YEAR FROM hired), COUNT(*) FROM employees"
                + " GROUP BY EXTRACT(YEAR FROM hired)"),
        c(
            "group_cast_position",
            "SELECT CAST(level AS VARCHAR(10)), COUNT(*) FROM employees GROUP BY 1"),
        c(
            "group_rollup",
            "SELECT region, remote, COUNT(*) FROM employees GROUP BY ROLLUP(region, remote)"),
        c("distinct_keys", "SELECT DISTINCT region FROM employees"),
        c(
            "having_count",
            "SELECT region, COUNT(*) FROM employees GROUP BY region HAVING COUNT(*) > 2"),
        c(
            "having_avg_and_key",
            "SELECT dept_id, AVG(salary) FROM employees GROUP BY dept_id"
                + " HAVING AVG(salary) > 50000 AND COUNT(*) >= 2 AND dept_id <> 3"),
        c(
            "having_input_column",
            "SELECT level AS region, COUNT(*) FROM employees GROUP BY region, level"
                + " HAVING region <> 'N'"),
        c(
            "order_alias",
            "SELECT region AS r, COUNT(*) AS n FROM employees GROUP BY region ORDER BY n DESC"),
        c("order_position", "SELECT region, COUNT(*) FROM employees GROUP BY 1 ORDER BY 2 DESC, 1"),
        c(
            "order_derived_name",
            "SELECT region, COUNT(*) FROM employees GROUP BY region ORDER BY count DESC"),
        c(
            "order_expression_input_column",
            "SELECT sex AS educ, COUNT(*) FROM employees GROUP BY sex, educ ORDER BY educ + 0, 1"),
        c(
            "limit_offset",
            "SELECT region, COUNT(*) FROM employees GROUP BY region ORDER BY region"
                + " LIMIT 2 OFFSET 1"),
        c(
            "fetch_first",
            "SELECT region, COUNT(*) FROM employees GROUP BY region FETCH FIRST 3 ROWS ONLY"),
        // WHERE
        c(
            "where_and_or",
            "SELECT COUNT(*) FROM employees WHERE salary > 50000 AND (age < 30 OR remote)"),
        c("where_in_list", "SELECT COUNT(*) FROM employees WHERE region IN ('N', 'S')"),
        c(
            "where_long_in_list",
            "SELECT COUNT(*) FROM employees WHERE educ IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,"
                + " 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25)"),
        c("where_between", "SELECT COUNT(*) FROM employees WHERE age BETWEEN 20 AND 40"),
        c("where_like", "SELECT COUNT(*) FROM employees WHERE region LIKE 'N%'"),
        c("where_ilike", "SELECT COUNT(*) FROM employees WHERE region ILIKE 'n%'"),
        c("where_is_null", "SELECT COUNT(*) FROM employees WHERE sex IS NULL"),
        c("where_distinct_from", "SELECT COUNT(*) FROM employees WHERE sex IS DISTINCT FROM 'F'"),
        c("where_not_boolean", "SELECT COUNT(*) FROM employees WHERE NOT remote"),
        c(
            "string_functions",
            "SELECT lower(region), COUNT(*) FROM employees WHERE upper(region) <> 'X'"
                + " AND char_length(region) = 1 GROUP BY lower(region)"),
        c("concat", "SELECT COUNT(*) FROM employees WHERE region || 'x' = 'Nx'"),
        // dates and times
        c(
            "current_date_minus_days",
            "SELECT COUNT(*) FROM employees WHERE hired > CURRENT_DATE - 30"),
        c("date_plus_days", "SELECT COUNT(*) FROM employees WHERE hired + 30 < CURRENT_DATE"),
        c("date_minus_date", "SELECT AVG(CURRENT_DATE - hired) FROM employees"),
        c(
            "now_minus_pg_interval",
            "SELECT COUNT(*) FROM orders WHERE placed > now() - INTERVAL '5 years'"),
        c(
            "standard_interval",
            "SELECT COUNT(*) FROM orders WHERE placed > CURRENT_TIMESTAMP - INTERVAL '5' YEAR"),
        c(
            "interval_days",
            "SELECT COUNT(*) FROM employees WHERE hired >= CURRENT_DATE - INTERVAL '365 days'"),
        c(
            "interval_compound",
            "SELECT COUNT(*) FROM orders"
                + " WHERE placed >= TIMESTAMP '2024-01-01 00:00:00' + INTERVAL '1 day 12 hours'"),
        c(
            "interval_ago",
            "SELECT COUNT(*) FROM orders WHERE placed > now() + INTERVAL '3 months ago'"),
        c(
            "to_timestamp_epoch",
            "SELECT COUNT(*) FROM orders WHERE placed > to_timestamp(1600000000)"),
        c(
            "to_timestamp_format",
            "SELECT COUNT(*) FROM orders WHERE placed > to_timestamp('2021-06-01', 'YYYY-MM-DD')"),
        c(
            "date_trunc_where",
            "SELECT COUNT(*) FROM orders"
                + " WHERE date_trunc('year', placed) = TIMESTAMP '2023-01-01 00:00:00'"),
        c("extract_where", "SELECT COUNT(*) FROM employees WHERE EXTRACT(YEAR FROM hired) = 2020"),
        c("extract_dow", "SELECT COUNT(*) FROM visits WHERE EXTRACT(DOW FROM \"day\") IN (0, 6)"),
        c("date_string", "SELECT COUNT(*) FROM employees WHERE hired >= '2020-01-01'"),
        c("date_pg_cast", "SELECT COUNT(*) FROM employees WHERE hired >= '2020-01-01'::date"),
        c("date_part_group", "SELECT date_part('year', hired), COUNT(*) FROM employees GROUP BY 1"),
        c(
            "date_trunc_group",
            "SELECT date_trunc('month', hired), COUNT(*) FROM employees GROUP BY 1 ORDER BY 1"),
        c(
            "unquoted_day_column",
            "SELECT day, SUM(minutes) FROM visits WHERE day > CURRENT_DATE - INTERVAL '2 years'"
                + " GROUP BY day"),
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

  static List<Refuse> refusals() {
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
            "42703",
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
        r("not_grouped", "SELECT region, COUNT(*) FROM employees", "42601", "grouped", true),
        r(
            "group_by_input_column_not_alias",
            "SELECT sex AS educ, COUNT(*) FROM employees GROUP BY educ",
            "42601",
            "grouped",
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
