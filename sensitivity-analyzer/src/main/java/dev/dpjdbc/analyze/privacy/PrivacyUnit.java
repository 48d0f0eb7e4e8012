package dev.dpjdbc.analyze.privacy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The privacy unit of a private relation: which columns name the person every row belongs to.
 *
 * <p>Every row of the relation belongs to exactly one unit (or, when {@link #nullable}, to none: a
 * row whose unit columns are NULL holds no unit's data only after the boundary drops it, see
 * below). Removing a unit from the database removes exactly the rows carrying its unit value.
 *
 * @param alternatives column sets of this relation, each of which holds the unit value in every row
 *     (an inner join on the unit makes both sides' columns alternatives); empty when the unit was
 *     projected away: the relation is still private, its rows still belong to one unit each, but
 *     the unit is not among its columns
 * @param identity what the unit values name, as {@code schema.table.column}: two relations share a
 *     unit exactly when their identities are equal
 * @param path how the unit got here, for EXPLAIN PRIVACY ({@code visits.employee_id -> employees.id
 *     (primary key)})
 * @param liftOccurrence when the unit is reached only through a join along a foreign key of a table
 *     occurrence ({@code TableUnit.Kind.THROUGH_JOIN}: {@code order_items.order_id -> orders.id},
 *     then orders' unit), that occurrence: a join along that key to a parent occurrence whose rows
 *     carry the unit lifts the rows to it ({@link ForeignKeyPath}). Null otherwise
 * @param nullable some rows may have NULL unit columns (an outer join kept rows with no unit): the
 *     boundary must drop rows whose unit is NULL; what remains is what the analysis describes
 */
public record PrivacyUnit(
    List<List<Integer>> alternatives,
    String identity,
    String path,
    String liftOccurrence,
    boolean nullable) {
  public PrivacyUnit {
    List<List<Integer>> copy = new ArrayList<>();
    for (List<Integer> a : alternatives) {
      if (a.isEmpty()) {
        throw new IllegalArgumentException("a unit alternative needs at least one column");
      }
      List<Integer> c = List.copyOf(a);
      if (!copy.contains(c)) {
        copy.add(c);
      }
    }
    alternatives = List.copyOf(copy);
    if (identity == null || path == null) {
      throw new IllegalArgumentException("a unit needs an identity and a path");
    }
  }

  /** The first alternative's columns; empty when the unit is not among the columns. */
  public List<Integer> columns() {
    return alternatives.isEmpty() ? List.of() : alternatives.get(0);
  }

  /** The unit is among the relation's columns. */
  public boolean visible() {
    return !alternatives.isEmpty();
  }

  /**
   * Same unit, alternatives moved by {@code map}; an alternative with a column mapped to -1 goes.
   */
  public PrivacyUnit remap(IntUnaryOperator map, String pathNote) {
    List<List<Integer>> out = new ArrayList<>();
    for (List<Integer> a : alternatives) {
      List<Integer> m = new ArrayList<>();
      for (int i : a) {
        int j = map.applyAsInt(i);
        if (j < 0) {
          m = null;
          break;
        }
        m.add(j);
      }
      if (m != null) {
        out.add(m);
      }
    }
    String p = path;
    if (out.isEmpty() && visible()) {
      p = path + " (" + pathNote + ")";
    }
    return new PrivacyUnit(out, identity, p, liftOccurrence, nullable);
  }

  /** Same unit, other alternatives, path, occurrence and nullability. */
  public PrivacyUnit with(
      List<List<Integer>> alternatives, String path, String liftOccurrence, boolean nullable) {
    return new PrivacyUnit(alternatives, identity, path, liftOccurrence, nullable);
  }

  /** Every alternative moved right by {@code offset} columns. */
  public List<List<Integer>> shifted(int offset) {
    List<List<Integer>> out = new ArrayList<>();
    for (List<Integer> a : alternatives) {
      out.add(a.stream().map(i -> i + offset).toList());
    }
    return out;
  }

  @Override
  public String toString() {
    return (visible() ? "columns " + alternatives : "not among the columns")
        + " naming "
        + identity
        + (nullable ? " (nullable)" : "")
        + " via "
        + path;
  }
}
