package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.catalog.CatalogQueries;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.Backends;
import dev.dpjdbc.driver.ConnectionConfig;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.PassThrough;
import dev.dpjdbc.driver.execute.RunningStatement;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.driver.perturb.IntervalRelease;
import dev.dpjdbc.driver.perturb.Perturber;
import dev.dpjdbc.mechanisms.sample.SecureNoise;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One analyst's session on one {@code jdbc:dp:} connection: its settings, its pooled backend
 * connection (held until {@link #close}), the shared analyzer and ledger. {@link #execute} is the
 * privacy path every statement takes: session commands, catalog pass-through, or plan → charge →
 * execute → perturb → release. Not thread-safe beyond {@link #cancel} (JDBC connections are used by
 * one thread at a time).
 */
public final class Session implements AutoCloseable {
  /**
   * One thread-safe sampler for the JVM: seeding a DRBG costs ~1 ms, not worth paying per session.
   */
  private static final SecureNoise NOISE = SecureNoise.create();

  /** COMMIT/END/ABORT/ROLLBACK ending the transaction (not ROLLBACK TO, not PREPARED). */
  private static final java.util.regex.Pattern TRANSACTION_END =
      java.util.regex.Pattern.compile(
          "(?is)(commit|end|abort|rollback)(\\s+(work|transaction))?(\\s+and\\s+(no\\s+)?chain)?");

  private final String analyst;
  private final Ledger.Budget budget;
  private final Connection backend;
  private final Ledger ledger;
  private final RunningStatement running = new RunningStatement();
  private final PrivacyPath path;
  private final BackendRelease backendRelease;
  private final CatalogLink catalog;
  private final Cursors cursors = new Cursors();
  private QuerySettings settings;
  private final QuerySettings defaults;

  /** How the session gives its backend connection back (evicting it when its state changed). */
  @FunctionalInterface
  interface BackendRelease {
    void giveBack(Connection backend, boolean stateChanged) throws SQLException;
  }

  /** A session over explicit parts; {@link #open} is what the driver uses. */
  Session(
      String analyst,
      Ledger.Budget budget,
      Connection backend,
      Planner planner,
      Ledger ledger,
      QuerySettings settings,
      BackendRelease release,
      CatalogLink catalog) {
    this.analyst = analyst;
    this.catalog = catalog;
    this.backendRelease = release;
    this.budget = budget;
    this.backend = backend;
    this.ledger = ledger;
    this.settings = settings;
    this.defaults = settings;
    this.path =
        new PrivacyPath(analyst, budget, backend, planner, ledger, new Perturber(NOISE), running);
  }

  /** Opens a session: policy, analyzer and ledger from the shared cache, one pooled connection. */
  public static Session open(ConnectionConfig config, Backends backends) throws SQLException {
    Policy policy = backends.policy(config);
    SensitivityAnalyzer analyzer = backends.analyzer(config, policy); // before borrowing ours
    Ledger ledger = backends.ledger(policy);
    Connection backend = backends.borrow(config);
    try {
      backend.setAutoCommit(true);
      return new Session(
          config.analyst(),
          budgetOf(policy, config.analyst()),
          backend,
          new Planner() {
            @Override
            public PrivacyPlan plan(String sql) throws SQLException {
              return analyzer.plan(sql);
            }

            @Override
            public void catalogChanged() {
              analyzer.refreshCatalog();
            }
          },
          ledger,
          initialSettings(policy, config),
          (c, changed) -> backends.giveBack(config, c, changed),
          new CatalogLink(
              new CatalogLink.Pool() {
                @Override
                public Connection borrow() throws SQLException {
                  return backends.borrowCatalog(config);
                }

                @Override
                public void giveBack(Connection c, boolean evict) throws SQLException {
                  backends.giveBackCatalog(config, c, evict);
                }
              },
              Backends.isPostgres(config.backendUrl()),
              config.catalog(),
              backend));
    } catch (SQLException | RuntimeException e) {
      backend.close();
      throw e;
    }
  }

  /** The policy's query defaults with the connection's dp.intervals/dp.confidence (22023). */
  private static QuerySettings initialSettings(Policy policy, ConnectionConfig config)
      throws SQLException {
    QuerySettings s = QuerySettings.from(policy.query());
    for (var e : config.settings().entrySet()) {
      s = Setting.forKey(e.getKey()).apply(s, e.getValue());
    }
    return s;
  }

  private static Ledger.Budget budgetOf(Policy policy, String analyst) {
    Policy.Analyst a = policy.analysts().get(analyst);
    if (a == null) {
      a = policy.analysts().get(analyst.toLowerCase(java.util.Locale.ROOT));
    }
    double epsilon = a != null && a.epsilon() != null ? a.epsilon() : policy.budget().epsilon();
    double delta = a != null && a.delta() != null ? a.delta() : policy.budget().delta();
    return new Ledger.Budget(epsilon, delta);
  }

  /** Runs one statement with its {@code ?} values. */
  public Outcome execute(String sql, List<Object> params, int queryTimeoutSeconds)
      throws SQLException {
    String statement = SqlText.single(sql);
    var command = SessionCommand.parse(statement);
    if (command.isPresent()) {
      return runCommand(command.get(), params, queryTimeoutSeconds);
    }
    var cursor = CursorCommand.parse(statement);
    if (cursor.isPresent()) {
      return cursors.run(cursor.get(), params, queryTimeoutSeconds, cursorQueries());
    }
    if (catalog.passAll()) { // test only: the catalog role's privileges alone
      return answer(catalog.door().runUnchecked(statement, params, running));
    }
    if (CatalogQueries.isTransactionControl(statement)) {
      if (TRANSACTION_END.matcher(statement.strip()).matches()) {
        transactionEnded();
      }
      return Outcome.count(0); // every statement is its own transaction: read-only work
    }
    var setting = ClientSettings.parse(statement); // SET/RESET/SHOW: an allow-list
    if (setting.isPresent()) {
      return runSetting(setting.get());
    }
    CatalogQueries.Classification c = CatalogQueries.classify(statement);
    switch (c.verdict()) {
      case PASS_THROUGH -> {
        return answer(catalog.door().run(statement, params, running));
      }
      case REFUSE -> {
        SQLException refusal =
            new SQLException(c.reason(), AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
        if (!catalog.postgres()) {
          throw refusal;
        }
        try { // PostgreSQL's parse decides, and may answer with NULLs (sizes)
          return answer(catalog.door().run(statement, params, running));
        } catch (SQLException e) {
          // refused by both: the classifier's reason names the object in the analyst's words
          throw AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code().equals(e.getSQLState())
              ? refusal
              : e;
        }
      }
      default -> {
        SQLException unread = CatalogFallback.refusal(path, catalog, statement);
        if (unread != null) { // PostgreSQL's parse decides (nothing is charged either way)
          return answer(
              CatalogFallback.door(unread, () -> catalog.door().run(statement, params, running)));
        }
        return path.release(statement, params, settings, queryTimeoutSeconds);
      }
    }
  }

  /** EXPLAIN PRIVACY of {@code query}: see {@link ExplainRouting}. */
  private Table explain(String query, List<Object> params, int timeoutSeconds) throws SQLException {
    return ExplainRouting.explain(query, params, timeoutSeconds, settings, catalog, path);
  }

  /**
   * A backend setting, re-emitted as {@code set_config}/{@code current_setting} with bind
   * parameters on the catalog connection (never the analyst's text, never the data connection).
   */
  private Outcome runSetting(ClientSettingCommand command) throws SQLException {
    catalog.changed(command.changesBackend());
    if (command instanceof ClientSettingCommand.ResetAll) {
      settings = defaults; // RESET ALL resets the dp.* settings too, as SHOW ALL lists them
    }
    Table t =
        command instanceof ClientSettingCommand.ShowAll
            ? ClientSettings.showAll(catalog.connection(), dpSettingRows())
            : ClientSettings.run(catalog.connection(), command);
    return t == null ? Outcome.count(0) : Outcome.rows(t);
  }

  private List<Object[]> dpSettingRows() {
    List<Object[]> rows = new java.util.ArrayList<>();
    for (Setting s : Setting.values()) {
      rows.add(new Object[] {s.key(), s.show(settings), "dpjdbc: per-query privacy setting"});
    }
    return rows;
  }

  private static Outcome answer(PassThrough.Answer a) {
    return a.table() != null ? Outcome.rows(a.table()) : Outcome.count(a.updateCount());
  }

  private Outcome runCommand(SessionCommand command, List<Object> params, int timeoutSeconds)
      throws SQLException {
    if (command instanceof SessionCommand.Set set) {
      settings = Setting.forKey(set.key()).apply(settings, set.value());
      return Outcome.count(0);
    }
    if (command instanceof SessionCommand.Reset reset) {
      Setting setting = Setting.forKey(reset.key());
      settings = setting.apply(settings, setting.show(defaults));
      return Outcome.count(0);
    }
    if (command instanceof SessionCommand.Show show) {
      return Outcome.rows(show(show.key()));
    }
    return Outcome.rows(
        explain(((SessionCommand.ExplainPrivacy) command).query(), params, timeoutSeconds));
  }

  private Cursors.Queries cursorQueries() {
    return new Cursors.Queries() {
      @Override
      public Outcome execute(String query, List<Object> params, int timeoutSeconds)
          throws SQLException {
        return Session.this.execute(query, params, timeoutSeconds);
      }

      @Override
      public Description describe(String query) throws SQLException {
        return Session.this.describe(query);
      }
    };
  }

  /** COMMIT or ROLLBACK (statement or {@code Connection} method): WITHOUT HOLD cursors close. */
  public void transactionEnded() {
    cursors.transactionEnded();
  }

  private Table show(String key) throws SQLException {
    if (key.equalsIgnoreCase("dp.budget")) {
      return BudgetTable.of(ledger.status(analyst, budget, settings.oneQueryCost()));
    }
    Setting s = Setting.forKey(key);
    return BudgetTable.single(s.key(), s.show(settings));
  }

  /** Columns and parameter count of a statement, without running it or spending anything. */
  public Description describe(String sql) throws SQLException {
    String statement = SqlText.single(sql);
    var command = SessionCommand.parse(statement);
    if (command.isPresent()) {
      SessionCommand cmd = command.get();
      if (cmd instanceof SessionCommand.Set || cmd instanceof SessionCommand.Reset) {
        return new Description(List.of(), 0);
      }
      if (cmd instanceof SessionCommand.Show show) {
        return new Description(show(show.key()).columns(), 0);
      }
      String query = SqlText.single(((SessionCommand.ExplainPrivacy) cmd).query());
      int parameters =
          ExplainRouting.toCatalog(query, settings)
              ? described(query).parameterCount()
              : plannedOrCatalog(query).parameterCount();
      return new Description(ExplainPrivacy.COLUMNS, parameters);
    }
    var cursor = CursorCommand.parse(statement);
    if (cursor.isPresent()) {
      return cursors.describe(cursor.get(), cursorQueries());
    }
    if (catalog.passAll()) {
      return described(statement);
    }
    var setting = ClientSettings.parse(statement);
    if (setting.isPresent()) {
      return new Description(ClientSettings.columns(setting.get()), 0);
    }
    if (CatalogQueries.isTransactionControl(statement)) {
      return new Description(List.of(), 0);
    }
    CatalogQueries.Classification c = CatalogQueries.classify(statement);
    if (c.verdict() == CatalogQueries.Verdict.PASS_THROUGH
        || (c.verdict() == CatalogQueries.Verdict.REFUSE && catalog.postgres())) {
      return described(statement); // execute decides whether it may run
    }
    switch (c.verdict()) {
      case REFUSE ->
          throw new SQLException(c.reason(), AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
      default -> {
        return plannedOrCatalog(statement);
      }
    }
  }

  /**
   * A query's columns and parameters from its plan; when the analyzer cannot read it (on
   * PostgreSQL), from the catalog door's check and describe ({@link CatalogFallback}).
   */
  private Description plannedOrCatalog(String statement) throws SQLException {
    SQLException unread = CatalogFallback.refusal(path, catalog, statement);
    if (unread != null) {
      return CatalogFallback.door(
          unread,
          () -> {
            Description d = described(statement);
            List<Object> nulls = new java.util.ArrayList<>();
            for (int i = 0; i < d.parameterCount(); i++) {
              nulls.add(null);
            }
            catalog.door().check(statement, nulls); // what execute will check, nothing runs
            return d;
          });
    }
    PrivacyPlan plan = path.plan(statement);
    return new Description(
        IntervalRelease.columns(plan, settings.intervals()), plan.parameterCount());
  }

  /** A pass-through statement's columns and parameters, from the backend's describe. */
  private Description described(String statement) throws SQLException {
    PassThrough.Shape shape = catalog.door().describe(statement);
    return new Description(shape.columns(), shape.parameterCount());
  }

  /** The analyst charged for this session's releases. */
  public String analyst() {
    return analyst;
  }

  /** The current per-query settings. */
  public QuerySettings settings() {
    return settings;
  }

  /**
   * The catalog connection, for {@code DatabaseMetaData} delegation only (catalog data): the
   * catalog role's when one is configured. The wrapper that uses it never hands it out.
   */
  public Connection catalogConnection() throws SQLException {
    return catalog.connection();
  }

  /** Cancels the running backend statement, from any thread. */
  public void cancel() throws SQLException {
    running.cancel();
  }

  /**
   * Returns the connections to their pools ({@link CatalogLink#close} resets or evicts the catalog
   * connection). The data connection never runs analyst text.
   */
  @Override
  public void close() throws SQLException {
    boolean evictData = false;
    try {
      evictData = catalog.close();
    } finally {
      backendRelease.giveBack(backend, evictData);
    }
  }
}
