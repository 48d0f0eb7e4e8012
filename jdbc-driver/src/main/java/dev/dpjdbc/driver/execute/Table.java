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
 *
 * @param intervals the confidence intervals of a released result's cells, or null (not a release)
 */
public record Table(List<Column> columns, List<Object[]> rows, CellIntervals intervals) {
  public Table {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
    if (intervals != null && intervals.rows().size() != rows.size()) {
      throw new IllegalArgumentException("one interval row per row");
    }
  }

  /** A table without intervals. */
  public Table(List<Column> columns, List<Object[]> rows) {
    this(columns, rows, null);
  }

  /**
   * Confidence intervals of released cells, at one confidence: {@code rows().get(r)[c]} is {low,
   * high} for row r and column c (0-based), or null where the cell has none.
   */
  public record CellIntervals(double confidence, List<double[][]> rows) {
    public CellIntervals {
      rows = List.copyOf(rows);
    }
  }

  /**
   * One column.
   *
   * @param label the column label
   * @param jdbcType {@link java.sql.Types} code
   * @param typeName backend-style type name
   * @param className the Java class of non-null values ({@code getColumnClassName})
   * @param typeOid the backend's PostgreSQL type OID, 0 when unknown (not a PostgreSQL column)
   * @param typeMod the backend's type modifier ({@code atttypmod}), -1 when none or unknown
   */
  public record Column(
      String label, int jdbcType, String typeName, String className, int typeOid, int typeMod) {
    /** A column whose PostgreSQL type OID is not known (released and session columns). */
    public Column(String label, int jdbcType, String typeName, String className) {
      this(label, jdbcType, typeName, className, 0, -1);
    }

    /** Whether the column holds numbers (integer, floating point or decimal). */
    public boolean numeric() {
      return switch (jdbcType) {
        case java.sql.Types.BIGINT,
                java.sql.Types.INTEGER,
                java.sql.Types.SMALLINT,
                java.sql.Types.TINYINT,
                java.sql.Types.DOUBLE,
                java.sql.Types.FLOAT,
                java.sql.Types.REAL,
                java.sql.Types.NUMERIC,
                java.sql.Types.DECIMAL ->
            true;
        default -> false;
      };
    }
  }

  /** Copies the rows and metadata of a backend result set (catalog data only). */
  public static Table copyOf(ResultSet rs) throws SQLException {
    List<Column> columns = describe(rs.getMetaData());
    List<Object[]> rows = new ArrayList<>();
    while (rs.next()) {
      Object[] row = new Object[columns.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] =
            PgFields.keepsText(columns.get(i)) ? rs.getString(i + 1) : detach(rs.getObject(i + 1));
      }
      rows.add(row);
    }
    return new Table(columns, rows);
  }

  /**
   * Copies a backend result (catalog data only), refusing with 54000 once it passes {@code maxRows}
   * rows or about {@code maxBytes} bytes (values counted as their text), so one huge pass-through
   * result cannot exhaust the memory other sessions need. {@code labels}, when not null, rename the
   * columns in order.
   */
  public static Table copyOf(ResultSet rs, int maxRows, long maxBytes, List<String> labels)
      throws SQLException {
    List<Column> columns = describe(rs.getMetaData());
    if (labels != null && labels.size() == columns.size()) {
      List<Column> renamed = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        Column c = columns.get(i);
        renamed.add(
            new Column(
                labels.get(i),
                c.jdbcType(),
                c.typeName(),
                c.className(),
                c.typeOid(),
                c.typeMod()));
      }
      columns = renamed;
    }
    boolean[] asText = new boolean[columns.size()];
    for (int i = 0; i < asText.length; i++) {
      asText[i] = PgFields.keepsText(columns.get(i));
    }
    List<Object[]> rows = new ArrayList<>();
    long bytes = 0;
    while (rs.next()) {
      if (rows.size() >= maxRows) {
        throw tooLarge(maxRows + " rows", "dp.catalog.maxRows");
      }
      Object[] row = new Object[columns.size()];
      for (int i = 0; i < row.length; i++) {
        row[i] = asText[i] ? rs.getString(i + 1) : detach(rs.getObject(i + 1));
        bytes += row[i] == null ? 1 : sizeOf(row[i]);
      }
      if (bytes > maxBytes) {
        throw tooLarge(maxBytes + " bytes", "dp.catalog.maxBytes");
      }
      rows.add(row);
    }
    return new Table(columns, rows);
  }

  private static long sizeOf(Object v) {
    if (v instanceof byte[] b) {
      return b.length;
    }
    return String.valueOf(v).length() * 2L + 16;
  }

  private static SQLException tooLarge(String limit, String property) {
    return new SQLException(
        "the catalog result is larger than "
            + limit
            + "; narrow the query (a WHERE or LIMIT), or raise the connection property "
            + property,
        "54000");
  }

  /**
   * The column descriptions of a backend result (or statement) metadata; on PostgreSQL with the
   * backend's type OID and type modifier.
   */
  public static List<Column> describe(ResultSetMetaData md) throws SQLException {
    List<Column> columns = new ArrayList<>();
    if (md == null) {
      return columns;
    }
    int[][] pg = PgFields.oidsAndMods(md);
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(
          new Column(
              md.getColumnLabel(i),
              md.getColumnType(i),
              md.getColumnTypeName(i),
              md.getColumnClassName(i),
              pg == null ? 0 : pg[i - 1][0],
              pg == null ? -1 : pg[i - 1][1]));
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
