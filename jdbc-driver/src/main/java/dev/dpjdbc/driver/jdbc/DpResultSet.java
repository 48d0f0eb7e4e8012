package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.driver.execute.Table;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * A forward-only, read-only result over a materialised {@link Table}: a released noisy result, a
 * session answer, or catalog rows. Holds no backend resource; {@link #getStatement} returns the
 * dpjdbc statement that produced it (null for DatabaseMetaData results, as JDBC allows).
 */
public final class DpResultSet extends ResultSetGetters implements OwnWrapper {
  private final Table table;
  private final Statement statement;
  private SQLWarning warning;
  private int row = -1; // index into table.rows(); -1 before first, size() after last
  private boolean lastWasNull;
  private boolean closed;
  private int fetchSize;

  DpResultSet(Table table, Statement statement, SQLWarning warning) {
    this.table = table;
    this.statement = statement;
    this.warning = warning;
  }

  @Override
  Object cell(int column) throws SQLException {
    checkOpen();
    if (row < 0 || row >= table.rows().size()) {
      throw new SQLException("the cursor is not on a row; call next() first", "24000");
    }
    Refusals.checkIndex("column", column, table.columns().size());
    Object v = table.rows().get(row)[column - 1];
    lastWasNull = v == null;
    return v;
  }

  /**
   * The confidence interval of column {@code column} (1-based) on the current row, at the session's
   * {@code dp.confidence} when the query ran; null when the cell has none: a group key, a column
   * computed by the analyst's own expression over aggregates, a quantile, a NULL value, an interval
   * column itself, or a result that is not a noisy release (a session answer, catalog rows, a FETCH
   * from a cursor). Available whether or not {@code dp.intervals} shows the interval columns.
   *
   * @throws SQLException 24000 when the cursor is not on a row, 22023 for a column out of range
   */
  public ConfidenceInterval interval(int column) throws SQLException {
    checkOpen();
    if (row < 0 || row >= table.rows().size()) {
      throw new SQLException("the cursor is not on a row; call next() first", "24000");
    }
    Refusals.checkIndex("column", column, table.columns().size());
    Table.CellIntervals ci = table.intervals();
    if (ci == null) {
      return null;
    }
    double[] c = ci.rows().get(row)[column - 1];
    return c == null ? null : new ConfidenceInterval(c[0], c[1], ci.confidence());
  }

  /** {@link #interval(int)} of the column labelled {@code label} (42703 when there is none). */
  public ConfidenceInterval interval(String label) throws SQLException {
    return interval(findColumn(label));
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (row < table.rows().size()) {
      row++;
    }
    return row < table.rows().size();
  }

  @Override
  public int findColumn(String label) throws SQLException {
    List<Table.Column> columns = table.columns();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).label().equalsIgnoreCase(label)) {
        return i + 1;
      }
    }
    throw new SQLException(
        "no column labelled " + label + "; the columns are " + labels(), "42703");
  }

  private String labels() {
    return table.columns().stream().map(Table.Column::label).toList().toString();
  }

  @Override
  public boolean wasNull() {
    return lastWasNull;
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return new DpResultSetMetaData(table.columns());
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warning;
  }

  @Override
  public void clearWarnings() {
    warning = null;
  }

  @Override
  public Statement getStatement() {
    return statement;
  }

  @Override
  public boolean isBeforeFirst() {
    return row < 0 && !table.rows().isEmpty();
  }

  @Override
  public boolean isAfterLast() {
    return row >= table.rows().size() && !table.rows().isEmpty();
  }

  @Override
  public boolean isFirst() {
    return row == 0 && !table.rows().isEmpty();
  }

  @Override
  public boolean isLast() {
    return row == table.rows().size() - 1 && row >= 0;
  }

  @Override
  public int getRow() {
    return row >= 0 && row < table.rows().size() ? row + 1 : 0;
  }

  @Override
  public int getType() {
    return TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() {
    return CONCUR_READ_ONLY;
  }

  @Override
  public int getHoldability() {
    return HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public int getFetchDirection() {
    return FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    if (direction != FETCH_FORWARD) {
      throw Refusals.unsupported("ResultSet.setFetchDirection(non-forward)");
    }
  }

  @Override
  public int getFetchSize() {
    return fetchSize;
  }

  @Override
  public void setFetchSize(int rows) {
    fetchSize = rows; // everything is in memory already; remembered for getFetchSize only
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw new SQLException("the result set is closed", "24000");
    }
  }

  @Override
  public String toString() {
    return "DpResultSet" + labels().toLowerCase(Locale.ROOT) + " rows=" + table.rows().size();
  }
}
