package dev.dpjdbc.proxy.server;

import dev.dpjdbc.proxy.roles.Login;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens one analyst's connection through the dp driver — the proxy's only road to the data: {@code
 * jdbc:dp:<backend url without "jdbc:">} with {@code dp.policy}, {@code dp.analyst} = the login
 * name, the data role's credentials as {@code user}/{@code password}, the catalog role's as {@code
 * dp.catalogUser}/{@code dp.catalogPassword} (when given), and {@code dp.pool.size} large enough
 * for every session the proxy serves at once (each holds one pooled backend connection; the
 * analyzer borrows one more while it reads a table's metadata).
 */
public final class BackendConnector {
  private final String dpUrl;
  private final Login data;
  private final Login catalog;
  private final Path policy;
  private final int poolSize;

  /**
   * @param data the data role: runs only SQL dpjdbc generated
   * @param catalog the catalog role: runs catalog/session pass-through; {@link Login#NONE} when
   *     none is configured (then the driver decides where pass-through runs)
   * @param sessions how many sessions may be open at once (the proxy's max connections)
   */
  public BackendConnector(String backendUrl, Login data, Login catalog, Path policy, int sessions) {
    if (sessions < 1) {
      throw new IllegalArgumentException("sessions must be >= 1, got " + sessions);
    }
    if (backendUrl == null || !backendUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "--backend must be a JDBC URL starting with jdbc:, got: " + backendUrl);
    }
    this.dpUrl = "jdbc:dp:" + backendUrl.substring("jdbc:".length());
    this.data = data == null ? Login.NONE : data;
    this.catalog = catalog == null ? Login.NONE : catalog;
    this.policy = policy;
    this.poolSize = sessions + 1;
  }

  /**
   * The one database name clients may ask for in their startup message: a PostgreSQL backend's
   * database, from the {@code --backend} URL ({@code jdbc:postgresql://host/<name>}, URL-decoded),
   * or, when the URL names none, the data role's name (PostgreSQL's own default). Null for other
   * backends, whose name is not checked.
   */
  public String database() {
    String backend = "jdbc:" + dpUrl.substring("jdbc:dp:".length());
    String prefix = "jdbc:postgresql:";
    if (!backend.startsWith(prefix)) {
      return null;
    }
    String rest = backend.substring(prefix.length());
    int q = rest.indexOf('?');
    if (q >= 0) {
      rest = rest.substring(0, q);
    }
    String name;
    if (rest.startsWith("//")) {
      int slash = rest.indexOf('/', 2);
      name = slash < 0 ? "" : rest.substring(slash + 1);
    } else {
      name = rest; // jdbc:postgresql:database
    }
    name = java.net.URLDecoder.decode(name, java.nio.charset.StandardCharsets.UTF_8);
    return name.isEmpty() ? data.user() : name;
  }

  public String dpUrl() {
    return dpUrl;
  }

  /** The data role's login. */
  public Login data() {
    return data;
  }

  /** The catalog role's login, {@link Login#NONE} when none is configured. */
  public Login catalog() {
    return catalog;
  }

  /** A {@code jdbc:dp:} connection for {@code analyst}, charged to that analyst's budget. */
  public Connection open(String analyst) throws SQLException {
    return DriverManager.getConnection(dpUrl, properties(analyst));
  }

  /** The driver properties of {@code analyst}'s connection. */
  Properties properties(String analyst) {
    Properties props = new Properties();
    if (policy != null) {
      props.setProperty("dp.policy", policy.toString());
    }
    props.setProperty("dp.analyst", analyst);
    props.setProperty("dp.pool.size", Integer.toString(poolSize));
    if (data.user() != null) {
      props.setProperty("user", data.user());
    }
    if (data.password() != null) {
      props.setProperty("password", data.password());
    }
    if (catalog.user() != null) {
      props.setProperty("dp.catalogUser", catalog.user());
    }
    if (catalog.password() != null) {
      props.setProperty("dp.catalogPassword", catalog.password());
    }
    return props;
  }
}
