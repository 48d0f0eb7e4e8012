package dev.dpjdbc.it.boundary;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Optional;

/**
 * Everything a client received for one statement, as text: every value of every row, column labels,
 * update counts, every warning/notice, and for an error its SQLState, message, the next exceptions,
 * the causes and (pgJDBC) the server's DETAIL/HINT/WHERE fields.
 *
 * @param statement the statement sent
 * @param sqlState the error's SQLState, or null when the statement was answered
 * @param text all of the above, concatenated
 * @param released true when the answer carried dpjdbc's cost notice (a noisy release)
 */
record Response(String statement, String sqlState, String text, boolean released) {

  /** The marker dpjdbc puts in the warning (driver) or NOTICE (proxy) of every noisy release. */
  static final String RELEASE_MARKER = "dpjdbc: released with";

  boolean refused() {
    return sqlState != null;
  }

  /** The first canary in this response, described, or empty. */
  Optional<String> leak() {
    return Canary.findIn(text, released);
  }

  /** Runs {@code sql} on a JDBC statement and collects what came back. */
  static Response ofJdbc(Statement s, String sql) {
    StringBuilder text = new StringBuilder();
    try {
      boolean isResult = s.execute(sql);
      while (true) {
        if (isResult) {
          try (ResultSet rs = s.getResultSet()) {
            appendRows(rs, text);
            appendWarnings(rs.getWarnings(), text);
          }
        } else if (s.getUpdateCount() == -1) {
          break;
        } else {
          text.append("[update ").append(s.getUpdateCount()).append("]\n");
        }
        isResult = s.getMoreResults();
      }
      appendWarnings(s.getWarnings(), text);
      appendWarnings(s.getConnection().getWarnings(), text);
      String t = text.toString();
      return new Response(sql, null, t, t.contains(RELEASE_MARKER));
    } catch (SQLException e) {
      appendError(e, text);
      try {
        appendWarnings(s.getWarnings(), text);
      } catch (SQLException ignored) {
        // the statement is closed; its warnings are gone with it
      }
      String state = e.getSQLState() == null ? "?????" : e.getSQLState();
      return new Response(sql, state, text.toString(), false);
    }
  }

  static void appendRows(ResultSet rs, StringBuilder text) throws SQLException {
    int n = rs.getMetaData().getColumnCount();
    for (int i = 1; i <= n; i++) {
      text.append(rs.getMetaData().getColumnLabel(i)).append('|');
    }
    text.append('\n');
    while (rs.next()) {
      for (int i = 1; i <= n; i++) {
        Object o = rs.getObject(i);
        text.append(o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : o);
        text.append('|');
      }
      text.append('\n');
    }
  }

  static void appendWarnings(SQLWarning w, StringBuilder text) {
    for (; w != null; w = w.getNextWarning()) {
      text.append("[warning ").append(w.getSQLState()).append("] ").append(w.getMessage());
      text.append('\n');
    }
  }

  static void appendError(SQLException e, StringBuilder text) {
    for (SQLException x = e; x != null; x = x.getNextException()) {
      for (Throwable t = x; t != null; t = t.getCause()) {
        text.append("[error ");
        if (t instanceof SQLException sql) {
          text.append(sql.getSQLState());
        }
        text.append("] ").append(t.getMessage()).append('\n');
        if (t instanceof org.postgresql.util.PSQLException p && p.getServerErrorMessage() != null) {
          var m = p.getServerErrorMessage();
          text.append(m.getDetail()).append('\n').append(m.getHint()).append('\n');
          text.append(m.getWhere()).append('\n').append(m.getInternalQuery()).append('\n');
        }
        if (t.getCause() == t) {
          break;
        }
      }
      if (x.getNextException() == x) {
        break;
      }
    }
  }
}
