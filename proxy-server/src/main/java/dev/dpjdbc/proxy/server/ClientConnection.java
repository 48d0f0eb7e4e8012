package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.auth.ScramServer;
import dev.dpjdbc.proxy.session.ErrorMapping;
import dev.dpjdbc.proxy.session.Session;
import dev.dpjdbc.proxy.wire.FrameReader;
import dev.dpjdbc.proxy.wire.FrameWriter;
import dev.dpjdbc.proxy.wire.Frontend;
import dev.dpjdbc.proxy.wire.Messages;
import dev.dpjdbc.proxy.wire.PayloadReader;
import dev.dpjdbc.proxy.wire.PgMessageType;
import dev.dpjdbc.proxy.wire.ProtocolException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.Semaphore;
import javax.net.ssl.SSLSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection on its own thread: the startup phase (SSLRequest, GSSENCRequest,
 * CancelRequest, StartupMessage), SCRAM-SHA-256 authentication, the dp connection, the session
 * parameters, then the message loop of its {@link Session} until Terminate or EOF.
 */
final class ClientConnection implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);

  /** A client must finish startup and authentication within this time. */
  private static final int STARTUP_TIMEOUT_MS = 30_000;

  private final ProxyConfig config;
  private final SessionRegistry registry;
  private final Semaphore permits;
  private final Runnable onExit;
  private Socket socket;
  private InputStream in;
  private OutputStream out;

  ClientConnection(
      Socket socket,
      ProxyConfig config,
      SessionRegistry registry,
      Semaphore permits,
      Runnable onExit) {
    this.socket = socket;
    this.config = config;
    this.registry = registry;
    this.permits = permits;
    this.onExit = onExit;
  }

  @Override
  public void run() {
    try {
      socket.setSoTimeout(STARTUP_TIMEOUT_MS);
      socket.setTcpNoDelay(true);
      streams();
      Map<String, String> startup = negotiate();
      if (startup != null) {
        if (!permits.tryAcquire()) {
          fatal("53300", "sorry, too many clients already");
          return;
        }
        try {
          serve(startup);
        } finally {
          permits.release();
        }
      }
    } catch (ProtocolException e) {
      LOG.debug("protocol violation: {}", e.getMessage());
      try {
        fatal("08P01", e.getMessage());
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

  private void streams() throws IOException {
    in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
    out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
  }

  /** The StartupMessage parameters, or null when the connection was a CancelRequest. */
  private Map<String, String> negotiate() throws IOException {
    boolean tlsDone = false;
    while (true) {
      PayloadReader r = new PayloadReader(new FrameReader(in).readStartupPacket());
      int code = r.int32();
      if (code == PgMessageType.SSL_REQUEST && config.tls() != null && !tlsDone) {
        out.write(PgMessageType.SSL_ACCEPTED);
        out.flush();
        SSLSocket tls =
            (SSLSocket)
                config
                    .tls()
                    .getSocketFactory()
                    .createSocket(
                        socket, socket.getInetAddress().getHostAddress(), socket.getPort(), true);
        tls.setUseClientMode(false);
        tls.startHandshake();
        socket = tls;
        streams();
        tlsDone = true;
      } else if (code == PgMessageType.SSL_REQUEST || code == PgMessageType.GSSENC_REQUEST) {
        out.write(PgMessageType.ENCRYPTION_REFUSED);
        out.flush();
      } else if (code == PgMessageType.CANCEL_REQUEST) {
        Frontend.CancelRequest cancel = Frontend.CancelRequest.decode(r);
        registry.cancel(cancel.processId(), cancel.secretKey());
        return null;
      } else if ((code >>> 16) == 3) {
        return Frontend.Startup.decode(r).parameters();
      } else {
        fatal(
            "0A000",
            "unsupported frontend protocol "
                + (code >>> 16)
                + "."
                + (code & 0xffff)
                + ": server supports 3.0");
        return null;
      }
    }
  }

  private void serve(Map<String, String> startup) throws IOException {
    FrameWriter writer = new FrameWriter(out);
    FrameReader reader = new FrameReader(in);
    String user = startup.get("user");
    if (user == null || user.isEmpty()) {
      fatal("28000", "no PostgreSQL user name specified in startup packet");
      return;
    }
    if (!authenticate(user, reader, writer)) {
      return;
    }
    Connection connection;
    try {
      connection = config.backend().open(user);
    } catch (SQLException e) {
      ErrorMapping.PgError error = ErrorMapping.of(e);
      fatal(error.sqlState(), error.message());
      return;
    }
    try (Session session = new Session(connection, writer)) {
      SessionRegistry.Key key = registry.register(session);
      try {
        sendParameters(writer, startup, user, backendVersion(connection));
        Messages.backendKeyData(writer, key.processId(), key.secretKey());
        Messages.readyForQuery(writer, PgMessageType.TX_IDLE);
        writer.flush();
        socket.setSoTimeout(0);
        FrameReader.Frame frame;
        while ((frame = reader.readFrame()) != null && session.handle(frame)) {
          // one handler per message, in Session
        }
      } finally {
        registry.unregister(key);
      }
    }
  }

  /** SCRAM-SHA-256: SASL → SASLInitialResponse → SASLContinue → SASLResponse → SASLFinal → Ok. */
  private boolean authenticate(String user, FrameReader reader, FrameWriter writer)
      throws IOException {
    ScramServer scram = config.authenticator().begin(user);
    Messages.authenticationSasl(writer, List.of(ScramServer.MECHANISM));
    writer.flush();
    try {
      FrameReader.Frame first = expectPassword(reader);
      if (first == null) {
        return false;
      }
      Frontend.SaslInitialResponse init = Frontend.SaslInitialResponse.decode(first.body());
      if (!ScramServer.MECHANISM.equals(init.mechanism())) {
        fatal("28000", "SASL mechanism " + init.mechanism() + " not supported: use SCRAM-SHA-256");
        return false;
      }
      String serverFirst = scram.serverFirst(new String(init.data(), StandardCharsets.UTF_8));
      Messages.authenticationSaslContinue(writer, serverFirst.getBytes(StandardCharsets.UTF_8));
      writer.flush();
      FrameReader.Frame second = expectPassword(reader);
      if (second == null) {
        return false;
      }
      String clientFinal =
          new String(Frontend.SaslResponse.decode(second.body()).data(), StandardCharsets.UTF_8);
      String serverFinal = scram.serverFinal(clientFinal);
      Messages.authenticationSaslFinal(writer, serverFinal.getBytes(StandardCharsets.UTF_8));
      Messages.authenticationOk(writer);
      return true;
    } catch (ScramServer.ScramException e) {
      LOG.info("authentication of {} failed: {}", user, e.getMessage());
      fatal("28P01", "password authentication failed for user \"" + user + "\"");
      return false;
    }
  }

  private FrameReader.Frame expectPassword(FrameReader reader) throws IOException {
    FrameReader.Frame frame = reader.readFrame();
    if (frame == null) {
      return null; // psql hangs up to prompt for a password, then reconnects
    }
    if (frame.type() != PgMessageType.PASSWORD) {
      throw new ProtocolException(
          "expected a SASL response ('p'), got '" + (char) frame.type() + "'");
    }
    return frame;
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

  private void fatal(String sqlState, String message) throws IOException {
    FrameWriter w = new FrameWriter(out);
    Messages.errorResponse(w, "FATAL", sqlState, message);
    w.flush();
  }
}
