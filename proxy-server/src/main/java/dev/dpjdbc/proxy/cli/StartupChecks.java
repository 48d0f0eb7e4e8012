package dev.dpjdbc.proxy.cli;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleCheck;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the proxy verifies before it listens; each check refuses to start with a message naming the
 * problem and the fix. For a PostgreSQL backend: {@link RoleCheck} on the data and catalog roles.
 */
final class StartupChecks {
  private static final Logger LOG = LoggerFactory.getLogger(StartupChecks.class);

  private StartupChecks() {}

  static boolean isPostgres(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:postgresql:");
  }

  /**
   * True when a PostgreSQL URL carries {@code user=} or {@code password=}: pgJDBC prefers them over
   * the flags, so the roles checked would not be the roles used.
   */
  static boolean hasUrlCredentials(String jdbcUrl) {
    int q = jdbcUrl.indexOf('?');
    if (q < 0) {
      return false;
    }
    for (String p : jdbcUrl.substring(q + 1).split("&")) {
      if (p.startsWith("user=") || p.startsWith("password=")) {
        return true;
      }
    }
    return false;
  }

  /** Runs every check for {@code backendUrl}; returns when the proxy may start. */
  static void run(String backendUrl, Login data, Login catalog, Policy policy) throws SQLException {
    if (isPostgres(backendUrl)) {
      RoleCheck.verify(backendUrl, data, catalog, policy);
      LOG.info(
          "backend roles checked: data role {} and catalog role {} are least-privileged",
          data.user(),
          catalog.user());
    }
  }
}
