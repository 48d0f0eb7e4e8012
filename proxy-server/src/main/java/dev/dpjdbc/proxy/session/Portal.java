package dev.dpjdbc.proxy.session;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A bound statement: executed at most once (on Describe or the first Execute), then its result set
 * is read in chunks by Execute row limits (PortalSuspended in between).
 */
final class Portal implements AutoCloseable {
  final PreparedStmt statement;
  final int[] resultFormats;
  private boolean executed;
  private ResultSet resultSet;
  private Columns columns;
  private long updateCount = -1;
  private boolean finished;
  private boolean executedOnce;

  Portal(PreparedStmt statement, int[] resultFormats) {
    this.statement = statement;
    this.resultFormats = resultFormats;
  }

  /** Runs the statement if that has not happened yet; sends its NOTICEs through the session. */
  void ensureExecuted(Session session) throws SQLException, java.io.IOException {
    if (executed) {
      return;
    }
    executed = true;
    session.running(statement.statement);
    try {
      if (statement.statement.execute()) {
        resultSet = statement.statement.getResultSet();
        Columns described = statement.described() ? statement.columns() : null;
        columns =
            described != null && described.size() == resultSet.getMetaData().getColumnCount()
                ? described.withFormats(resultFormats)
                : Columns.describe(resultSet.getMetaData(), resultFormats);
      } else {
        updateCount = statement.statement.getUpdateCount();
      }
    } finally {
      session.running(null);
    }
  }

  ResultSet resultSet() {
    return resultSet;
  }

  Columns columns() {
    return columns;
  }

  long updateCount() {
    return updateCount;
  }

  /** True on the first call only: the first Execute of this portal. */
  boolean firstExecute() {
    boolean first = !executedOnce;
    executedOnce = true;
    return first;
  }

  boolean finished() {
    return finished;
  }

  void finish() {
    finished = true;
  }

  @Override
  public void close() {
    if (resultSet != null) {
      try {
        resultSet.close();
      } catch (SQLException ignored) {
        // closing is best effort
      }
      resultSet = null;
    }
  }
}
