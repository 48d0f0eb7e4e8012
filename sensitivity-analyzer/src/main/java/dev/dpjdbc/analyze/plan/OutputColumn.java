package dev.dpjdbc.analyze.plan;

/**
 * A column the analyst sees.
 *
 * @param label the label PostgreSQL would give it ("count", "sum", "avg", the alias, the key)
 * @param jdbcType {@link java.sql.Types} code (COUNT → BIGINT, other aggregates → DOUBLE)
 * @param typeName backend-style type name ("int8", "float8", key's type)
 * @param aggregate human form for EXPLAIN PRIVACY, e.g. "AVG(salary)"; null for keys
 * @param expr how to compute it from the group's keys and noisy coordinates
 * @param typeMod PostgreSQL's type modifier ({@code atttypmod}: {@code varchar(5)} is 9) of a
 *     column copied from a backend column that has one, else -1
 */
public record OutputColumn(
    String label, int jdbcType, String typeName, String aggregate, OutputExpr expr, int typeMod) {
  /** A column with no type modifier. */
  public OutputColumn(
      String label, int jdbcType, String typeName, String aggregate, OutputExpr expr) {
    this(label, jdbcType, typeName, aggregate, expr, -1);
  }
}
