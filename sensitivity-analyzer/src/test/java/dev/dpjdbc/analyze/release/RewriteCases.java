package dev.dpjdbc.analyze.release;

import java.util.List;

/**
 * The representative queries of the golden rewrites, over the multi-table schema of {@code
 * sql2rel/schema.sql}: joins along foreign keys (one and two hops, another schema), a public
 * dimension, FROM subqueries, CTEs and the BI tools' wrappers, expressions inside and over
 * aggregates, HAVING, FILTER, date arithmetic, GROUP BY with CHECK-IN keys, a time bucket and a
 * public dimension's column as keys, an analyst parameter.
 */
final class RewriteCases {
  private RewriteCases() {}

  /**
   * One query.
   *
   * @param id a short name, the golden file's section title
   * @param what what the query shows
   * @param sql the analyst's SQL
   * @param h2Plain the same query as H2 spells it, for the plain answer on H2 (null: {@code sql})
   * @param parameters values for its {@code ?} (the same ones bind the plain query)
   */
  record Case(String id, String what, String sql, String h2Plain, Object... parameters) {
    Case(String id, String what, String sql, Object... parameters) {
      this(id, what, sql, null, parameters);
    }

    /** This case with the plain query H2 can run (upper-case catalog names, H2's intervals). */
    Case onH2(String plain) {
      return new Case(id, what, sql, plain, parameters);
    }

    @Override
    public String toString() {
      return id;
    }
  }

  /** The policy: departments public; caps the fixture's data stays within. */
  static final String POLICY =
      """
      tables:
        departments: {public: true}
        visits: {max_rows_per_unit: 3, max_groups_per_unit: 4}
        orders: {max_rows_per_unit: 4, max_groups_per_unit: 4}
      """;

  static final List<Case> CASES =
      List.of(
          new Case(
              "join_count",
              "COUNT along a foreign key: visits take the employee as their unit",
              "SELECT COUNT(*) FROM visits v JOIN employees e ON v.employee_id = e.id"),
          new Case(
              "join_sum_by_region",
              "SUM over a foreign-key join, grouped by the parent's CHECK-IN column",
              "SELECT e.region, SUM(v.minutes) AS minutes FROM visits v"
                  + " JOIN employees e ON v.employee_id = e.id GROUP BY e.region"),
          new Case(
              "join_avg_filtered",
              "AVG over a join, filtered on both sides (a date literal)",
              "SELECT AVG(v.minutes) FROM visits v JOIN employees e ON v.employee_id = e.id"
                  + " WHERE e.remote AND v.\"day\" >= DATE '2021-01-01'"),
          new Case(
              "public_dimension",
              "a join with a public dimension table on its primary key",
              "SELECT COUNT(*), SUM(e.salary) FROM employees e"
                  + " JOIN departments d ON e.dept_id = d.id WHERE d.budget > 2000"),
          new Case(
              "customer_orders",
              "orders take their unit along orders.customer_id -> customers.id",
              "SELECT c.region, SUM(o.qty) FROM orders o JOIN customers c ON o.customer_id = c.id"
                  + " GROUP BY c.region"),
          new Case(
              "other_schema",
              "a table of another schema joined along its foreign key",
              "SELECT SUM(p.bonus) FROM hr.payroll p JOIN employees e ON p.employee_id = e.id"
                  + " WHERE e.level >= 3"),
          new Case(
              "product_inside_sum",
              "an expression inside SUM, bounded by interval arithmetic",
              "SELECT SUM(price * qty) AS revenue FROM orders"),
          new Case(
              "case_inside_sum",
              "a CASE of literals inside SUM",
              "SELECT SUM(CASE WHEN remote THEN 1 ELSE 0 END) AS remote_staff FROM employees"),
          new Case("sum_of_one", "SUM(1) is a COUNT", "SELECT SUM(1) FROM visits"),
          new Case(
              "avg_cast_double",
              "AVG of a cast",
              "SELECT AVG(CAST(salary AS DOUBLE PRECISION)) FROM employees"),
          new Case(
              "count_filter",
              "COUNT(*) FILTER (WHERE ...)",
              "SELECT COUNT(*) FILTER (WHERE remote) AS remote, COUNT(*) FILTER (WHERE NOT remote)"
                  + " AS office FROM employees"),
          new Case(
              "clamp_in_query",
              "the analyst's own clamp, as ZetaSQL's CLAMPED BETWEEN",
              "SELECT SUM(LEAST(GREATEST(minutes, 0), 300)) FROM visits"),
          new Case(
                  "over_aggregates",
                  "expressions over aggregates (post-processing)",
                  "SELECT ROUND(AVG(salary)) AS mean, SUM(salary) / COUNT(*) AS ratio,"
                      + " SUM(minutes) / 60.0 AS hours FROM employees e"
                      + " JOIN visits v ON v.employee_id = e.id")
              .onH2( // H2 divides decimals at a smaller scale than PostgreSQL
                  "SELECT ROUND(AVG(salary)), SUM(salary) / COUNT(*),"
                      + " CAST(SUM(minutes) AS DOUBLE PRECISION) / 60.0 FROM employees e"
                      + " JOIN visits v ON v.employee_id = e.id"),
          new Case(
              "having_order",
              "HAVING and ORDER BY an alias (post-processing)",
              "SELECT region, COUNT(*) AS n FROM employees GROUP BY region HAVING COUNT(*) > 5"
                  + " ORDER BY n DESC, region"),
          new Case(
              "group_by_alias_position",
              "GROUP BY an output alias, ORDER BY a position",
              "SELECT level AS lvl, AVG(age) FROM employees GROUP BY lvl ORDER BY 1"),
          new Case(
              "nullable_key",
              "a nullable CHECK-IN key: the NULL group is a group",
              "SELECT sex, COUNT(*) FROM employees GROUP BY sex"),
          new Case(
              "two_keys",
              "two keys with public domains",
              "SELECT region, remote, SUM(salary) FROM employees GROUP BY region, remote"),
          new Case(
                  "interval_literal",
                  "date arithmetic with an INTERVAL literal",
                  "SELECT COUNT(*) FROM employees"
                      + " WHERE hired >= DATE '2025-12-31' - INTERVAL '5 years'")
              .onH2(
                  "SELECT COUNT(*) FROM employees"
                      + " WHERE hired >= DATE '2025-12-31' - INTERVAL '5' YEAR"),
          new Case(
                  "interval_units",
                  "intervals in months and hours on a TIMESTAMP column",
                  "SELECT COUNT(*), AVG(qty) FROM orders WHERE placed"
                      + " >= TIMESTAMP '2024-06-01 00:00:00' - INTERVAL '3' MONTH - INTERVAL '36 hours'")
              .onH2(
                  "SELECT COUNT(*), AVG(CAST(qty AS DOUBLE PRECISION)) FROM orders WHERE placed"
                      + " >= TIMESTAMP '2024-06-01 00:00:00' - INTERVAL '3' MONTH"
                      + " - INTERVAL '36' HOUR"),
          new Case(
              "current_date",
              "CURRENT_DATE arithmetic and EXTRACT in WHERE",
              "SELECT COUNT(*) FROM visits WHERE \"day\" < CURRENT_DATE - 30"
                  + " AND EXTRACT(YEAR FROM \"day\") >= 2021"),
          new Case(
                  "metabase",
                  "Metabase's wrapper around a question",
                  "SELECT \"source\".\"region\" AS \"region\", \"source\".\"count\" AS \"count\" FROM"
                      + " (SELECT \"public\".\"employees\".\"region\" AS \"region\", count(*) AS"
                      + " \"count\" FROM \"public\".\"employees\" GROUP BY"
                      + " \"public\".\"employees\".\"region\" ORDER BY"
                      + " \"public\".\"employees\".\"region\" ASC) AS \"source\" LIMIT 1048575")
              .onH2("SELECT region, COUNT(*) FROM employees GROUP BY region"),
          new Case(
              "superset",
              "Superset's virtual dataset",
              "SELECT region AS region, SUM(salary) AS \"SUM(salary)\" FROM (SELECT * FROM"
                  + " employees WHERE age > 30) AS virtual_table GROUP BY region LIMIT 1000"),
          new Case(
                  "tableau",
                  "Tableau's custom SQL query",
                  "SELECT SUM(\"Custom SQL Query\".\"salary\") AS \"sum:salary:ok\" FROM (SELECT"
                      + " salary, region FROM employees) \"Custom SQL Query\" WHERE"
                      + " (\"Custom SQL Query\".\"region\" IN ('N', 'S'))")
              .onH2("SELECT SUM(salary) FROM employees WHERE region IN ('N', 'S')"),
          new Case(
              "dbeaver",
              "DBeaver's row count of a join",
              "SELECT COUNT(*) FROM (SELECT e.id FROM employees e"
                  + " JOIN visits v ON v.employee_id = e.id) dbvrcnt"),
          new Case(
              "cte",
              "a CTE that filters a private table",
              "WITH remote_staff AS (SELECT * FROM employees WHERE remote)"
                  + " SELECT level, AVG(salary) FROM remote_staff GROUP BY level"),
          new Case(
              "parameter",
              "an analyst's ? parameter",
              "SELECT COUNT(*), AVG(minutes) FROM visits WHERE minutes > ?",
              100),
          new Case(
              "time_bucket",
              "Metabase's month bucket of a CHECK-bounded DATE: a derived domain of 72 months"
                  + " (the truncation of a date is emitted over CAST(d AS TIMESTAMP))",
              "SELECT CAST(DATE_TRUNC('month', v.\"day\") AS date) AS m, COUNT(*) FROM visits v"
                  + " GROUP BY CAST(DATE_TRUNC('month', v.\"day\") AS date)"),
          new Case(
              "public_dimension_key",
              "a column of the public dimension as the key: its distinct values are the domain",
              "SELECT d.name, COUNT(*) FROM employees e JOIN departments d ON d.id = e.dept_id"
                  + " GROUP BY d.name"),
          new Case(
              "variance",
              "STDDEV over a join",
              "SELECT STDDEV_POP(v.minutes) FROM visits v JOIN employees e"
                  + " ON v.employee_id = e.id"));
}
