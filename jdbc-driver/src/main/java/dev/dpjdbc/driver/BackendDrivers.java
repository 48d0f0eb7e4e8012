package dev.dpjdbc.driver;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The driver's private registry of backend drivers: every backend and ledger connection dpjdbc
 * opens goes through here, never through {@link DriverManager}'s look-up by URL.
 *
 * <p>Guarantees: a {@code jdbc:postgresql:} URL is opened by the PostgreSQL driver bundled with
 * dpjdbc and a {@code jdbc:h2:} URL by the bundled H2 driver, referenced as classes. Inside the
 * shaded {@code dpjdbc.jar} pgJDBC is relocated under {@code dev.dpjdbc.shaded}, so the relocated
 * copy is used whatever pgJDBC the host application has; there the bundled drivers are also removed
 * from {@link DriverManager} right after their classes initialise (both register themselves in a
 * static initialiser), so the jar registers only {@code jdbc:dp:} — except an H2 driver that was
 * already registered before (the host's own H2 under the same class name) stays registered. H2 is
 * not relocated because its database files record class names. Other URLs fall back to {@link
 * DriverManager#getDriver}.
 */
public final class BackendDrivers {
  private static final String SHADED_PREFIX = "dev.dpjdbc.shaded.";

  private static final Driver POSTGRES;
  private static final Driver H2;

  static {
    // A class literal does not initialise the class: this sees only a registration by the host.
    boolean h2AlreadyRegistered =
        DriverManager.drivers().anyMatch(d -> d.getClass() == org.h2.Driver.class);
    POSTGRES = new org.postgresql.Driver();
    H2 = new org.h2.Driver();
    if (relocated()) {
      try {
        if (org.postgresql.Driver.isRegistered()) {
          org.postgresql.Driver.deregister();
        }
      } catch (SQLException e) {
        throw new ExceptionInInitializerError(e);
      }
      if (!h2AlreadyRegistered) {
        org.h2.Driver.unload();
      }
    }
  }

  private BackendDrivers() {}

  /** Whether the bundled pgJDBC is a relocated copy, i.e. this runs from {@code dpjdbc.jar}. */
  public static boolean relocated() {
    return org.postgresql.Driver.class.getName().startsWith(SHADED_PREFIX);
  }

  /** The driver that opens {@code url}: the bundled one for PostgreSQL and H2. */
  public static Driver forUrl(String url) throws SQLException {
    if (url != null && url.startsWith("jdbc:postgresql:")) {
      return POSTGRES;
    }
    if (url != null && url.startsWith("jdbc:h2:")) {
      return H2;
    }
    return DriverManager.getDriver(url);
  }

  /** Opens {@code url} with {@code info} through {@link #forUrl}. */
  public static Connection connect(String url, Properties info) throws SQLException {
    Connection c = forUrl(url).connect(url, info == null ? new Properties() : info);
    if (c == null) {
      throw new SQLException("no driver accepts the URL " + url, "08001");
    }
    return c;
  }

  /**
   * A {@link DataSource} for a connection pool: {@code url} with {@code properties}, plus the
   * {@code user} and {@code password} of {@link DataSource#getConnection(String, String)}.
   */
  public static DataSource dataSource(String url, Properties properties) {
    return new Source(url, properties);
  }

  private static final class Source implements DataSource {
    private final String url;
    private final Properties properties;
    private int loginTimeout;

    Source(String url, Properties properties) {
      this.url = url;
      this.properties = properties;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return connect(url, (Properties) properties.clone());
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      Properties p = (Properties) properties.clone();
      if (user != null) {
        p.setProperty("user", user);
      }
      if (password != null) {
        p.setProperty("password", password);
      }
      return connect(url, p);
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
      // no log writer: the drivers log through their own loggers
    }

    @Override
    public void setLoginTimeout(int seconds) {
      loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
      return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException("dpjdbc does not use java.util.logging");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      if (iface.isInstance(this)) {
        return iface.cast(this);
      }
      throw new SQLException("not a wrapper for " + iface.getName(), "0A000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return iface.isInstance(this);
    }
  }
}
