package dev.dpjdbc.proxy.session;

import java.sql.SQLException;

/**
 * Turns an SQLException into ErrorResponse fields: C = its SQLState (XX000 when it has none), M =
 * its message with any backend DETAIL/HINT/WHERE/position lines cut off — they can quote row values
 * (pgjdbc's {@code ServerErrorMessage} appends them as "\n Detail: ..."). The driver scrubs too;
 * this is the second fence.
 */
public final class ErrorMapping {
  private ErrorMapping() {}

  /** An ErrorResponse's fields. */
  public record PgError(String severity, String sqlState, String message) {}

  private static final String[] CUT_AT = {
    "\n  Detail:", "\n  Hint:", "\n  Where:", "\n  Position:", "\n  Location:",
    "\n  Internal Query:", "\n  Internal Position:", "\n  Server SQLState:", "\nDetail:", "\nHint:",
    "\nWhere:"
  };

  public static PgError of(SQLException e) {
    String state = e.getSQLState();
    if (state == null || state.length() != 5) {
      state = "XX000";
    }
    return new PgError("ERROR", state, scrub(e.getMessage()));
  }

  public static String scrub(String message) {
    if (message == null || message.isBlank()) {
      return "internal error";
    }
    String m = message;
    for (String marker : CUT_AT) {
      int at = m.indexOf(marker);
      if (at >= 0) {
        m = m.substring(0, at);
      }
    }
    if (m.startsWith("ERROR: ")) {
      m = m.substring("ERROR: ".length());
    }
    return m.strip();
  }
}
