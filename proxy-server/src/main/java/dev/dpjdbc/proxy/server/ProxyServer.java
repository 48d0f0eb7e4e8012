package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.session.Session;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
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
 * (docs/proxy-server.md § Threading). At most {@code maxConnections} sessions are served;
 * CancelRequests get a few threads of slack so they work even when the proxy is full.
 */
public final class ProxyServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ProxyServer.class);
  private static final int CANCEL_SLACK = 8;

  private final ProxyConfig config;
  private final SessionRegistry registry = new SessionRegistry();
  private final Semaphore permits;
  private final ThreadPoolExecutor workers;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private ServerSocket serverSocket;
  private Thread acceptThread;
  private volatile boolean closed;

  public ProxyServer(ProxyConfig config) {
    this.config = config;
    this.permits = new Semaphore(config.maxConnections());
    AtomicInteger n = new AtomicInteger();
    this.workers =
        new ThreadPoolExecutor(
            0,
            config.maxConnections() + CANCEL_SLACK,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread t = new Thread(r, "dpjdbc-proxy-session-" + n.incrementAndGet());
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
      sockets.add(socket);
      try {
        workers.execute(
            new ClientConnection(socket, config, registry, permits, () -> sockets.remove(socket)));
      } catch (RejectedExecutionException e) {
        sockets.remove(socket);
        closeQuietly(socket);
      }
    }
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
    workers.shutdown();
    try {
      if (!workers.awaitTermination(5, TimeUnit.SECONDS)) {
        workers.shutdownNow();
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
