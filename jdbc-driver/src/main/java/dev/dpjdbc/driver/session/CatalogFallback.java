package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.catalog.PgParseCheck;
import java.sql.SQLException;
import java.util.Set;

/**
 * On PostgreSQL, a statement the analyzer cannot read (its parser or validator refuses it with a
 * data-independent error, before anything is charged) is offered to the catalog door, where
 * PostgreSQL's own parse decides: catalog SQL that only our token classifier or Calcite's grammar
 * misread (a quoted {@code "substring"(...)}, aliases named {@code update}, window functions over
 * {@code unnest}) is then answered as PostgreSQL would answer it. When the door refuses too (it
 * touches user data, 42501) or PostgreSQL cannot parse it either, the analyzer's error stands: its
 * message is the one written for queries over private data; only a statement that reads the system
 * catalogs gets the door's refusal instead. Nothing is charged on either path; on other backends
 * (H2) nothing changes.
 */
final class CatalogFallback {
  private CatalogFallback() {}

  /** The analyzer's SQLStates that cannot depend on the data: parse and name resolution. */
  private static final Set<String> DATA_INDEPENDENT =
      Set.of("42601", "42P01", "42703", "42883", "0A000");

  /** A call to the catalog door. */
  @FunctionalInterface
  interface DoorCall<T> {
    T call() throws SQLException;
  }

  /**
   * The analyzer's data-independent refusal of {@code statement}, or null when it plans (or the
   * backend is not PostgreSQL); any other planning error is thrown as it is.
   */
  static SQLException refusal(PrivacyPath path, CatalogLink catalog, String statement)
      throws SQLException {
    if (!catalog.postgres()) {
      return null;
    }
    try {
      path.plan(statement);
      return null;
    } catch (SQLException e) {
      if (e.getSQLState() != null && DATA_INDEPENDENT.contains(e.getSQLState())) {
        return e;
      }
      throw e;
    }
  }

  /**
   * The door's answer; when the door refuses or PostgreSQL cannot parse the statement either (class
   * 42 or 0A000), {@code analyzerError} instead, unless the statement reads the system catalogs
   * (say, {@code pg_class} joined with a user table): then the door's 42501 names what it may not
   * touch. Errors of running an accepted catalog statement (result caps, timeouts) are the door's.
   */
  static <T> T door(SQLException analyzerError, DoorCall<T> door) throws SQLException {
    try {
      return door.call();
    } catch (SQLException e) {
      String state = e.getSQLState() == null ? "" : e.getSQLState();
      if (e instanceof PgParseCheck.CatalogStatementRefused) {
        throw e; // it reads the system catalogs: the catalog door's reason is the one that fits
      }
      if (state.startsWith("42") || state.equals("0A000")) {
        throw analyzerError;
      }
      throw e;
    }
  }
}
