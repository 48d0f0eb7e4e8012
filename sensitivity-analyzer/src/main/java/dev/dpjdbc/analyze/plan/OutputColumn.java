package dev.dpjdbc.analyze.plan;

/**
 * A column the analyst sees.
 *
 * @param label the label PostgreSQL would give it ("count", "sum", "avg", the alias, the key)
 * @param jdbcType {@link java.sql.Types} code (COUNT → BIGINT, other aggregates → DOUBLE)
 * @param typeName backend-style type name ("int8", "float8", key's type)
 * @param aggregate human form for EXPLAIN PRIVACY, e.g. "AVG(salary)"; null for keys
 * @param expr how to compute it from the group's keys and noisy coordinates
 */
public record OutputColumn(
    String label, int jdbcType, String typeName, String aggregate, OutputExpr expr) {}
