package dev.dpjdbc.driver.charge;

import java.sql.SQLException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ledger fails closed and quietly: any failure of the ledger's database becomes an exception
 * that says only what failed and its SQLState — never a file path, host or URL, which H2's and
 * pgJDBC's own messages carry ("Database /srv/dpjdbc/ledger not found", "Connection to db:5432
 * refused") — and has no cause chain to dig them out of. The details go to the server's log
 * (SLF4J), with any password in the URL masked. Messages the ledger writes itself ({@link
 * LedgerException}, {@link BudgetExhaustedException}) pass unchanged.
 */
final class LedgerErrors {
  private static final Logger LOG = LoggerFactory.getLogger(Ledger.class);
  private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

  /** State for a failure without one: 58000, system error. */
  static final String SYSTEM_ERROR = "58000";

  private LedgerErrors() {}

  /** A message of the ledger's own: safe to show to the analyst. */
  static final class LedgerException extends SQLException {
    private static final long serialVersionUID = 1L;

    LedgerException(String message, String sqlState) {
      super(message, sqlState);
    }

    LedgerException(String message, String sqlState, Throwable cause) {
      super(message, sqlState, cause);
    }
  }

  /**
   * {@code e} itself when the ledger wrote it, else a new exception naming only {@code action} and
   * the SQLState; logs the original.
   */
  static SQLException hide(String action, String url, SQLException e) {
    if (e instanceof LedgerException || e instanceof BudgetExhaustedException) {
      return e;
    }
    String state = e.getSQLState();
    if (state == null || state.length() != 5) {
      state = SYSTEM_ERROR;
    }
    LOG.error("privacy ledger at {}: {} failed", masked(url), action, e);
    return new SQLException(
        "the privacy ledger is unavailable: "
            + action
            + " failed (SQLState "
            + state
            + "), so nothing was released; the server log has the details",
        state);
  }

  /** {@code url} with the value of any {@code password=} parameter replaced by {@code ***}. */
  static String masked(String url) {
    return url == null ? null : PASSWORD.matcher(url).replaceAll("$1***");
  }
}
