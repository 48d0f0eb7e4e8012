package dev.dpjdbc.proxy.session;

import dev.dpjdbc.proxy.wire.Messages;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The simple Query message: the string is split into statements (quotes and comments respected),
 * each runs through the dp connection with its own RowDescription/DataRows/CommandComplete, the
 * first error stops the rest, and one ReadyForQuery ends it. An empty string answers
 * EmptyQueryResponse.
 */
final class SimpleQueryHandler {
  private final Session session;

  SimpleQueryHandler(Session session) {
    this.session = session;
  }

  void handle(String sql) throws IOException {
    List<String> statements = SqlText.split(sql);
    if (statements.isEmpty()) {
      Messages.emptyQueryResponse(session.out());
    }
    for (String statement : statements) {
      if (!run(statement)) {
        break;
      }
    }
    session.resume();
    session.readyForQuery();
  }

  /** Runs one statement; false when it failed. */
  private boolean run(String sql) throws IOException {
    if (session.refuseInFailedTransaction(sql)) {
      return false;
    }
    try {
      String txTag = session.transactionControl(sql);
      if (txTag != null) {
        Messages.commandComplete(session.out(), txTag);
        return true;
      }
      try (Statement st = session.connection().createStatement()) {
        session.running(st);
        if (st.execute(sql)) {
          try (ResultSet rs = st.getResultSet()) {
            Columns columns = Columns.describe(rs.getMetaData(), new int[0]);
            Messages.rowDescription(session.out(), columns.fields());
            long rows = session.writeRows(rs, columns, 0);
            session.sendWarnings(st, rs);
            Messages.commandComplete(session.out(), CommandTags.forRows(sql, rows));
          }
        } else {
          session.sendWarnings(st, null);
          Messages.commandComplete(session.out(), CommandTags.forUpdate(sql, st.getUpdateCount()));
        }
      } finally {
        session.running(null);
      }
      return true;
    } catch (SQLException e) {
      session.sendError(e);
      return false;
    } catch (RuntimeException e) {
      session.sendError(new SQLException("internal error: " + e.getMessage(), "XX000", e));
      return false;
    }
  }
}
