package dev.dpjdbc.analyze.bounds;

import java.util.List;

/**
 * The privacy unit of one table, as {@link UnitRule} derives it from the policy and the catalog.
 *
 * <p>Guarantee: unless {@link Kind#REFUSED}, every row of the table belongs to exactly one unit,
 * the one named by {@link #identity}; for {@link Kind#POLICY}, {@link Kind#FOREIGN_KEY} and {@link
 * Kind#PRIMARY_KEY} the row's {@link #columns} hold that unit's value.
 *
 * @param kind how the unit was found
 * @param columns the table's columns (backend spelling) holding the unit value in every row; empty
 *     for {@link Kind#THROUGH_JOIN} and {@link Kind#REFUSED}
 * @param identity what the unit values name, as {@code schema.table.column} of the table where the
 *     unit originates: two tables share a unit exactly when their identities are equal; null when
 *     refused
 * @param path how the unit is reached, for EXPLAIN PRIVACY ({@code visits.employee_id ->
 *     employees.id (primary key)}); when refused, the reason and what to do instead
 * @param through for {@link Kind#THROUGH_JOIN}, the foreign key of this table a join must follow to
 *     reach the unit; else null
 */
public record TableUnit(
    Kind kind, List<String> columns, String identity, String path, TableMeta.ForeignKey through) {

  /** Which rule gave the unit (docs/sensitivity-analyzer.md, "The privacy unit of a table"). */
  public enum Kind {
    /** Rule 1: the policy's {@code privacy_unit}. */
    POLICY,
    /** Rule 2: foreign-key columns holding the unit of a referenced private table. */
    FOREIGN_KEY,
    /**
     * Rule 2: a foreign key leads to a private table whose unit is not what the key references
     * ({@code order_items.order_id -> orders.id}, orders' unit {@code customer_id}): every row has
     * a unit, but none of the table's columns holds it; a join along {@link #through} reaches it.
     */
    THROUGH_JOIN,
    /** Rule 3: the table's primary key (no policy unit, no foreign key to a private table). */
    PRIMARY_KEY,
    /** No unit can be told; {@link #path} says why and how to fix it. */
    REFUSED
  }

  public TableUnit {
    columns = List.copyOf(columns);
  }

  static TableUnit refused(String why) {
    return new TableUnit(Kind.REFUSED, List.of(), null, why, null);
  }

  public boolean isRefused() {
    return kind == Kind.REFUSED;
  }

  /** The unit is among the table's columns. */
  public boolean visible() {
    return !columns.isEmpty();
  }

  /**
   * For {@link Kind#THROUGH_JOIN}, the join that reaches the unit, as an analyst writes it: {@code
   * orders ON order_items.order_id = orders.id} ({@code table}: this table's name).
   */
  public String throughJoin(String table) {
    StringBuilder on = new StringBuilder(through.refTable()).append(" ON ");
    for (int i = 0; i < through.columns().size(); i++) {
      on.append(i == 0 ? "" : " AND ")
          .append(table)
          .append('.')
          .append(through.columns().get(i))
          .append(" = ")
          .append(through.refTable())
          .append('.')
          .append(through.refColumns().get(i));
    }
    return on.toString();
  }

  /** Where the unit came from, for EXPLAIN PRIVACY's list of bounds. */
  public String source() {
    return switch (kind) {
      case POLICY -> "policy privacy_unit";
      case FOREIGN_KEY -> "foreign key " + path;
      case THROUGH_JOIN -> "foreign key path " + path;
      case PRIMARY_KEY -> "primary key";
      case REFUSED -> "none";
    };
  }
}
