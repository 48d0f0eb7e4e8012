package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.ConnectionConfig;
import dev.dpjdbc.driver.catalog.CatalogDoor;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One session's catalog connection: the catalog role's, borrowed on first use from its pool, or
 * (with no catalog role configured) the session's own data connection; the {@link CatalogDoor} over
 * it; and how it goes back. On PostgreSQL it gets {@code DISCARD ALL} before it returns to the
 * pool, so the next session, perhaps another analyst's, inherits no setting, prepared statement or
 * temporary object of this one (pgJDBC notices the command and forgets its own prepared
 * statements); a connection that cannot be reset, or one whose settings a SET changed on H2, is
 * evicted instead.
 */
final class CatalogLink {
  /** The catalog role's pool. */
  interface Pool {
    /** A catalog-role connection, or null when no catalog role is configured. */
    Connection borrow() throws SQLException;

    void giveBack(Connection catalog, boolean evict) throws SQLException;
  }

  /** No catalog role: pass-through uses the data connection. */
  static final Pool NONE =
      new Pool() {
        @Override
        public Connection borrow() {
          return null;
        }

        @Override
        public void giveBack(Connection catalog, boolean evict) {}
      };

  private final Pool pool;
  private final boolean postgres;
  private final ConnectionConfig.Catalog limits;
  private final Connection data;
  private Connection catalog;
  private CatalogDoor door;
  private boolean changed;

  /**
   * @param postgres whether the backend is PostgreSQL, whose parse checks pass-through statements
   * @param limits the result caps and the test-only pass-all switch
   * @param data the session's data connection, used when {@code pool} has no catalog role
   */
  CatalogLink(Pool pool, boolean postgres, ConnectionConfig.Catalog limits, Connection data) {
    this.pool = pool;
    this.postgres = postgres;
    this.limits = limits;
    this.data = data;
  }

  /** No catalog role, a non-PostgreSQL backend, default caps (tests over H2). */
  static CatalogLink dataConnectionOnly(Connection data) {
    return new CatalogLink(
        NONE, false, new ConnectionConfig.Catalog(null, null, 100_000, 32 << 20, false), data);
  }

  boolean postgres() {
    return postgres;
  }

  /** Test only: pass every statement through unchecked on the catalog role. */
  boolean passAll() {
    return limits.passAll();
  }

  /** Notes that a SET changed the catalog connection's state. */
  void changed(boolean byThisStatement) {
    changed |= byThisStatement;
  }

  /** The catalog connection, borrowed on first use. */
  Connection connection() throws SQLException {
    if (catalog != null && catalog != data && catalog.isClosed()) {
      // the pool marked it broken (HikariCP does so on SQLState 08*, and on 0A000, which
      // PostgreSQL also uses for "cross-database references are not implemented"): borrow anew
      Connection broken = catalog;
      catalog = null;
      door = null;
      try {
        pool.giveBack(broken, true);
      } catch (SQLException e) {
        // already closed: nothing to give back
      }
    }
    if (catalog == null) {
      Connection c = pool.borrow();
      catalog = c == null ? data : c;
      catalog.setAutoCommit(true);
    }
    return catalog;
  }

  CatalogDoor door() throws SQLException {
    connection(); // replaces a broken connection (and its door)
    if (door == null) {
      Connection c = connection();
      // the catalog role sees no user table: privilege questions are asked for the data role
      String dataRole = postgres && c != data ? data.getMetaData().getUserName() : null;
      door = new CatalogDoor(c, postgres, limits.maxRows(), limits.maxBytes(), dataRole);
    }
    return door;
  }

  /**
   * Resets and gives back the catalog connection; returns whether the data connection, when it
   * served as the catalog connection, must be evicted rather than pooled again.
   */
  boolean close() throws SQLException {
    if (catalog == null) {
      return false;
    }
    boolean evict = postgres ? !discard(catalog) : changed;
    if (catalog != data) {
      pool.giveBack(catalog, evict);
      return false;
    }
    return evict;
  }

  private static boolean discard(Connection c) {
    try (Statement s = c.createStatement()) {
      if (!c.getAutoCommit()) {
        c.rollback();
        c.setAutoCommit(true);
      }
      s.execute("DISCARD ALL");
      return true;
    } catch (SQLException e) {
      return false;
    }
  }
}
