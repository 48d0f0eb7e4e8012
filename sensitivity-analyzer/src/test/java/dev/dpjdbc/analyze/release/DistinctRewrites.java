package dev.dpjdbc.analyze.release;

import java.util.List;

/**
 * The COUNT(DISTINCT ...) rewrites, over the schema and policy of {@link RewriteCases}: the unit
 * itself (λ = 1) directly, along a foreign key and in the BI tools' spellings; another column (λ =
 * C) with and without per-unit pre-aggregation, with L0 enforced, with FILTER, next to other
 * aggregates. Golden files {@code docs/golden/distinct-<backend>.md}.
 */
final class DistinctRewrites {
  private DistinctRewrites() {}

  static final List<RewriteCases.Case> CASES =
      List.of(
          new RewriteCases.Case(
              "distinct_unit",
              "the unit of visits: per (unit) rows with a non-null unit",
              "SELECT COUNT(DISTINCT employee_id) AS people FROM visits"),
          new RewriteCases.Case(
              "distinct_unit_primary_key",
              "the primary key of a table with one row per unit: no pre-aggregation",
              "SELECT region, COUNT(DISTINCT id) FROM employees GROUP BY region"),
          new RewriteCases.Case(
              "distinct_unit_join",
              "the unit through a foreign-key join, next to COUNT(*) and a group key",
              "SELECT c.region, COUNT(DISTINCT o.customer_id) AS buyers, COUNT(*) AS orders"
                  + " FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.region"),
          new RewriteCases.Case(
                  "distinct_unit_metabase",
                  "Metabase's spelling",
                  "SELECT count(distinct \"public\".\"orders\".\"customer_id\") AS \"count\""
                      + " FROM \"public\".\"orders\"")
              .onH2("SELECT COUNT(DISTINCT customer_id) FROM orders"),
          new RewriteCases.Case(
                  "distinct_unit_tableau",
                  "Tableau's COUNTD, grouped",
                  "SELECT \"orders\".\"qty\" > 10 AS \"big\", COUNT(DISTINCT"
                      + " \"orders\".\"customer_id\") AS \"ctd:customer_id:ok\" FROM"
                      + " \"public\".\"orders\" \"orders\" WHERE \"orders\".\"qty\" > 2 GROUP BY 1")
              .onH2(
                  "SELECT qty > 10, COUNT(DISTINCT customer_id) FROM orders WHERE qty > 2"
                      + " GROUP BY qty > 10"),
          new RewriteCases.Case(
              "distinct_value_one_row_per_unit",
              "another column, one row per unit guaranteed: COUNT(DISTINCT age), NULLs not counted",
              "SELECT COUNT(DISTINCT age) FROM employees"),
          new RewriteCases.Case(
              "distinct_value_visits",
              "another column over rows per unit enforced: at most C values per unit, with SUM",
              "SELECT COUNT(DISTINCT minutes) AS m, SUM(minutes) AS s, COUNT(*) AS n,"
                  + " COUNT(DISTINCT employee_id) AS people FROM visits"),
          new RewriteCases.Case(
              "distinct_value_groups_enforced",
              "another column with L0 enforced (5 levels, at most 4 groups per unit) and AVG",
              "SELECT e.level, COUNT(DISTINCT v.\"day\") AS days, AVG(v.minutes) AS mean"
                  + " FROM visits v JOIN employees e ON v.employee_id = e.id GROUP BY e.level"),
          new RewriteCases.Case(
              "distinct_value_filter",
              "COUNT(DISTINCT x) FILTER (WHERE ...)",
              "SELECT COUNT(DISTINCT minutes) FILTER (WHERE minutes > 300) AS long_ones,"
                  + " COUNT(DISTINCT employee_id) FILTER (WHERE minutes > 300) AS people"
                  + " FROM visits"));
}
