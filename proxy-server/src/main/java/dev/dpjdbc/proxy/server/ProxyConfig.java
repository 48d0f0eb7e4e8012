package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.auth.Authenticator;
import javax.net.ssl.SSLContext;

/**
 * Everything a running proxy needs, fixed at start.
 *
 * @param port TCP port (0 = any free port)
 * @param bindAddress address to listen on, e.g. 0.0.0.0 or localhost
 * @param maxConnections sessions served at once; one more gets SQLState 53300
 * @param tls null = TLS refused ('N' to SSLRequest)
 */
public record ProxyConfig(
    int port,
    String bindAddress,
    int maxConnections,
    BackendConnector backend,
    Authenticator authenticator,
    SSLContext tls) {
  public ProxyConfig {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in [0, 65535], got " + port);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("max connections must be >= 1, got " + maxConnections);
    }
    if (backend == null || authenticator == null || bindAddress == null) {
      throw new IllegalArgumentException("backend, authenticator and bind address are required");
    }
  }
}
