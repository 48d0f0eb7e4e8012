package dev.dpjdbc.analyze.sql2rel;

import java.util.List;

/**
 * Analyst queries that must convert: aggregates and expressions in and over them, GROUP BY, HAVING,
 * ORDER BY, LIMIT, WHERE, dates and times.
 */
final class AnalystQueries {
  private AnalystQueries() {}

  private static FrontEndCases.Convert c(String id, String sql, Object... params) {
    return new FrontEndCases.Convert(id, sql, List.of(params));
  }

  static List<FrontEndCases.Convert> all() {
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
            "group_alias_of_expression",
            "SELECT EXTRACT(YEAR FROM hired) AS y, COUNT(*) FROM employees GROUP BY y ORDER BY y"),
        c(
            "order_output_name_beats_input",
            "SELECT sex AS gender, educ AS sex, COUNT(*) FROM employees GROUP BY sex, educ"
                + " ORDER BY sex DESC, gender"),
        c(
            "order_alias_and_position",
            "SELECT region AS r, COUNT(*) AS n FROM employees GROUP BY r ORDER BY n DESC, 1"),
        c(
            "order_input_column_not_output",
            "SELECT sex AS gender, COUNT(*) FROM employees GROUP BY sex ORDER BY sex"),
        c(
            "order_duplicate_alias_same_expression",
            "SELECT region AS x, region AS x, COUNT(*) FROM employees GROUP BY region ORDER BY x"),
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
                + " GROUP BY day"));
  }
}
