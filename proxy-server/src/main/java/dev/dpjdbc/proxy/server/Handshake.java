package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.auth.ScramServer;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection before it is authenticated: the startup phase (SSLRequest, GSSENCRequest,
 * CancelRequest, StartupMessage) and the SCRAM-SHA-256 exchange. What an unauthenticated client can
 * cost the proxy is bounded here:
 *
 * <ul>
 *   <li>time: {@link #expire()} (called by the server's timer at the auth deadline) closes the
 *       socket whatever the client is doing, so the deadline is a total, not a per-read timeout a
 *       client can stretch by dribbling bytes; every read also times out at the same deadline;
 *   <li>memory: startup packets are capped at {@link FrameReader#MAX_STARTUP_PACKET} bytes and
 *       authentication messages at {@link FrameReader#MAX_AUTH_MESSAGE}, checked from the length
 *       word before anything is allocated;
 *   <li>slots: a handshake holds one of the server's pending-connection slots, never a session
 *       slot; it takes a session slot only once authenticated.
 * </ul>
 */
final class Handshake {
  private static final Logger LOG = LoggerFactory.getLogger(Handshake.class);

  /**
   * An authenticated client, ready for its session; {@code writer} holds SASLFinal and
   * AuthenticationOk, not yet flushed, so they leave in one packet with the session's first
   * messages.
   */
  record Authenticated(
      Socket socket,
      InputStream in,
      OutputStream out,
      FrameWriter writer,
      Map<String, String> startup,
      String user) {}

  /** How a handshake ended; set once, by whichever comes first. */
  enum End {
    RUNNING,
    FINISHED,
    EXPIRED,
    EVICTED
  }

  private final Socket raw;
  private final ProxyConfig config;
  private final SessionRegistry registry;
  private final long startNanos = System.nanoTime();
  private final AtomicInteger end = new AtomicInteger(End.RUNNING.ordinal());
  private volatile Socket socket;
  private InputStream in;
  private OutputStream out;
  private FrameWriter writer;

  Handshake(Socket socket, ProxyConfig config, SessionRegistry registry) {
    this.raw = socket;
    this.socket = socket;
    this.config = config;
    this.registry = registry;
  }

  /**
   * Runs the handshake. Returns the authenticated client, or null when the connection was a
   * CancelRequest, failed authentication (the client has been told) or ran out of time; the caller
   * then closes the socket.
   */
  Authenticated run() throws IOException {
    try {
      raw.setSoTimeout((int) Math.min(Integer.MAX_VALUE, config.authTimeout().toMillis()));
      raw.setTcpNoDelay(true);
      streams();
      Map<String, String> startup = negotiate();
      if (startup == null) {
        return null;
      }
      String user = startup.get("user");
      if (user == null || user.isEmpty()) {
        fatal("28000", "no PostgreSQL user name specified in startup packet");
        return null;
      }
      if (!authenticate(user)) {
        return null;
      }
      if (!finish()) {
        return null; // expired or evicted at the last moment: the socket is closed
      }
      return new Authenticated(socket, in, out, writer, startup, user);
    } catch (ProtocolException e) {
      LOG.debug("protocol violation before authentication: {}", e.getMessage());
      fatal("08P01", e.getMessage());
      return null;
    } catch (IOException e) {
      if (end() != End.RUNNING) {
        LOG.debug("handshake ended by the server: {}", end());
        return null;
      }
      throw e;
    }
  }

  /** Marks the handshake finished unless it already ended; true when this call ended it. */
  boolean finish() {
    return end.compareAndSet(End.RUNNING.ordinal(), End.FINISHED.ordinal());
  }

  /** The deadline: closes the connection unless the handshake has ended. Thread-safe. */
  void expire() {
    stop(End.EXPIRED);
  }

  /**
   * Closes the connection to make room for a newer one, unless the handshake has ended; true when
   * it was evicted (its pending slot then passes to the newcomer). Thread-safe.
   */
  boolean evict() {
    return stop(End.EVICTED);
  }

  private boolean stop(End why) {
    if (end.compareAndSet(End.RUNNING.ordinal(), why.ordinal())) {
      closeQuietly(socket);
      closeQuietly(raw);
      return true;
    }
    return false;
  }

  End end() {
    return End.values()[end.get()];
  }

  /** Nanoseconds since the connection was accepted. */
  long ageNanos() {
    return System.nanoTime() - startNanos;
  }

  private void streams() throws IOException {
    in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
    out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
  }

  /** The StartupMessage parameters, or null when the connection was a CancelRequest. */
  private Map<String, String> negotiate() throws IOException {
    boolean tlsDone = false;
    while (true) {
      FrameReader startupReader = new FrameReader(in, FrameReader.MAX_STARTUP_PACKET);
      PayloadReader r = new PayloadReader(startupReader.readStartupPacket());
      int code = r.int32();
      if (code == PgMessageType.SSL_REQUEST && config.tls() != null && !tlsDone) {
        out.write(PgMessageType.SSL_ACCEPTED);
        out.flush();
        SSLSocket tls =
            (SSLSocket)
                config
                    .tls()
                    .getSocketFactory()
                    .createSocket(raw, raw.getInetAddress().getHostAddress(), raw.getPort(), true);
        tls.setUseClientMode(false);
        socket = tls;
        if (end() != End.RUNNING) {
          closeQuietly(tls); // expired while we were switching sockets
        }
        tls.startHandshake();
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

  /**
   * SCRAM-SHA-256: SASL → SASLInitialResponse → SASLContinue → SASLResponse → SASLFinal → Ok (the
   * last two written, not yet flushed: the session's first messages follow in the same packet).
   */
  private boolean authenticate(String user) throws IOException {
    writer = new FrameWriter(out);
    FrameReader reader = new FrameReader(in, FrameReader.MAX_AUTH_MESSAGE);
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

  private static FrameReader.Frame expectPassword(FrameReader reader) throws IOException {
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

  private void fatal(String sqlState, String message) {
    try {
      FrameWriter w = writer != null ? writer : new FrameWriter(out);
      Messages.errorResponse(w, "FATAL", sqlState, message);
      w.flush();
    } catch (IOException e) {
      LOG.debug("client gone before its FATAL {}: {}", sqlState, e.toString());
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // closing
    }
  }
}
