package dev.dpjdbc.analyze.boundary;

import java.util.List;

/** Queries that split: the expected {@link Boundary#toString()} of each. */
final class SplitCases {
  private SplitCases() {}

  record Split(String id, String sql, String expected) {
    @Override
    public String toString() {
      return id;
    }
  }

  private static Split s(String id, String sql, String expected) {
    return new Split(id, sql, expected);
  }

  static List<Split> all() {
    return List.of(
        // plain aggregates
        s("count_star", "SELECT COUNT(*) FROM employees", "keys=[] calls=[COUNT_ROWS] above=[]"),
        s(
            "count_column",
            "SELECT COUNT(age) FROM employees",
            "keys=[] calls=[COUNT_VALUES[3]] above=[]"),
        s(
            "sum_avg",
            "SELECT SUM(salary), AVG(salary) FROM employees",
            "keys=[] calls=[SUM[2], AVG[2]] above=[]"),
        s(
            "variance_stddev",
            "SELECT VAR_POP(salary), VAR_SAMP(salary), STDDEV_POP(age), STDDEV_SAMP(age),"
                + " STDDEV(age), VARIANCE(age) FROM employees",
            "keys=[] calls=[VAR_POP[2], VAR_SAMP[2], STDDEV_POP[3], STDDEV_SAMP[3], STDDEV_SAMP[3], VAR_SAMP[3]] above=[]"),
        s(
            "bool_and_is_min",
            "SELECT BOOL_AND(remote) FROM employees",
            "keys=[] calls=[MIN[5]] above=[]"),
        s(
            "count_distinct",
            "SELECT COUNT(DISTINCT region) FROM employees",
            "keys=[] calls=[COUNT_DISTINCT[6]] above=[]"),
        s(
            "min_max",
            "SELECT MIN(salary), MAX(hired) FROM employees",
            "keys=[] calls=[MIN[2], MAX[4]] above=[]"),
        s(
            "filter_clause",
            "SELECT COUNT(*) FILTER (WHERE remote) FROM employees",
            "keys=[] calls=[COUNT_ROWS FILTER $5] above=[]"),
        s(
            "where",
            "SELECT COUNT(*) FROM employees WHERE salary > 50000 AND region = 'N'",
            "keys=[] calls=[COUNT_ROWS] above=[]"),
        s(
            "sum_expression",
            "SELECT SUM(salary * 2 + 1) FROM employees",
            "keys=[] calls=[SUM[0]] above=[]"),
        // group keys
        s(
            "group_domain",
            "SELECT region, COUNT(*) FROM employees GROUP BY region",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[]"),
        s(
            "group_no_domain",
            "SELECT hired, COUNT(*) FROM employees GROUP BY hired",
            "keys=[hired:private] calls=[COUNT_ROWS] above=[]"),
        s(
            "group_two_keys",
            "SELECT region, level, AVG(salary) FROM employees GROUP BY region, level",
            "keys=[region:domain, level:domain] calls=[AVG[2]] above=[]"),
        s(
            // the year of a date bounded by CHECK (hired BETWEEN DATE '2015-01-01' AND ...) has a
            // public integer range, 2015..2025
            "group_expression",
            "SELECT EXTRACT(YEAR FROM hired) AS y, COUNT(*) FROM employees GROUP BY 1",
            "keys=[y:domain] calls=[COUNT_ROWS] above=[]"),
        s(
            "group_expression_unbounded",
            "SELECT EXTRACT(YEAR FROM since) AS y, COUNT(*) FROM customers GROUP BY 1",
            "keys=[y:private] calls=[COUNT_ROWS] above=[]"),
        s(
            "distinct_only",
            "SELECT DISTINCT region FROM employees",
            "keys=[region:domain] calls=[] above=[]"),
        // above the boundary
        s(
            "having",
            "SELECT region, COUNT(*) FROM employees GROUP BY region HAVING COUNT(*) > 5",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[Filter]"),
        s(
            "expression_over_aggregates",
            "SELECT SUM(salary) / COUNT(*) AS mean, MAX(age) - MIN(age) FROM employees",
            "keys=[] calls=[SUM[2], COUNT_ROWS, MAX[3], MIN[3]] above=[Project]"),
        s(
            "order_limit",
            "SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY n DESC LIMIT 2",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[Sort]"),
        s(
            "order_offset",
            "SELECT level, AVG(salary) FROM employees GROUP BY level ORDER BY 1 OFFSET 1",
            "keys=[level:domain] calls=[AVG[2]] above=[Sort]"),
        s(
            "outer_aggregate",
            "SELECT AVG(n) FROM (SELECT region, COUNT(*) AS n FROM employees GROUP BY region) t",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[Aggregate]"),
        s(
            "outer_where",
            "SELECT * FROM (SELECT region, AVG(salary) AS a FROM employees GROUP BY region) t"
                + " WHERE a > 1000",
            "keys=[region:domain] calls=[AVG[2]] above=[Filter]"),
        // joins along foreign keys
        s(
            "join_public_dimension",
            "SELECT d.name, COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id"
                + " GROUP BY d.name",
            "keys=[name:domain] calls=[COUNT_ROWS] above=[]"),
        s(
            "join_fk_private",
            "SELECT COUNT(*), SUM(v.minutes) FROM visits v JOIN employees e"
                + " ON v.employee_id = e.id WHERE e.remote",
            "keys=[] calls=[COUNT_ROWS, SUM[3]] above=[]"),
        s(
            // visits' unit is its foreign key to employees: EXISTS is a per-employee aggregate
            // joined on the unit (before the unit rule it was refused as released ⋈ private)
            "exists_child_table",
            "SELECT COUNT(*) FROM employees e WHERE EXISTS (SELECT 1 FROM visits v"
                + " WHERE v.employee_id = e.id AND v.minutes > 300)",
            "keys=[] calls=[COUNT_ROWS] above=[]"),
        s(
            "join_unit_through_a_join",
            "SELECT COUNT(*), AVG(n.stars) FROM order_notes n JOIN orders o ON n.order_id = o.id",
            "keys=[] calls=[COUNT_ROWS, AVG[2]] above=[]"),
        s(
            "join_multi_hop",
            "SELECT d.name, SUM(v.minutes) FROM visits v JOIN employees e ON v.employee_id = e.id"
                + " JOIN departments d ON e.dept_id = d.id GROUP BY d.name",
            "keys=[name:domain] calls=[SUM[3]] above=[]"),
        s(
            "join_orders_customers",
            "SELECT c.region, SUM(o.price * o.qty) FROM orders o JOIN customers c"
                + " ON o.customer_id = c.id GROUP BY c.region",
            "keys=[region:domain] calls=[SUM[1]] above=[]"),
        s(
            "in_public_subquery",
            "SELECT COUNT(*) FROM employees"
                + " WHERE dept_id IN (SELECT id FROM departments WHERE budget > 1000)",
            "keys=[] calls=[COUNT_ROWS] above=[]"),
        s(
            "cte",
            "WITH t AS (SELECT * FROM employees WHERE remote)"
                + " SELECT region, COUNT(*) FROM t GROUP BY region",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[]"),
        // BI tools
        s(
            "metabase_wrapper",
            "SELECT \"source\".* FROM (SELECT region, COUNT(*) AS \"count\" FROM employees"
                + " GROUP BY region) AS \"source\" LIMIT 1048575",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[Sort]"),
        s(
            "tableau_probe",
            "SELECT * FROM (SELECT region, SUM(salary) AS s FROM employees GROUP BY region)"
                + " \"Custom SQL Query\" WHERE (1 = 0)",
            "keys=[region:domain] calls=[SUM[2]] above=[Filter]"),
        s(
            "superset_virtual_table",
            "SELECT region AS region, AVG(salary) AS \"AVG(salary)\" FROM (SELECT * FROM employees"
                + " WHERE age > 30) AS virtual_table GROUP BY region ORDER BY \"AVG(salary)\""
                + " DESC LIMIT 10000",
            "keys=[region:domain] calls=[AVG[2]] above=[Sort]"),
        s(
            "dbeaver_count",
            "SELECT COUNT(*) FROM (SELECT region, COUNT(*) FROM employees GROUP BY region)"
                + " dbvrcnt",
            "keys=[region:domain] calls=[COUNT_ROWS] above=[Aggregate]"),
        s(
            "dbeaver_count_rows",
            "SELECT COUNT(*) FROM (SELECT * FROM visits WHERE minutes > 10) dbvrcnt",
            "keys=[] calls=[COUNT_ROWS] above=[]"),
        s(
            "join_on_unit_other_schema",
            "SELECT e.region, AVG(p.bonus) FROM employees e JOIN hr.payroll p"
                + " ON p.employee_id = e.id GROUP BY e.region",
            "keys=[region:domain] calls=[AVG[11]] above=[]"),
        s(
            "metabase_grouped_sorted",
            "SELECT \"source\".\"level\", \"source\".\"count\" FROM (SELECT level,"
                + " COUNT(*) AS \"count\" FROM employees WHERE remote = TRUE GROUP BY level"
                + " ORDER BY level ASC) AS \"source\" LIMIT 1048575",
            "keys=[level:domain] calls=[COUNT_ROWS] above=[Sort]"),
        s(
            "having_ratio_order_offset",
            "SELECT region, SUM(salary) / NULLIF(COUNT(*), 0) AS mean FROM employees"
                + " GROUP BY region HAVING SUM(salary) > 2 * COUNT(*) ORDER BY mean LIMIT 3 OFFSET 1",
            "keys=[region:domain] calls=[SUM[2], COUNT_ROWS] above=[Filter,Project,Sort]"),
        s(
            "date_trunc_group",
            "SELECT date_trunc('month', v.\"day\") AS m, COUNT(*) FROM visits v JOIN employees e"
                + " ON v.employee_id = e.id GROUP BY 1 ORDER BY 1",
            "keys=[m:domain] calls=[COUNT_ROWS] above=[Sort]"),
        // public
        s("public_dimension", "SELECT name, budget FROM departments WHERE budget > 10", "PUBLIC"),
        s("public_aggregate", "SELECT COUNT(*) FROM departments", "PUBLIC"),
        s("public_literal", "SELECT 1", "PUBLIC"));
  }
}
