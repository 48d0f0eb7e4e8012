package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.session.ErrorMapping;
import dev.dpjdbc.proxy.session.Session;
import dev.dpjdbc.proxy.wire.FrameReader;
import dev.dpjdbc.proxy.wire.FrameWriter;
import dev.dpjdbc.proxy.wire.Messages;
import dev.dpjdbc.proxy.wire.PgMessageType;
import dev.dpjdbc.proxy.wire.ProtocolException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TimeZone;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One authenticated client on its own thread: the dp connection, the session parameters, then the
 * message loop of its {@link Session} until Terminate or EOF. It holds one of the server's session
 * slots, which {@code onExit} gives back.
 */
final class ClientConnection implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);

  private final Handshake.Authenticated client;
  private final ProxyConfig config;
  private final SessionRegistry registry;
  private final Runnable onExit;
  private final Socket socket;
  private final InputStream in;

  ClientConnection(
      Handshake.Authenticated client,
      ProxyConfig config,
      SessionRegistry registry,
      Runnable onExit) {
    this.client = client;
    this.socket = client.socket();
    this.in = client.in();
    this.config = config;
    this.registry = registry;
    this.onExit = onExit;
  }

  @Override
  public void run() {
    try {
      socket.setSoTimeout(0); // authenticated: idle sessions may wait for their analyst
      serve(client.startup(), client.user());
    } catch (ProtocolException e) {
      LOG.debug("protocol violation: {}", e.getMessage());
      try {
        fatal(client.writer(), "08P01", e.getMessage());
      } catch (IOException ignored) {
        // the client is gone
      }
    } catch (IOException e) {
      LOG.debug("connection ended: {}", e.toString());
    } finally {
      try {
        socket.close();
      } catch (IOException ignored) {
        // already closed
      }
      onExit.run();
    }
  }

  private void serve(Map<String, String> startup, String user) throws IOException {
    FrameWriter writer = client.writer();
    FrameReader reader = new FrameReader(in);
    String wanted = startup.get("database");
    wanted = wanted == null || wanted.isEmpty() ? user : wanted; // PostgreSQL's default
    String served = config.backend().database();
    if (served != null && !served.equals(wanted)) {
      fatal(
          writer,
          "3D000",
          "database \""
              + wanted
              + "\" does not exist; this dpjdbc proxy serves the database \""
              + served
              + "\"");
      return;
    }
    Connection connection;
    try {
      connection = config.backend().open(user);
    } catch (SQLException e) {
      // the reason is the server's configuration or health (backend, policy, ledger), and its
      // text can name files, hosts and URLs: the log gets it, the analyst only its SQLState
      LOG.error("cannot open a session for analyst {}: {}", user, e.getMessage(), e);
      String state = ErrorMapping.of(e).sqlState();
      fatal(
          writer,
          state,
          "the proxy cannot open a session right now (SQLState "
              + state
              + "); nothing was run. The administrator will find the reason in the proxy's log");
      return;
    }
    try (Session session = new Session(connection, writer)) {
      SessionRegistry.Key key = registry.register(session);
      try {
        sendParameters(writer, startup, user, backendVersion(connection));
        Messages.backendKeyData(writer, key.processId(), key.secretKey());
        Messages.readyForQuery(writer, PgMessageType.TX_IDLE);
        writer.flush();
        FrameReader.Frame frame;
        while ((frame = reader.readFrame()) != null && session.handle(frame)) {
          // one handler per message, in Session
        }
      } finally {
        registry.unregister(key);
      }
    }
  }

  /**
   * The backend's PostgreSQL version (psql picks its catalog queries by it: a PostgreSQL 14 backend
   * has no {@code pg_publication_namespace}), else 15.0 for non-PostgreSQL backends.
   */
  private static String backendVersion(Connection connection) {
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SHOW server_version")) {
      if (rs.next()) {
        String v = rs.getString(1);
        if (v != null && !v.isEmpty() && Character.isDigit(v.charAt(0))) {
          return v.split(" ")[0];
        }
      }
    } catch (SQLException e) {
      LOG.debug("backend version unknown: {}", e.toString());
    }
    return "15.0";
  }

  private static void sendParameters(
      FrameWriter w, Map<String, String> startup, String user, String version) throws IOException {
    Messages.parameterStatus(w, "server_version", version + " (dpjdbc)");
    Messages.parameterStatus(w, "server_encoding", "UTF8");
    Messages.parameterStatus(w, "client_encoding", "UTF8");
    Messages.parameterStatus(w, "DateStyle", "ISO, MDY");
    Messages.parameterStatus(w, "IntervalStyle", "postgres");
    Messages.parameterStatus(w, "standard_conforming_strings", "on");
    Messages.parameterStatus(w, "integer_datetimes", "on");
    Messages.parameterStatus(
        w, "TimeZone", startup.getOrDefault("TimeZone", TimeZone.getDefault().getID()));
    Messages.parameterStatus(w, "application_name", startup.getOrDefault("application_name", ""));
    Messages.parameterStatus(w, "is_superuser", "off");
    Messages.parameterStatus(w, "session_authorization", user);
  }

  /** Sends a FATAL ErrorResponse (the caller then closes the connection). */
  static void fatal(FrameWriter w, String sqlState, String message) throws IOException {
    Messages.errorResponse(w, "FATAL", sqlState, message);
    w.flush();
  }
}
