package dev.dpjdbc.driver;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.cache.PlanCache;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.BackendErrors;
import dev.dpjdbc.policy.Policy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process-wide shared state of the driver, each piece created once and cached:
 *
 * <ul>
 *   <li>one HikariCP pool per (backend URL, user, password) — a {@code jdbc:dp:} connection borrows
 *       one data-role connection and holds it until it is closed, and one catalog-role connection
 *       (when {@code dp.catalogUser} is set) from the first pass-through statement on;
 *   <li>one parsed {@link Policy} per policy file (policies do not change after first use);
 *   <li>one {@link SensitivityAnalyzer} per (backend URL, policy), which borrows a pooled data-role
 *       connection for each catalog read (so it survives a backend restart);
 *   <li>one {@link Ledger} per ledger URL.
 * </ul>
 *
 * <p>A pool whose first connection fails (wrong password) is not kept.
 */
public final class Backends {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Backends.class);
  private static final Backends SHARED = new Backends();

  private record PoolKey(String url, String user, String password) {}

  private record AnalyzerKey(String url, Path policy) {}

  private final Map<PoolKey, HikariDataSource> pools = new ConcurrentHashMap<>();
  private final Map<Path, Policy> policies = new ConcurrentHashMap<>();
  private final Map<AnalyzerKey, SensitivityAnalyzer> analyzers = new ConcurrentHashMap<>();
  private final Map<String, Ledger> ledgers = new ConcurrentHashMap<>();

  /** The driver's shared instance. */
  public static Backends shared() {
    return SHARED;
  }

  /**
   * Borrows a pooled connection of the data role ({@code user}): it runs only SQL dpjdbc generated.
   * The caller closes it to give it back.
   */
  public Connection borrow(ConnectionConfig config) throws SQLException {
    return borrow(
        config, new PoolKey(config.backendUrl(), config.user(), config.password()), false);
  }

  /**
   * Borrows a pooled connection of the catalog role ({@code dp.catalogUser}), which runs catalog
   * and session pass-through; null when no catalog role is configured.
   */
  public Connection borrowCatalog(ConnectionConfig config) throws SQLException {
    if (config.catalog().user() == null) {
      return null;
    }
    return borrow(
        config,
        new PoolKey(config.backendUrl(), config.catalog().user(), config.catalog().password()),
        true);
  }

  private Connection borrow(ConnectionConfig config, PoolKey key, boolean catalog)
      throws SQLException {
    HikariDataSource pool = pools.get(key);
    if (pool == null) {
      synchronized (pools) {
        pool = pools.get(key);
        if (pool == null) {
          pool = newPool(config, key, catalog);
          pools.put(key, pool);
        }
      }
    }
    try {
      return pool.getConnection();
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
  }

  /**
   * Gives a borrowed connection back. When the session changed the connection's own state (a
   * passed-through {@code SET}/{@code RESET}), the connection is evicted instead of being reused,
   * so no later session inherits it.
   */
  public void giveBack(ConnectionConfig config, Connection connection, boolean stateChanged)
      throws SQLException {
    giveBack(
        new PoolKey(config.backendUrl(), config.user(), config.password()),
        connection,
        stateChanged);
  }

  /** Gives a borrowed catalog connection back (evicted when the session changed a setting). */
  public void giveBackCatalog(ConnectionConfig config, Connection connection, boolean stateChanged)
      throws SQLException {
    giveBack(
        new PoolKey(config.backendUrl(), config.catalog().user(), config.catalog().password()),
        connection,
        stateChanged);
  }

  private void giveBack(PoolKey key, Connection connection, boolean stateChanged)
      throws SQLException {
    HikariDataSource pool = pools.get(key);
    if (stateChanged && pool != null) {
      pool.evictConnection(connection);
    } else {
      connection.close();
    }
  }

  /**
   * Parsing settings pinned on every PostgreSQL connection through the startup packet's options (a
   * client-level source, which wins over ALTER ROLE/DATABASE defaults): how string literals are
   * read cannot differ from what dpjdbc assumes. The analyst cannot change them (settings are an
   * allow-list). The catalog role's connections also get a statement timeout and lock and idle
   * limits, so a pass-through statement cannot hold the backend.
   */
  static final String PINNED_OPTIONS =
      "-c standard_conforming_strings=on -c backslash_quote=off -c escape_string_warning=off";

  static final String CATALOG_OPTIONS =
      " -c statement_timeout=30000 -c lock_timeout=5000"
          + " -c idle_in_transaction_session_timeout=60000";

  /** Whether {@code url} names a PostgreSQL backend (checked by its parse, settings pinned). */
  public static boolean isPostgres(String url) {
    return url.startsWith("jdbc:postgresql:");
  }

  private static HikariDataSource newPool(ConnectionConfig config, PoolKey key, boolean catalog)
      throws SQLException {
    HikariConfig hc = new HikariConfig();
    java.util.Properties props = new java.util.Properties();
    props.putAll(config.backendProperties());
    if (isPostgres(config.backendUrl())) {
      String given = props.getProperty("options");
      String pinned = PINNED_OPTIONS + (catalog ? CATALOG_OPTIONS : "");
      props.setProperty("options", given == null ? pinned : given + " " + pinned);
    }
    if (key.user() != null) {
      props.setProperty("user", key.user());
    }
    if (key.password() != null) {
      props.setProperty("password", key.password());
    }
    // The bundled (in dpjdbc.jar: relocated, unregistered) driver, never DriverManager's choice.
    hc.setDataSource(BackendDrivers.dataSource(config.backendUrl(), props));
    hc.setMaximumPoolSize(config.poolSize());
    hc.setMinimumIdle(0);
    hc.setExceptionOverrideClassName(KeepOnStatementErrors.class.getName());
    hc.setPoolName(
        (catalog ? "dpjdbc-catalog-" : "dpjdbc-")
            + Integer.toHexString(Objects.hash(config.backendUrl())));
    try {
      return new HikariDataSource(hc);
    } catch (RuntimeException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw BackendErrors.scrub(sql);
      }
      LOG.warn("cannot connect to the backend {}: {}", config.backendUrl(), firstLine(e));
      throw new SQLException(
          "cannot connect to the backend database (details are in the server log)",
          AnalyzerSqlState.BACKEND_ERROR.code());
    }
  }

  /** The policy named by the config (parsed once per file), or the defaults. */
  public Policy policy(ConnectionConfig config) throws SQLException {
    if (config.policyPath() == null) {
      return Policy.defaults();
    }
    try {
      return policies.computeIfAbsent(config.policyPath(), Policy::load);
    } catch (RuntimeException e) {
      // an error the analyst sees names no file path (the proxy's analysts never chose it)
      LOG.warn("invalid policy {}: {}", config.policyPath(), firstLine(e));
      throw new SQLException(
          "the policy named by dp.policy is invalid: "
              + firstLine(e).replace(config.policyPath().toString(), "<dp.policy>"),
          AnalyzerSqlState.INVALID_POLICY.code());
    }
  }

  /** The analyzer for (backend, policy), created on first use with its own catalog connection. */
  public SensitivityAnalyzer analyzer(ConnectionConfig config, Policy policy) throws SQLException {
    AnalyzerKey key = new AnalyzerKey(config.backendUrl(), config.policyPath());
    synchronized (analyzers) {
      SensitivityAnalyzer analyzer = analyzers.get(key);
      if (analyzer == null) {
        analyzer = SensitivityAnalyzer.create(() -> borrow(config), policy);
        analyzers.put(key, analyzer);
      }
      return analyzer;
    }
  }

  /**
   * What the plan caches of the analyzers under the policy file {@code policy} did so far (summed
   * over backends); all zero when none was made. For tests and benchmarks: how often a statement
   * was served by its text, by its literal-free shape, or planned.
   */
  public PlanCache.Stats planCacheStats(Path policy) {
    Path p = policy.toAbsolutePath().normalize();
    long exact = 0;
    long shape = 0;
    long statements = 0;
    long shapes = 0;
    int templates = 0;
    for (Map.Entry<AnalyzerKey, SensitivityAnalyzer> e : analyzers.entrySet()) {
      if (p.equals(e.getKey().policy())) {
        PlanCache.Stats s = e.getValue().planCacheStats();
        exact += s.exactHits();
        shape += s.shapeHits();
        statements += s.plannedStatements();
        shapes += s.plannedShapes();
        templates += s.templates();
      }
    }
    return new PlanCache.Stats(exact, shape, statements, shapes, templates);
  }

  /** The ledger at the policy's ledger URL, opened (and created) on first use. */
  public Ledger ledger(Policy policy) throws SQLException {
    synchronized (ledgers) {
      Ledger ledger = ledgers.get(policy.ledgerUrl());
      if (ledger == null) {
        ledger = Ledger.open(policy.ledgerUrl());
        ledgers.put(policy.ledgerUrl(), ledger);
      }
      return ledger;
    }
  }

  private static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
