package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.BackendDrivers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A tiny pool of the ledger's own connections, opened with {@link BackendDrivers}: one connection
 * per concurrent charge, kept idle for reuse, checked with {@link Connection#isValid(int)} before
 * reuse so a restarted ledger database is reconnected transparently.
 *
 * <p>Every connection handed out is in auto-commit mode at READ COMMITTED; H2 connections get a 30
 * s lock timeout (H2's 1 s default is too short when many sessions queue on one analyst's row) and
 * a write delay of 0, so that a commit is in the file (not only in H2's memory) when it returns.
 * Thread-safe.
 */
final class LedgerConnections implements AutoCloseable {

  private static final int MAX_IDLE = 8;
  private static final int VALIDATION_TIMEOUT_SECONDS = 5;
  private static final int H2_LOCK_TIMEOUT_MILLIS = 30_000;

  private final String url;
  private final Deque<Connection> idle = new ArrayDeque<>();
  private boolean closed;

  LedgerConnections(String url) {
    this.url = url;
  }

  /** A plain connection to {@code url}, through the bundled drivers ({@link BackendDrivers}). */
  static Connection connect(String url) throws SQLException {
    return BackendDrivers.connect(url, null);
  }

  String url() {
    return url;
  }

  /** A connection for one operation; give it back with {@link #release}. */
  Connection acquire() throws SQLException {
    while (true) {
      Connection reused;
      synchronized (this) {
        if (closed) {
          throw new LedgerErrors.LedgerException("the privacy ledger is closed", "08003");
        }
        reused = idle.pollFirst();
      }
      if (reused == null) {
        return open();
      }
      if (reused.isValid(VALIDATION_TIMEOUT_SECONDS)) {
        return reused;
      }
      closeQuietly(reused);
    }
  }

  /**
   * Takes back a connection. {@code healthy = false} (after an unexpected failure) closes it
   * instead of reusing it.
   */
  void release(Connection connection, boolean healthy) {
    if (healthy) {
      try {
        if (!connection.getAutoCommit()) {
          connection.rollback();
          connection.setAutoCommit(true);
        }
      } catch (SQLException e) {
        healthy = false;
      }
    }
    if (healthy) {
      synchronized (this) {
        if (!closed && idle.size() < MAX_IDLE) {
          idle.addFirst(connection);
          return;
        }
      }
    }
    closeQuietly(connection);
  }

  private Connection open() throws SQLException {
    Connection connection = BackendDrivers.connect(url, null);
    try {
      connection.setAutoCommit(true);
      connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
      if (!LedgerSchema.isPostgres(connection)
          && connection.getMetaData().getDatabaseProductName().startsWith("H2")) {
        try (Statement st = connection.createStatement()) {
          st.execute("SET LOCK_TIMEOUT " + H2_LOCK_TIMEOUT_MILLIS);
          // H2 keeps commits in memory for up to WRITE_DELAY (500 ms) before writing them to the
          // file: a process crash then forgets charges whose answers were released. 0 writes each
          // commit to the file before it returns (no fsync: see docs/ledger.md, "Durability")
          st.execute("SET WRITE_DELAY 0");
        }
      }
      return connection;
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection);
      throw e;
    }
  }

  @Override
  public void close() throws SQLException {
    List<Connection> toClose;
    synchronized (this) {
      closed = true;
      toClose = new ArrayList<>(idle);
      idle.clear();
    }
    SQLException first = null;
    for (Connection c : toClose) {
      try {
        c.close();
      } catch (SQLException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // already broken
    }
  }
}
