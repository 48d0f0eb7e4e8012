package dev.dpjdbc.driver;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.SensitivityAnalyzer;
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
 *       one backend connection and holds it until it is closed;
 *   <li>one parsed {@link Policy} per policy file (policies do not change after first use);
 *   <li>one {@link SensitivityAnalyzer} per (backend URL, policy), which keeps one pooled backend
 *       connection for its catalog reads;
 *   <li>one {@link Ledger} per ledger URL.
 * </ul>
 *
 * <p>A pool whose first connection fails (wrong password) is not kept.
 */
public final class Backends {
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

  /** Borrows a pooled backend connection; the caller closes it to give it back. */
  public Connection borrow(ConnectionConfig config) throws SQLException {
    PoolKey key = new PoolKey(config.backendUrl(), config.user(), config.password());
    HikariDataSource pool = pools.get(key);
    if (pool == null) {
      synchronized (pools) {
        pool = pools.get(key);
        if (pool == null) {
          pool = newPool(config);
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
    HikariDataSource pool =
        pools.get(new PoolKey(config.backendUrl(), config.user(), config.password()));
    if (stateChanged && pool != null) {
      pool.evictConnection(connection);
    } else {
      connection.close();
    }
  }

  private static HikariDataSource newPool(ConnectionConfig config) throws SQLException {
    HikariConfig hc = new HikariConfig();
    hc.setJdbcUrl(config.backendUrl());
    if (config.user() != null) {
      hc.setUsername(config.user());
    }
    if (config.password() != null) {
      hc.setPassword(config.password());
    }
    hc.setDataSourceProperties(config.backendProperties());
    hc.setMaximumPoolSize(config.poolSize());
    hc.setMinimumIdle(0);
    hc.setPoolName("dpjdbc-" + Integer.toHexString(Objects.hash(config.backendUrl())));
    try {
      return new HikariDataSource(hc);
    } catch (RuntimeException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw BackendErrors.scrub(sql);
      }
      throw new SQLException(
          "cannot connect to the backend " + config.backendUrl() + ": " + firstLine(e),
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
      throw new SQLException(
          "invalid policy " + config.policyPath() + ": " + firstLine(e),
          AnalyzerSqlState.INVALID_POLICY.code(),
          e);
    }
  }

  /** The analyzer for (backend, policy), created on first use with its own catalog connection. */
  public SensitivityAnalyzer analyzer(ConnectionConfig config, Policy policy) throws SQLException {
    AnalyzerKey key = new AnalyzerKey(config.backendUrl(), config.policyPath());
    synchronized (analyzers) {
      SensitivityAnalyzer analyzer = analyzers.get(key);
      if (analyzer == null) {
        analyzer = SensitivityAnalyzer.create(borrow(config), policy);
        analyzers.put(key, analyzer);
      }
      return analyzer;
    }
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
