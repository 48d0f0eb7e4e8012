package dev.dpjdbc.driver;

import dev.dpjdbc.driver.jdbc.DpConnection;
import dev.dpjdbc.driver.session.Session;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The {@code jdbc:dp:<backend>} driver. Accepts exactly URLs starting with {@code jdbc:dp:}; the
 * backend URL is {@code "jdbc:" +} the rest. Registered through {@code
 * META-INF/services/java.sql.Driver} and in this class's static initialiser.
 *
 * <p>Each connection holds one pooled backend connection for its whole life (see {@link Backends});
 * everything it returns went through the privacy pipeline or is catalog data.
 */
public final class DpDriver implements Driver {
  static {
    try {
      DriverManager.registerDriver(new DpDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null; // JDBC: not our URL, let DriverManager try the next driver
    }
    ConnectionConfig config = ConnectionConfig.parse(url, info);
    DpConnection connection = new DpConnection(url, Session.open(config, Backends.shared()));
    if (config.policyPath() == null) {
      connection.addWarning(new SQLWarning(DEFAULT_POLICY_WARNING, "01000"));
    }
    return connection;
  }

  /** The connection warning when no {@code dp.policy} was given (no silent fallback). */
  public static final String DEFAULT_POLICY_WARNING =
      "no dp.policy given: this connection uses the built-in default policy (budget epsilon 10,"
          + " delta 1e-6 per analyst; every table private, its primary key the privacy unit; ledger"
          + " "
          + dev.dpjdbc.policy.Policy.DEFAULT_LEDGER_URL
          + " in the working directory). Set dp.policy (a connection property, or ?dp.policy= /"
          + " ;dp.policy= in the URL) to name your policy file";

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(ConnectionConfig.PREFIX);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    Properties given = info == null ? new Properties() : info;
    DpProperty[] all = DpProperty.values();
    DriverPropertyInfo[] out = new DriverPropertyInfo[all.length];
    for (int i = 0; i < all.length; i++) {
      out[i] = all[i].info(given);
    }
    return out;
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  /** Not JDBC compliant: only aggregate queries and catalog statements are allowed. */
  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("dpjdbc does not use java.util.logging");
  }
}
