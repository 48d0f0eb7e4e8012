package dev.dpjdbc.driver.jdbc;

import dev.dpjdbc.driver.session.Outcome;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/**
 * State and plain accessors shared by {@link DpStatement} and {@link DpPreparedStatement}: the
 * current result (rows or an update count), the cost warning of the last release, limits, and the
 * refusals of everything that would write (executeUpdate, batches, generated keys).
 */
abstract class StatementBase implements Statement, OwnWrapper {
  final DpConnection connection;
  private DpResultSet resultSet;
  private long updateCount = -1;
  private SQLWarning warning;
  private boolean closed;
  private int maxRows;
  private int queryTimeout;
  private int fetchSize;
  private boolean poolable;
  private boolean closeOnCompletion;

  StatementBase(DpConnection connection) {
    this.connection = connection;
  }

  /** Runs one statement through the session; true when it produced rows. */
  final boolean run(String sql, List<Object> params) throws SQLException {
    checkOpen();
    closeCurrent();
    warning = null;
    Outcome outcome = connection.session().execute(sql, params, queryTimeout);
    warning = outcome.warning();
    if (outcome.table() == null) {
      updateCount = outcome.updateCount();
      return false;
    }
    var table = outcome.table();
    if (maxRows > 0 && table.rows().size() > maxRows) {
      table =
          new dev.dpjdbc.driver.execute.Table(table.columns(), table.rows().subList(0, maxRows));
    }
    resultSet = new DpResultSet(table, this, outcome.warning());
    return true;
  }

  final ResultSet requireRows(String sql) throws SQLException {
    if (resultSet == null) {
      throw new SQLException(
          "the statement returned no rows; use execute() for " + sql.strip(), "02000");
    }
    return resultSet;
  }

  private void closeCurrent() {
    if (resultSet != null) {
      resultSet.close();
    }
    resultSet = null;
    updateCount = -1;
  }

  final void checkOpen() throws SQLException {
    if (closed) {
      throw new SQLException("the statement is closed", "HY010");
    }
    connection.checkOpen();
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return resultSet;
  }

  @Override
  public int getUpdateCount() throws SQLException {
    checkOpen();
    return (int) Math.min(Integer.MAX_VALUE, updateCount);
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return updateCount;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    checkOpen();
    closeCurrent();
    return false;
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    return getMoreResults();
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
  public Connection getConnection() {
    return connection;
  }

  @Override
  public void cancel() throws SQLException {
    connection.session().cancel();
  }

  @Override
  public void close() {
    closeCurrent();
    closed = true;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public int getMaxRows() {
    return maxRows;
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    if (max < 0) {
      throw new SQLException("maxRows must be >= 0. Provided value: " + max, "22023");
    }
    maxRows = max;
  }

  @Override
  public int getQueryTimeout() {
    return queryTimeout;
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    if (seconds < 0) {
      throw new SQLException("query timeout must be >= 0. Provided value: " + seconds, "22023");
    }
    queryTimeout = seconds;
  }

  @Override
  public int getMaxFieldSize() {
    return 0;
  }

  @Override
  public void setMaxFieldSize(int max) {
    // values are numbers and public keys; no truncation needed
  }

  @Override
  public void setEscapeProcessing(boolean enable) {
    // the analyzer parses the SQL as written; JDBC escapes are not rewritten
  }

  @Override
  public void setCursorName(String name) throws SQLException {
    throw Refusals.unsupported("Statement.setCursorName");
  }

  @Override
  public int getFetchDirection() {
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    if (direction != ResultSet.FETCH_FORWARD) {
      throw Refusals.unsupported("Statement.setFetchDirection(non-forward)");
    }
  }

  @Override
  public int getFetchSize() {
    return fetchSize;
  }

  @Override
  public void setFetchSize(int rows) {
    fetchSize = rows;
  }

  @Override
  public int getResultSetConcurrency() {
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getResultSetType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public void setPoolable(boolean poolable) {
    this.poolable = poolable;
  }

  @Override
  public boolean isPoolable() {
    return poolable;
  }

  @Override
  public void closeOnCompletion() {
    closeOnCompletion = true;
  }

  @Override
  public boolean isCloseOnCompletion() {
    return closeOnCompletion;
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    throw batch();
  }

  @Override
  public void clearBatch() {
    // there is never a batch to clear
  }

  @Override
  public int[] executeBatch() throws SQLException {
    throw batch();
  }

  static SQLException batch() {
    return new SQLException(
        "batches are refused: execute each statement on its own so each release shows its cost",
        dev.dpjdbc.analyze.AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    throw Refusals.readOnly();
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    throw Refusals.readOnly();
  }
}
