package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;

/**
 * Scrubs backend errors before they reach the analyst (pgjdbc's {@code getNonSensitiveErrorMessage}
 * habit): keeps the SQLState and the first line of the message, drops DETAIL/HINT/WHERE/position
 * (pgjdbc puts them on later lines) and the cause chain, which holds the full server message. Data
 * exceptions (class 22) and integrity violations (class 23) can quote a row value even in their
 * first line ({@code invalid input syntax for type integer: "Alice"}), so their text is replaced
 * entirely.
 */
public final class BackendErrors {
  private BackendErrors() {}

  /** A new exception with only the non-sensitive parts of {@code e}. */
  public static SQLException scrub(SQLException e) {
    String state = e.getSQLState();
    if (state == null || state.length() != 5) {
      state = AnalyzerSqlState.BACKEND_ERROR.code();
    }
    if (state.startsWith("22") || state.startsWith("23")) {
      return new SQLException(
          "the backend raised a data exception (SQLState "
              + state
              + "); its text is withheld because it can quote row values",
          state);
    }
    return new SQLException("backend: " + firstLine(e.getMessage()), state);
  }

  static String firstLine(String message) {
    if (message == null) {
      return "error without a message";
    }
    int nl = message.indexOf('\n');
    String line = nl < 0 ? message : message.substring(0, nl);
    return line.strip();
  }
}
