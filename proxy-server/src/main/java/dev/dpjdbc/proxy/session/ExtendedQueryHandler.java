package dev.dpjdbc.proxy.session;

import dev.dpjdbc.proxy.wire.Frontend;
import dev.dpjdbc.proxy.wire.Messages;
import dev.dpjdbc.proxy.wire.PgMessageType;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Parse/Bind/Describe/Execute/Close/Sync of the extended query protocol. Named statements live
 * until Close; the unnamed statement and portal are replaced by the next Parse/Bind; portals are
 * dropped at Sync outside a transaction block (as PostgreSQL drops them at transaction end). Any
 * failure sends ErrorResponse and makes the session discard input until Sync.
 */
final class ExtendedQueryHandler {
  private final Session session;
  private final Map<String, PreparedStmt> statements = new HashMap<>();
  private final Map<String, Portal> portals = new HashMap<>();

  ExtendedQueryHandler(Session session) {
    this.session = session;
  }

  void parse(Frontend.Parse msg) throws IOException {
    if (!msg.statement().isEmpty() && statements.containsKey(msg.statement())) {
      session.failExtended(
          "42P05", "prepared statement \"" + msg.statement() + "\" already exists");
      return;
    }
    try {
      PreparedStmt stmt = prepare(msg);
      PreparedStmt old = statements.put(msg.statement(), stmt);
      if (old != null) {
        old.close();
      }
      Messages.parseComplete(session.out());
    } catch (SQLException e) {
      fail(e);
    }
  }

  private PreparedStmt prepare(Frontend.Parse msg) throws SQLException {
    String sql = msg.sql();
    if (sql.isBlank() || SqlText.isOnlyComments(sql)) {
      return new PreparedStmt(sql, PreparedStmt.Kind.EMPTY, null, msg.paramOids(), null);
    }
    SqlText.Translated jdbc = SqlText.translateParameters(sql);
    var words = SqlText.leadingWords(sql, 2);
    String first = words.isEmpty() ? "" : words.get(0);
    String second = words.size() > 1 ? words.get(1) : "";
    boolean tx =
        first.equals("BEGIN")
            || first.equals("COMMIT")
            || first.equals("END")
            || first.equals("ABORT")
            || (first.equals("START") && second.equals("TRANSACTION"))
            || (first.equals("ROLLBACK") && !second.equals("TO"));
    if (tx) {
      return new PreparedStmt(sql, PreparedStmt.Kind.TRANSACTION, jdbc, msg.paramOids(), null);
    }
    PreparedStatement ps = session.connection().prepareStatement(jdbc.sql());
    return new PreparedStmt(sql, PreparedStmt.Kind.JDBC, jdbc, msg.paramOids(), ps);
  }

  void bind(Frontend.Bind msg) throws IOException {
    PreparedStmt stmt = statements.get(msg.statement());
    if (stmt == null) {
      session.failExtended(
          "26000", "prepared statement \"" + msg.statement() + "\" does not exist");
      return;
    }
    if (!msg.portal().isEmpty() && portals.containsKey(msg.portal())) {
      session.failExtended("42P03", "portal \"" + msg.portal() + "\" already exists");
      return;
    }
    int expected = stmt.paramOids.length;
    if (msg.values().length != expected) {
      session.failExtended(
          "08P01",
          "bind message supplies "
              + msg.values().length
              + " parameters, but prepared statement \""
              + msg.statement()
              + "\" requires "
              + expected);
      return;
    }
    try {
      if (stmt.kind == PreparedStmt.Kind.JDBC) {
        PreparedStatement ps = stmt.statement;
        ps.clearParameters();
        int[] order = stmt.jdbc.order();
        for (int k = 0; k < order.length; k++) {
          int p = order[k];
          ParameterBinder.bind(ps, k + 1, msg.values()[p], msg.paramFormat(p), stmt.paramOids[p]);
        }
      }
      Portal old = portals.put(msg.portal(), new Portal(stmt, msg.resultFormats()));
      if (old != null) {
        old.close();
      }
      Messages.bindComplete(session.out());
    } catch (SQLException e) {
      fail(e);
    } catch (RuntimeException e) {
      session.failExtended("22P02", "invalid parameter value: " + e.getMessage());
    }
  }

  void describe(Frontend.Describe msg) throws IOException {
    try {
      if (msg.kind() == 'S') {
        PreparedStmt stmt = statements.get(msg.name());
        if (stmt == null) {
          session.failExtended("26000", "prepared statement \"" + msg.name() + "\" does not exist");
          return;
        }
        Messages.parameterDescription(session.out(), stmt.describeParameters());
        Columns columns = stmt.kind == PreparedStmt.Kind.JDBC ? stmt.columns() : null;
        if (columns == null) {
          Messages.noData(session.out());
        } else {
          Messages.rowDescription(session.out(), columns.fields());
        }
      } else if (msg.kind() == 'P') {
        Portal portal = portals.get(msg.name());
        if (portal == null) {
          session.failExtended("34000", "portal \"" + msg.name() + "\" does not exist");
          return;
        }
        if (portal.statement.kind == PreparedStmt.Kind.JDBC) {
          portal.ensureExecuted(session);
        }
        if (portal.columns() == null) {
          Messages.noData(session.out());
        } else {
          Messages.rowDescription(session.out(), portal.columns().fields());
        }
      } else {
        session.failExtended("08P01", "invalid DESCRIBE message subtype " + msg.kind());
      }
    } catch (SQLException e) {
      fail(e);
    }
  }

  void execute(Frontend.Execute msg) throws IOException {
    Portal portal = portals.get(msg.portal());
    if (portal == null) {
      session.failExtended("34000", "portal \"" + msg.portal() + "\" does not exist");
      return;
    }
    PreparedStmt stmt = portal.statement;
    try {
      switch (stmt.kind) {
        case EMPTY -> Messages.emptyQueryResponse(session.out());
        case TRANSACTION -> {
          if (!portal.finished()) {
            portal.finish();
            Messages.commandComplete(session.out(), session.transactionControl(stmt.sql));
          }
        }
        case JDBC -> executeJdbc(portal, msg.maxRows());
      }
    } catch (SQLException e) {
      fail(e);
    }
  }

  private void executeJdbc(Portal portal, int maxRows) throws SQLException, IOException {
    if (!portal.finished() && session.refuseInFailedTransaction(portal.statement.sql)) {
      session.ignoreUntilSync();
      return;
    }
    portal.ensureExecuted(session);
    String sql = portal.statement.sql;
    if (portal.resultSet() != null && !portal.finished() && portal.firstExecute()) {
      // the release happened now: its cost NOTICE goes out before the first rows, not only after a
      // suspended portal's last Execute
      session.sendWarnings(portal.statement.statement, portal.resultSet());
    }
    if (portal.resultSet() == null) {
      session.sendWarnings(portal.statement.statement, null);
      Messages.commandComplete(session.out(), CommandTags.forUpdate(sql, portal.updateCount()));
      portal.finish();
      return;
    }
    if (portal.finished()) {
      Messages.commandComplete(session.out(), CommandTags.forRows(sql, 0));
      return;
    }
    session.running(portal.statement.statement);
    long sent;
    try {
      sent = session.writeRows(portal.resultSet(), portal.columns(), maxRows);
    } finally {
      session.running(null);
    }
    if (sent < 0) {
      Messages.portalSuspended(session.out());
      return;
    }
    portal.finish();
    portal.close();
    Messages.commandComplete(session.out(), CommandTags.forRows(sql, sent));
  }

  void close(Frontend.Close msg) throws IOException {
    if (msg.kind() == 'S') {
      PreparedStmt stmt = statements.remove(msg.name());
      if (stmt != null) {
        portals.values().removeIf(p -> p.statement == stmt);
        stmt.close();
      }
    } else if (msg.kind() == 'P') {
      Portal portal = portals.remove(msg.name());
      if (portal != null) {
        portal.close();
      }
    } else {
      session.failExtended("08P01", "invalid CLOSE message subtype " + msg.kind());
      return;
    }
    Messages.closeComplete(session.out());
  }

  void sync() throws IOException {
    session.resume();
    if (session.txStatus() == PgMessageType.TX_IDLE) {
      portals.values().forEach(Portal::close);
      portals.clear();
    }
    session.readyForQuery();
  }

  void closeAll() {
    portals.values().forEach(Portal::close);
    portals.clear();
    statements.values().forEach(PreparedStmt::close);
    statements.clear();
  }

  private void fail(SQLException e) throws IOException {
    session.sendError(e);
    session.ignoreUntilSync();
  }
}
