package dev.dpjdbc.driver.charge;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Whether a ledger exists, and its explicit creation — for a server that must not start with a
 * ledger that silently begins again at zero (a deleted ledger file, a wrong {@code ledger:} URL, a
 * fresh database): it {@link #probe}s first and {@link #create}s only when told to.
 *
 * <p>{@link #probe} creates nothing: an H2 file ledger is opened with {@code IFEXISTS=TRUE}, so an
 * absent database file stays absent; a PostgreSQL ledger is absent when its tables are. In-memory
 * H2 ledgers ({@code jdbc:h2:mem:}) are {@link State#IN_MEMORY}: they begin at zero by design.
 * Failures name no path or URL ({@link LedgerErrors}).
 */
public final class LedgerStore {
  /** What {@link #probe} found. */
  public enum State {
    /** {@code jdbc:h2:mem:}: lives and dies with the process. */
    IN_MEMORY,
    /** The database and the ledger's tables exist. */
    PRESENT,
    /** The database (H2 file) or the ledger's tables are not there. */
    ABSENT
  }

  /** H2's "database not found" codes: 90146 (with IFEXISTS=TRUE) and 90013. */
  private static final List<Integer> H2_NOT_FOUND = List.of(90146, 90013);

  private LedgerStore() {}

  /** The ledger's table names (unqualified, in the URL's default schema). */
  public static List<String> tables() {
    return List.of(LedgerSchema.META, LedgerSchema.ANALYST, LedgerSchema.CHARGE);
  }

  public static boolean isInMemory(String jdbcUrl) {
    return jdbcUrl.toLowerCase(Locale.ROOT).startsWith("jdbc:h2:mem:");
  }

  /** Finds out whether the ledger at {@code jdbcUrl} exists; creates nothing. */
  public static State probe(String jdbcUrl) throws SQLException {
    if (isInMemory(jdbcUrl)) {
      return State.IN_MEMORY;
    }
    String url = isH2(jdbcUrl) ? ifExists(jdbcUrl) : jdbcUrl;
    try (Connection c = LedgerConnections.connect(url)) {
      return LedgerSchema.existingVersion(c) == null ? State.ABSENT : State.PRESENT;
    } catch (SQLException e) {
      if (isH2(jdbcUrl) && H2_NOT_FOUND.contains(e.getErrorCode())) {
        return State.ABSENT;
      }
      throw LedgerErrors.hide("looking for the ledger", jdbcUrl, e);
    }
  }

  /** Creates the ledger's database (H2) and tables if absent, and checks its schema version. */
  public static void create(String jdbcUrl) throws SQLException {
    try (Ledger ignored = Ledger.open(jdbcUrl)) {
      // open() creates what is missing
    }
  }

  private static boolean isH2(String jdbcUrl) {
    return jdbcUrl.toLowerCase(Locale.ROOT).startsWith("jdbc:h2:");
  }

  /** The H2 URL with {@code IFEXISTS=TRUE}, unless it sets IFEXISTS itself. */
  static String ifExists(String h2Url) {
    return h2Url.toUpperCase(Locale.ROOT).contains(";IFEXISTS=") ? h2Url : h2Url + ";IFEXISTS=TRUE";
  }
}
