package dev.dpjdbc.proxy.server;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens one analyst's connection through the dp driver — the proxy's only road to the data: {@code
 * jdbc:dp:<backend url without "jdbc:">} with {@code dp.policy}, {@code dp.analyst} = the login
 * name, and the backend credentials as {@code user}/{@code password}.
 */
public final class BackendConnector {
  private final String dpUrl;
  private final String backendUser;
  private final String backendPassword;
  private final Path policy;

  public BackendConnector(
      String backendUrl, String backendUser, String backendPassword, Path policy) {
    if (backendUrl == null || !backendUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "--backend must be a JDBC URL starting with jdbc:, got: " + backendUrl);
    }
    this.dpUrl = "jdbc:dp:" + backendUrl.substring("jdbc:".length());
    this.backendUser = backendUser;
    this.backendPassword = backendPassword;
    this.policy = policy;
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
    if (backendUser != null) {
      props.setProperty("user", backendUser);
    }
    if (backendPassword != null) {
      props.setProperty("password", backendPassword);
    }
    return DriverManager.getConnection(dpUrl, props);
  }
}
