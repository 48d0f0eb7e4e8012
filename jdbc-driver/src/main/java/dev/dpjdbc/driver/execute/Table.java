package dev.dpjdbc.driver.execute;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A fully materialised result: column descriptions and rows. Everything the driver hands to the
 * analyst is one of these (a released noisy result, a session answer, or catalog rows), so no
 * backend cursor ever reaches the caller.
 */
public record Table(List<Column> columns, List<Object[]> rows) {
  public Table {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /**
   * One column.
   *
   * @param label the column label
   * @param jdbcType {@link java.sql.Types} code
   * @param typeName backend-style type name
   * @param className the Java class of non-null values ({@code getColumnClassName})
   */
  public record Column(String label, int jdbcType, String typeName, String className) {}

  /** Copies the rows and metadata of a backend result set (catalog data only). */
  public static Table copyOf(ResultSet rs) throws SQLException {
    List<Column> columns = describe(rs.getMetaData());
    List<Object[]> rows = new ArrayList<>();
    while (rs.next()) {
      Object[] row = new Object[columns.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = detach(rs.getObject(i + 1));
      }
      rows.add(row);
    }
    return new Table(columns, rows);
  }

  /** The column descriptions of a backend result (or statement) metadata. */
  public static List<Column> describe(ResultSetMetaData md) throws SQLException {
    List<Column> columns = new ArrayList<>();
    if (md == null) {
      return columns;
    }
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(
          new Column(
              md.getColumnLabel(i),
              md.getColumnType(i),
              md.getColumnTypeName(i),
              md.getColumnClassName(i)));
    }
    return columns;
  }

  /** Backend objects that point back into the backend connection are turned into plain values. */
  private static Object detach(Object value) throws SQLException {
    if (value instanceof java.sql.Array array) {
      return String.valueOf(array); // pgjdbc prints {a,b}; keeps the backend connection private
    }
    if (value instanceof java.sql.Clob clob) {
      return clob.getSubString(1, (int) Math.min(Integer.MAX_VALUE, clob.length()));
    }
    if (value instanceof java.sql.Blob blob) {
      return blob.getBytes(1, (int) Math.min(Integer.MAX_VALUE, blob.length()));
    }
    if (value instanceof java.sql.SQLXML xml) {
      return xml.getString();
    }
    if (value instanceof ResultSet cursor) { // pgJDBC turns a refcursor into a live ResultSet
      cursor.close();
      return null;
    }
    if (value instanceof java.sql.Struct || value instanceof java.sql.Ref) {
      return String.valueOf(value);
    }
    return value;
  }
}
