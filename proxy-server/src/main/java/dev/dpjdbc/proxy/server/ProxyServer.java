package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.session.Session;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The accept loop: blocking sockets, one thread per connection (as H2's PgServer and PGAdapter). At
 * tens to hundreds of sessions whose work is a blocking JDBC call on the backend anyway, a thread
 * per session is simpler to read and debug than Netty's event loop and costs no throughput
 * (docs/proxy-server.md § Threading).
 *
 * <p>Unauthenticated and authenticated connections never compete for the same resources:
 *
 * <ul>
 *   <li>a new connection needs one of {@code maxPendingConnections} pending slots, else its socket
 *       is closed at once; it runs its {@link Handshake} (startup, TLS, CancelRequest, SCRAM) on
 *       the handshake pool, within the total {@code authTimeout} deadline, then gives the slot
 *       back;
 *   <li>only an authenticated client takes one of {@code maxConnections} session slots (one more
 *       gets FATAL 53300) and runs on the session pool.
 * </ul>
 *
 * So a flood of slow or silent sockets can take the pending slots only for a while and never a
 * session slot, a session thread or a logged-in analyst's time; an analyst who connects during the
 * flood displaces one of its sockets. (A flood that reconnects faster than {@code
 * maxPendingConnections} per grace period can still keep new logins out; rate-limit connections in
 * front of the proxy against that.) CancelRequests go through the pending slots, so they still work
 * when every session slot is taken.
 */
public final class ProxyServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ProxyServer.class);

  /** Threads beyond the slots, for the moment between a slot's release and its thread's return. */
  private static final int POOL_SLACK = 8;

  /** A pending connection this old may be displaced by a new one when no slot is free. */
  static final Duration EVICTION_GRACE = Duration.ofSeconds(1);

  private final ProxyConfig config;
  private final SessionRegistry registry = new SessionRegistry();
  private final Semaphore sessionSlots;
  private final Semaphore pendingSlots;
  private final ThreadPoolExecutor handshakes;
  private final ThreadPoolExecutor sessions;
  private final ScheduledExecutorService deadlines;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

  /** Handshakes in accept order, so the first one still running is the oldest. */
  private final Queue<Handshake> pending = new ConcurrentLinkedQueue<>();

  private ServerSocket serverSocket;
  private Thread acceptThread;
  private volatile boolean closed;

  public ProxyServer(ProxyConfig config) {
    this.config = config;
    this.sessionSlots = new Semaphore(config.maxConnections());
    this.pendingSlots = new Semaphore(config.maxPendingConnections());
    this.handshakes = pool("dpjdbc-proxy-handshake-", config.maxPendingConnections());
    this.sessions = pool("dpjdbc-proxy-session-", config.maxConnections());
    this.deadlines =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "dpjdbc-proxy-auth-deadline");
              t.setDaemon(true);
              return t;
            });
  }

  private static ThreadPoolExecutor pool(String prefix, int slots) {
    AtomicInteger n = new AtomicInteger();
    return new ThreadPoolExecutor(
        0,
        slots + POOL_SLACK,
        30,
        TimeUnit.SECONDS,
        new SynchronousQueue<>(),
        r -> {
          Thread t = new Thread(r, prefix + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  /** Binds the port and starts accepting; returns at once. */
  public ProxyServer start() throws IOException {
    serverSocket = new ServerSocket();
    serverSocket.setReuseAddress(true);
    serverSocket.bind(
        new InetSocketAddress(InetAddress.getByName(config.bindAddress()), config.port()), 128);
    acceptThread = new Thread(this::acceptLoop, "dpjdbc-proxy-accept");
    acceptThread.setDaemon(true);
    acceptThread.start();
    LOG.info("dpjdbc proxy listening on {}:{}", config.bindAddress(), port());
    return this;
  }

  /** The bound port (useful with port 0). */
  public int port() {
    return serverSocket.getLocalPort();
  }

  private void acceptLoop() {
    while (!closed) {
      Socket socket;
      try {
        socket = serverSocket.accept();
      } catch (SocketException e) {
        return; // closed
      } catch (IOException e) {
        LOG.warn("accept failed: {}", e.toString());
        continue;
      }
      if (!pendingSlots.tryAcquire() && !evictOldestSlow()) {
        LOG.debug("all {} pending slots taken: closing a new connection", pendingSlots());
        closeQuietly(socket);
        continue;
      }
      sockets.add(socket);
      Handshake handshake = new Handshake(socket, config, registry);
      pending.add(handshake);
      try {
        handshakes.execute(() -> handshake(socket, handshake));
      } catch (RejectedExecutionException e) {
        pending.remove(handshake);
        pendingSlots.release();
        release(socket);
      }
    }
  }

  private int pendingSlots() {
    return config.maxPendingConnections();
  }

  /**
   * Closes the oldest pending connection if it has waited {@link #EVICTION_GRACE}; true when it
   * did, and its slot is then the caller's. Runs on the accept thread only.
   */
  private boolean evictOldestSlow() {
    for (Handshake h : pending) {
      if (h.end() != Handshake.End.RUNNING) {
        continue; // ending on its own: its thread gives its slot back
      }
      if (h.ageNanos() < EVICTION_GRACE.toNanos()) {
        return false;
      }
      if (h.evict()) {
        LOG.debug("all pending slots taken: closed the oldest pending connection");
        return true;
      }
    }
    return false;
  }

  /** On a handshake thread, holding a pending slot: authenticate, then hand over to a session. */
  private void handshake(Socket socket, Handshake handshake) {
    ScheduledFuture<?> deadline;
    try {
      deadline =
          deadlines.schedule(
              handshake::expire, config.authTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      handshake.finish();
      pending.remove(handshake);
      pendingSlots.release();
      release(socket);
      return; // closing
    }
    Handshake.Authenticated client = null;
    try {
      client = handshake.run();
    } catch (IOException | RuntimeException e) {
      LOG.debug("connection ended before authentication: {}", e.toString());
    } finally {
      deadline.cancel(false);
      handshake.finish(); // no-op if it already ended; after it the end never changes
      pending.remove(handshake);
      if (handshake.end() != Handshake.End.EVICTED) {
        pendingSlots
            .release(); // an evicted handshake's slot went to the connection that evicted it
      }
      if (client == null) {
        release(socket);
      }
    }
    if (client != null) {
      startSession(socket, client);
    }
  }

  private void startSession(Socket socket, Handshake.Authenticated client) {
    if (!sessionSlots.tryAcquire()) {
      try {
        ClientConnection.fatal(client.writer(), "53300", "sorry, too many clients already");
      } catch (IOException ignored) {
        // the client is gone
      }
      release(client.socket());
      sockets.remove(socket);
      return;
    }
    Runnable onExit =
        () -> {
          sockets.remove(socket);
          sessionSlots.release();
        };
    try {
      sessions.execute(new ClientConnection(client, config, registry, onExit));
    } catch (RejectedExecutionException e) {
      release(client.socket());
      onExit.run();
    }
  }

  private void release(Socket socket) {
    closeQuietly(socket);
    sockets.remove(socket);
  }

  /** Stops accepting, cancels running statements, closes every connection, waits up to 5 s. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (serverSocket != null) {
        serverSocket.close();
      }
    } catch (IOException ignored) {
      // closing
    }
    registry.all().forEach(Session::cancel);
    sockets.forEach(ProxyServer::closeQuietly);
    deadlines.shutdownNow();
    handshakes.shutdown();
    sessions.shutdown();
    try {
      if (!handshakes.awaitTermination(5, TimeUnit.SECONDS)) {
        handshakes.shutdownNow();
      }
      if (!sessions.awaitTermination(5, TimeUnit.SECONDS)) {
        sessions.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.info("dpjdbc proxy stopped");
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // closing
    }
  }
}
