package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.auth.Authenticator;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * Everything a running proxy needs, fixed at start.
 *
 * @param port TCP port (0 = any free port)
 * @param bindAddress address to listen on, e.g. 0.0.0.0 or localhost
 * @param maxConnections authenticated sessions served at once; one more gets SQLState 53300
 * @param maxPendingConnections connections not yet authenticated at once; past it a new socket is
 *     closed at once
 * @param authTimeout total time a connection has for startup and authentication (TLS included)
 * @param tls null = TLS refused ('N' to SSLRequest)
 */
public record ProxyConfig(
    int port,
    String bindAddress,
    int maxConnections,
    int maxPendingConnections,
    Duration authTimeout,
    BackendConnector backend,
    Authenticator authenticator,
    SSLContext tls) {

  /** PostgreSQL's authentication_timeout is 60 s; an analytics proxy needs far less. */
  public static final Duration DEFAULT_AUTH_TIMEOUT = Duration.ofSeconds(10);

  public static final int DEFAULT_MAX_PENDING_CONNECTIONS = 64;

  public ProxyConfig {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in [0, 65535], got " + port);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("max connections must be >= 1, got " + maxConnections);
    }
    if (maxPendingConnections < 1) {
      throw new IllegalArgumentException(
          "max pending connections must be >= 1, got " + maxPendingConnections);
    }
    if (authTimeout == null
        || authTimeout.isNegative()
        || authTimeout.isZero()
        || authTimeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "the authentication timeout must be > 0 and at most 1 hour, got " + authTimeout);
    }
    if (backend == null || authenticator == null || bindAddress == null) {
      throw new IllegalArgumentException("backend, authenticator and bind address are required");
    }
  }
}
