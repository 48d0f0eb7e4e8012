package dev.dpjdbc.analyze.plan;

import java.util.List;

/**
 * A GROUP BY key whose domain is public: every value in {@code domain} is released (empty groups
 * included). {@code domainSource} says where the domain came from (e.g. "CHECK IN list", "enum type
 * mood", "policy values", "BOOLEAN").
 *
 * @param column the key's output label (as PostgreSQL would label it)
 * @param jdbcType {@link java.sql.Types} code of the key column
 * @param typeName backend type name for metadata (e.g. "varchar", "bool")
 * @param domain the public values, as Java objects of the key's JDBC type; NULL not included
 */
public record GroupKey(
    String column, int jdbcType, String typeName, List<Object> domain, String domainSource) {
  public GroupKey {
    domain = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(domain));
  }
}
