package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds;

/**
 * What is guaranteed about one column of a relation, independently of the data.
 *
 * <p>Intervals are in the units of Calcite's internal representation of the column's type: numbers
 * as themselves, DATE as days since 1970-01-01, TIMESTAMP as milliseconds since 1970-01-01
 * 00:00:00, TIME as milliseconds of the day. Other types (text, boolean) have the unbounded
 * interval. A domain lists the non-NULL values the column can take, as {@code ResultSet.getObject}
 * would return them for a key column (see {@code TableBounds.convert}; dates as ISO text); NULL is
 * possible exactly when the column's type is nullable.
 *
 * @param name the column's name in the relation's row type
 * @param interval the values' interval ({@link Interval#UNBOUNDED} when none), with its sources
 * @param domain the public domain with its source, or null when there is none
 * @param origin the base-table column this column is an unchanged copy of, or null
 */
public record ColumnFacts(
    String name, Interval interval, TableBounds.Domain domain, Origin origin) {

  /**
   * A column copied unchanged from a table scan.
   *
   * @param occurrence which scan of the table (distinct for the two sides of a self-join)
   * @param table the table's bounds (catalog facts + policy)
   * @param column the column's name as the backend spells it
   */
  public record Origin(String occurrence, TableBounds table, String column) {
    /** The same origin seen from one side of a join ({@code prefix} "L" or "R"). */
    Origin under(String prefix) {
      return new Origin(prefix + occurrence, table, column);
    }
  }

  public ColumnFacts {
    if (name == null || interval == null) {
      throw new IllegalArgumentException("a column needs a name and an interval");
    }
  }

  /** A column about which nothing is known. */
  public static ColumnFacts unknown(String name) {
    return new ColumnFacts(name, Interval.UNBOUNDED, null, null);
  }

  public boolean hasDomain() {
    return domain != null;
  }

  ColumnFacts withName(String newName) {
    return new ColumnFacts(newName, interval, domain, origin);
  }

  ColumnFacts withOrigin(Origin o) {
    return new ColumnFacts(name, interval, domain, o);
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(name);
    if (interval.lower() > Double.NEGATIVE_INFINITY
        || interval.upper() < Double.POSITIVE_INFINITY) {
      b.append(" in [")
          .append(interval.lower())
          .append(", ")
          .append(interval.upper())
          .append("] (")
          .append(interval.source())
          .append(')');
    }
    if (domain != null) {
      b.append(" domain ").append(domain.values()).append(" (").append(domain.source()).append(')');
    }
    return b.toString();
  }
}
