package dev.dpjdbc.proxy.session;

import static dev.dpjdbc.proxy.wire.PgMessageType.TX_FAILED;
import static dev.dpjdbc.proxy.wire.PgMessageType.TX_IDLE;
import static dev.dpjdbc.proxy.wire.PgMessageType.TX_IN_BLOCK;

import dev.dpjdbc.proxy.session.ErrorMapping.PgError;
import dev.dpjdbc.proxy.wire.FrameReader.Frame;
import dev.dpjdbc.proxy.wire.FrameWriter;
import dev.dpjdbc.proxy.wire.Frontend;
import dev.dpjdbc.proxy.wire.Messages;
import dev.dpjdbc.proxy.wire.PgMessageType;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One authenticated client session after startup: owns the client's dp connection (the only way to
 * the data), its prepared statements and portals, and the transaction status reported in
 * ReadyForQuery. One handler per message; an explicit {@link State} decides what is read next
 * (after an error in the extended protocol everything up to Sync is discarded). Not thread-safe
 * except {@link #cancel()}, which the CancelRequest of another connection may call.
 */
public final class Session implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Session.class);

  /** Where the session is in the message flow. */
  public enum State {
    /** Accepting any message. */
    READY,
    /** An extended-protocol message failed: discard until Sync. */
    IGNORE_UNTIL_SYNC,
    /** Terminate received or the connection is gone. */
    TERMINATED
  }

  private final Connection connection;
  private final FrameWriter out;
  private final SimpleQueryHandler simple;
  private final ExtendedQueryHandler extended;
  private State state = State.READY;
  private byte txStatus = TX_IDLE;
  private volatile Statement running;

  public Session(Connection connection, FrameWriter out) {
    this.connection = connection;
    this.out = out;
    this.simple = new SimpleQueryHandler(this);
    this.extended = new ExtendedQueryHandler(this);
  }

  public State state() {
    return state;
  }

  /** Handles one frontend message; false once the session is over. */
  public boolean handle(Frame frame) throws IOException {
    byte type = frame.type();
    if (state == State.IGNORE_UNTIL_SYNC
        && type != PgMessageType.SYNC
        && type != PgMessageType.TERMINATE) {
      return true;
    }
    switch (type) {
      case PgMessageType.QUERY -> simple.handle(Frontend.Query.decode(frame.body()).sql());
      case PgMessageType.PARSE -> extended.parse(Frontend.Parse.decode(frame.body()));
      case PgMessageType.BIND -> extended.bind(Frontend.Bind.decode(frame.body()));
      case PgMessageType.DESCRIBE -> extended.describe(Frontend.Describe.decode(frame.body()));
      case PgMessageType.EXECUTE -> extended.execute(Frontend.Execute.decode(frame.body()));
      case PgMessageType.CLOSE -> extended.close(Frontend.Close.decode(frame.body()));
      case PgMessageType.SYNC -> extended.sync();
      case PgMessageType.FLUSH -> out.flush();
      case PgMessageType.TERMINATE -> state = State.TERMINATED;
      case PgMessageType.FUNCTION_CALL -> {
        sendError(
            new PgError("ERROR", "0A000", "the function call message is not supported by dpjdbc"));
        readyForQuery();
      }
      case PgMessageType.COPY_DATA, PgMessageType.COPY_DONE, PgMessageType.COPY_FAIL -> {
        // no COPY is ever started, so stray COPY messages are ignored (as PostgreSQL does)
      }
      default -> {
        Messages.errorResponse(
            out, "FATAL", "08P01", "invalid frontend message type " + (type & 0xff));
        out.flush();
        state = State.TERMINATED;
      }
    }
    return state != State.TERMINATED;
  }

  /** Cancels the statement running right now, if any (CancelRequest). */
  public void cancel() {
    Statement st = running;
    if (st != null) {
      try {
        st.cancel();
      } catch (SQLException e) {
        LOG.debug("cancel failed", e);
      }
    }
  }

  @Override
  public void close() {
    state = State.TERMINATED;
    extended.closeAll();
    try {
      connection.close();
    } catch (SQLException e) {
      LOG.debug("closing the dp connection failed", e);
    }
  }

  // --- shared by the handlers ------------------------------------------------------------

  Connection connection() {
    return connection;
  }

  FrameWriter out() {
    return out;
  }

  void running(Statement st) {
    running = st;
  }

  byte txStatus() {
    return txStatus;
  }

  void ignoreUntilSync() {
    state = State.IGNORE_UNTIL_SYNC;
  }

  void resume() {
    if (state == State.IGNORE_UNTIL_SYNC) {
      state = State.READY;
    }
  }

  void readyForQuery() throws IOException {
    Messages.readyForQuery(out, txStatus);
    out.flush();
  }

  /** Sends an ErrorResponse; a transaction block becomes failed ('E'). */
  void sendError(PgError error) throws IOException {
    Messages.errorResponse(out, error.severity(), error.sqlState(), error.message());
    if (txStatus == TX_IN_BLOCK) {
      txStatus = TX_FAILED;
    }
  }

  void sendError(SQLException e) throws IOException {
    LOG.debug("statement failed: {}", e.toString());
    sendError(ErrorMapping.of(e));
  }

  /** An error in the extended protocol: report it and discard until Sync. */
  void failExtended(String sqlState, String message) throws IOException {
    sendError(new PgError("ERROR", sqlState, message));
    ignoreUntilSync();
  }

  /** Released DP results carry their cost as SQLWarnings: each becomes a NoticeResponse. */
  void sendWarnings(Statement st, ResultSet rs) throws IOException {
    Set<String> sent = new LinkedHashSet<>();
    try {
      sendChain(st == null ? null : st.getWarnings(), sent);
      sendChain(rs == null ? null : rs.getWarnings(), sent);
      if (st != null) {
        st.clearWarnings();
      }
    } catch (SQLException e) {
      LOG.debug("reading warnings failed", e);
    }
  }

  private void sendChain(SQLWarning w, Set<String> sent) throws IOException {
    for (; w != null; w = w.getNextWarning()) {
      String message = ErrorMapping.scrub(w.getMessage());
      if (sent.add(message)) {
        String state = w.getSQLState() == null ? "00000" : w.getSQLState();
        Messages.noticeResponse(out, "NOTICE", state, message);
      }
    }
  }

  /**
   * Streams up to {@code maxRows} rows (0 = all) as DataRows.
   *
   * @return rows sent; negative (-(sent) - 1) when rows remain (the portal is suspended)
   */
  long writeRows(ResultSet rs, Columns columns, int maxRows) throws SQLException, IOException {
    long sent = 0;
    int n = columns.size();
    while (maxRows <= 0 || sent < maxRows) {
      if (!rs.next()) {
        return sent;
      }
      byte[][] values = new byte[n][];
      for (int i = 0; i < n; i++) {
        values[i] = columns.encode(rs, i);
      }
      Messages.dataRow(out, values);
      sent++;
    }
    return -sent - 1;
  }

  /**
   * BEGIN/START TRANSACTION/COMMIT/END/ROLLBACK/ABORT handled here through JDBC autocommit, so the
   * status byte is right whatever the driver does with them.
   *
   * @return the command tag, or null when {@code sql} is not transaction control
   */
  String transactionControl(String sql) throws SQLException, IOException {
    var words = SqlText.leadingWords(sql, 2);
    if (words.isEmpty()) {
      return null;
    }
    String first = words.get(0);
    String second = words.size() > 1 ? words.get(1) : "";
    boolean begin =
        first.equals("BEGIN") || (first.equals("START") && second.equals("TRANSACTION"));
    boolean commit = first.equals("COMMIT") || first.equals("END");
    boolean rollback = (first.equals("ROLLBACK") || first.equals("ABORT")) && !second.equals("TO");
    if (begin) {
      if (txStatus != TX_IDLE) {
        Messages.noticeResponse(
            out, "WARNING", "25001", "there is already a transaction in progress");
      } else {
        connection.setAutoCommit(false);
        txStatus = TX_IN_BLOCK;
      }
      return first.equals("BEGIN") ? "BEGIN" : "START TRANSACTION";
    }
    if (commit || rollback) {
      if (txStatus == TX_IDLE) {
        Messages.noticeResponse(out, "WARNING", "25P01", "there is no transaction in progress");
        return commit ? "COMMIT" : "ROLLBACK";
      }
      boolean failed = txStatus == TX_FAILED;
      txStatus = TX_IDLE;
      if (commit && !failed) {
        connection.commit();
      } else {
        connection.rollback();
      }
      connection.setAutoCommit(true);
      return commit && !failed ? "COMMIT" : "ROLLBACK";
    }
    return null;
  }

  /** In a failed transaction block only COMMIT/ROLLBACK run (SQLState 25P02). */
  boolean refuseInFailedTransaction(String sql) throws IOException {
    if (txStatus != TX_FAILED) {
      return false;
    }
    var words = SqlText.leadingWords(sql, 1);
    String first = words.isEmpty() ? "" : words.get(0);
    if (Set.of("COMMIT", "END", "ROLLBACK", "ABORT").contains(first)) {
      return false;
    }
    sendError(
        new PgError(
            "ERROR",
            "25P02",
            "current transaction is aborted, commands ignored until end of transaction block"));
    return true;
  }
}
