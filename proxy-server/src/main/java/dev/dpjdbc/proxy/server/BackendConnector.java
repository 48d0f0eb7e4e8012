package dev.dpjdbc.proxy.server;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens one analyst's connection through the dp driver — the proxy's only road to the data: {@code
 * jdbc:dp:<backend url without "jdbc:">} with {@code dp.policy}, {@code dp.analyst} = the login
 * name, the backend credentials as {@code user}/{@code password}, and {@code dp.pool.size} large
 * enough for every session the proxy serves at once (each holds one pooled backend connection; the
 * analyzer holds one more).
 */
public final class BackendConnector {
  private final String dpUrl;
  private final String backendUser;
  private final String backendPassword;
  private final Path policy;
  private final int poolSize;

  /**
   * @param sessions how many sessions may be open at once (the proxy's max connections)
   */
  public BackendConnector(
      String backendUrl, String backendUser, String backendPassword, Path policy, int sessions) {
    if (sessions < 1) {
      throw new IllegalArgumentException("sessions must be >= 1, got " + sessions);
    }
    if (backendUrl == null || !backendUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "--backend must be a JDBC URL starting with jdbc:, got: " + backendUrl);
    }
    this.dpUrl = "jdbc:dp:" + backendUrl.substring("jdbc:".length());
    this.backendUser = backendUser;
    this.backendPassword = backendPassword;
    this.policy = policy;
    this.poolSize = sessions + 1;
  }

  public String dpUrl() {
    return dpUrl;
  }

  public Connection open(String analyst) throws SQLException {
    Properties props = new Properties();
    if (policy != null) {
      props.setProperty("dp.policy", policy.toString());
    }
    props.setProperty("dp.analyst", analyst);
    props.setProperty("dp.pool.size", Integer.toString(poolSize));
    if (backendUser != null) {
      props.setProperty("user", backendUser);
    }
    if (backendPassword != null) {
      props.setProperty("password", backendPassword);
    }
    return DriverManager.getConnection(dpUrl, props);
  }
}
