package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounding.CatalogGuard;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs a plan's rewritten SQL on the backend and collects the exact per-group coordinates, filled
 * out to every group of the public domains ({@link DomainGroups}), or, for a plan with partition
 * selection, the backend's groups with their distinct-unit counts ({@link SelectedGroups}). The SQL
 * holds no analyst text: every literal the analyst wrote, every domain value and every analyst
 * {@code ?} is bound as a parameter ({@link Parameters#bind(PreparedStatement, BoundSql, List,
 * dev.dpjdbc.analyze.plan.ParameterTyping)}). The plan's preflight, if any, runs first, so errors
 * of constant expressions surface before any row is read. Backend errors are scrubbed.
 */
public final class PlanExecutor {
  private PlanExecutor() {}

  /**
   * A plan's statement after every data-independent check: the parameter count, the preflight of
   * constant expressions, the backend's prepare and describe of the rewritten SQL, and binding on
   * the client (PostgreSQL converts the values only when the statement executes; {@link
   * #checkValues} does that beforehand, for EXPLAIN PRIVACY). Nothing has read a row yet; the
   * caller charges the ledger, then calls {@link #execute}.
   */
  public static final class Prepared implements AutoCloseable {
    private final PrivacyPlan plan;
    private final PreparedStatement statement;
    private final RunningStatement running;
    private final GroupCollector groups;
    private final List<PreparedStatement> histograms;
    private boolean executed;

    private Prepared(
        PrivacyPlan plan,
        PreparedStatement statement,
        RunningStatement running,
        GroupCollector groups,
        List<PreparedStatement> histograms) {
      this.plan = plan;
      this.statement = statement;
      this.running = running;
      this.groups = groups;
      this.histograms = histograms;
    }

    @Override
    public void close() throws SQLException {
      if (statement != null) {
        statement.close();
      }
      for (PreparedStatement h : histograms) {
        h.close();
      }
    }
  }

  /**
   * Runs every check that cannot depend on the data (see {@link Prepared}); failures are free for
   * the analyst because the ledger has not been charged yet.
   *
   * @param params the analyst's {@code ?} values, exactly {@link PrivacyPlan#parameterCount} of
   *     them
   * @param queryTimeoutSeconds backend statement timeout, 0 = none
   */
  public static Prepared prepare(
      PrivacyPlan plan,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      RunningStatement running)
      throws SQLException {
    return prepare(plan, params, backend, queryTimeoutSeconds, running, true);
  }

  /**
   * {@link #prepare}; {@code describe = false} skips the backend's describe of the rewritten SQL,
   * for a plan whose describe already passed on this connection with the same values ({@link
   * WarmPlans}). The statement is still parsed, by the execution itself.
   */
  public static Prepared prepare(
      PrivacyPlan plan,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      RunningStatement running,
      boolean describe)
      throws SQLException {
    checkParameterCount(plan, params);
    // the released groups, before anything runs: a domain the analyzer should have refused (two
    // values equal in the key's type) fails here, before the ledger is charged
    GroupCollector groups =
        plan.selects()
            ? new SelectedGroups(plan.groupKeys())
            : new DomainGroups(
                plan.groupKeys(), plan.coordinates().size() + plan.quantiles().totalFineBuckets());
    PreparedStatement ps = null;
    List<PreparedStatement> histograms = new java.util.ArrayList<>();
    try {
      if (plan.preflight() != null) {
        preflight(plan, params, backend, queryTimeoutSeconds, running);
      }
      // a keys-only selection (SELECT city ... GROUP BY city) has no coordinate but still reads
      // each group's distinct-unit count
      if (!plan.coordinates().isEmpty() || plan.selects()) {
        ps = backend.prepareStatement(plan.rewrittenSql());
        if (describe) {
          ps.getMetaData(); // the backend parses and describes it now (pgJDBC: Parse + Describe)
        }
        Parameters.bind(ps, plan.rewritten(), params, plan.typing());
        ps.setQueryTimeout(queryTimeoutSeconds);
      }
      for (var h : plan.quantiles().histograms()) {
        PreparedStatement hs = backend.prepareStatement(h.sql().sql());
        histograms.add(hs);
        if (describe) {
          hs.getMetaData();
        }
        Parameters.bind(hs, h.sql(), params, plan.typing());
        hs.setQueryTimeout(queryTimeoutSeconds);
      }
      return new Prepared(plan, ps, running, groups, histograms);
    } catch (SQLException e) {
      if (ps != null) {
        ps.close();
      }
      for (PreparedStatement h : histograms) {
        h.close();
      }
      throw BackendErrors.scrub(e);
    }
  }

  /** Refuses (22023) a number of bound values other than the plan's parameter count. */
  public static void checkParameterCount(PrivacyPlan plan, List<Object> params)
      throws SQLException {
    if (params.size() != plan.parameterCount()) {
      throw new SQLException(
          "the statement has "
              + plan.parameterCount()
              + " ? parameter(s) but "
              + params.size()
              + " value(s) were bound; bind every parameter before executing",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
  }

  /**
   * Executes a prepared plan and collects its per-group coordinates (the data is read here). When
   * the statement's re-check of the catalog fails ({@link CatalogGuard}), the error is {@code
   * ZD003} ({@link AnalyzerSqlState#CATALOG_CHANGED}): the caller should forget its cached plans.
   */
  public static RawResult execute(Prepared prepared) throws SQLException {
    PrivacyPlan plan = prepared.plan;
    List<GroupKey> groupKeys = plan.groupKeys();
    int keys = groupKeys.size();
    // with partition selection, one more column: the group's distinct-unit count (SelectedGroups)
    int coordinates = plan.coordinates().size() + (plan.selects() ? 1 : 0);
    if (prepared.executed) {
      throw new IllegalStateException("a prepared plan executes once");
    }
    prepared.executed = true;
    GroupCollector groups = prepared.groups;
    PreparedStatement ps = prepared.statement;
    try {
      if (ps == null) {
        HistogramRows.collect(prepared.histograms, plan, groups, prepared.running);
        return groups.result();
      }
      prepared.running.start(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Object[] k = new Object[keys];
          for (int i = 0; i < keys; i++) {
            k[i] = readKey(rs, i + 1, groupKeys.get(i));
          }
          double[] v = new double[coordinates + plan.quantiles().totalFineBuckets()];
          for (int i = 0; i < coordinates; i++) {
            v[i] = rs.getDouble(keys + i + 1); // SQL NULL (SUM of no rows) reads as 0
          }
          groups.add(k, v);
        }
      } finally {
        prepared.running.finish();
      }
      HistogramRows.collect(prepared.histograms, plan, groups, prepared.running);
    } catch (SQLException e) {
      if (CatalogGuard.isFailure(e)) {
        throw new SQLException(
            "the database's constraints or column types that this query's plan relied on changed"
                + " after it was planned (a CHECK dropped, a column's type altered); the query"
                + " stopped before aggregating any row. dpjdbc reads the catalog again: run the"
                + " query again",
            AnalyzerSqlState.CATALOG_CHANGED.code());
      }
      throw BackendErrors.scrub(e);
    }
    return groups.result();
  }

  /**
   * A key column's value as {@link KeyEquality} compares it: the backend's text output for text and
   * date/time keys (independent of the JVM's time zone), else {@code getObject}. A value the driver
   * cannot read is one no group matches: the row is dropped, as a value outside the domain is
   * (which values those are depends on the key's type only).
   */
  static Object readKey(ResultSet rs, int column, GroupKey key) {
    try {
      return KeyEquality.readsText(key) ? rs.getString(column) : rs.getObject(column);
    } catch (SQLException | RuntimeException e) {
      return UNREADABLE;
    }
  }

  /** A key value no group matches (no type's canonical form accepts it). */
  private static final Object UNREADABLE = new Object();

  /** {@link #prepare} then {@link #execute}, for callers with nothing to do in between. */
  public static RawResult run(
      PrivacyPlan plan,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      RunningStatement running)
      throws SQLException {
    try (Prepared p = prepare(plan, params, backend, queryTimeoutSeconds, running)) {
      return execute(p);
    }
  }

  /**
   * Before the ledger's charge (release and EXPLAIN PRIVACY), on PostgreSQL: what PostgreSQL checks
   * about the bound values, which pgJDBC sends only when the statement executes, so that a value
   * such as {@code 'x'} for an integer parameter is refused for free. First the statement is
   * described again with the bound values' types (as execution parses it); then the values are
   * bound, with the same calls, into {@code SELECT CAST(? AS t1), ...} with the parameter types
   * PostgreSQL inferred: a statement without a table, so it reads nothing and consults no
   * statistics (binding the rewritten SQL itself would plan it with the table's statistics, for
   * free and without limit). A data exception (class 22) there is the conversion error execution
   * would raise; a probe that cannot be formed (a type name that is not a plain identifier, or that
   * does not resolve) concludes nothing. The probe's error keeps PostgreSQL's first line: it reads
   * no table, so it can quote only the analyst's own value.
   */
  public static void checkValues(
      Prepared prepared, List<Object> params, Connection backend, int queryTimeoutSeconds)
      throws SQLException {
    checkValues(prepared, params, backend, queryTimeoutSeconds, new WarmPlans());
  }

  /** {@link #checkValues}, asking {@code warm} whether the backend is PostgreSQL. */
  public static void checkValues(
      Prepared prepared,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      WarmPlans warm)
      throws SQLException {
    PrivacyPlan plan = prepared.plan;
    if (prepared.statement == null
        || plan.rewritten().parameters().isEmpty()
        || !warm.isPostgres(backend)) {
      return;
    }
    // pgJDBC describes the statement again with the types of the bound values (Parse + Describe,
    // no Bind, no planning), as execution will parse it: a value whose type the statement cannot
    // take (a string for an integer comparison, 42883) fails here as it would there
    ParameterMetaData md;
    try {
      md = prepared.statement.getParameterMetaData();
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 1; i <= md.getParameterCount(); i++) {
      String type = md.getParameterTypeName(i);
      if (type == null || !PLAIN_TYPE.matcher(type).matches()) {
        return;
      }
      sql.append(i > 1 ? ", " : "").append("CAST(? AS ").append(type).append(')');
    }
    try (PreparedStatement ps = backend.prepareStatement(sql.toString())) {
      Parameters.bind(ps, plan.rewritten(), params, plan.typing());
      ps.setQueryTimeout(queryTimeoutSeconds);
      prepared.running.start(ps);
      try {
        ps.executeQuery().close();
      } finally {
        prepared.running.finish();
      }
    } catch (SQLException e) {
      if (e.getSQLState() != null && e.getSQLState().startsWith("22")) {
        // the probe reads no table: its message can quote only the analyst's own value
        String line = BackendErrors.firstLine(e.getMessage());
        throw new SQLException(
            line.startsWith("ERROR: ") ? line.substring("ERROR: ".length()) : line,
            e.getSQLState());
      }
    }
  }

  private static final java.util.regex.Pattern PLAIN_TYPE =
      java.util.regex.Pattern.compile("[a-z_][a-z0-9_]*");

  /** Evaluates the plan's constant expressions; reads no table, returns one row. */
  private static void preflight(
      PrivacyPlan plan,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      RunningStatement running)
      throws SQLException {
    try (PreparedStatement ps = backend.prepareStatement(plan.preflight().sql())) {
      Parameters.bind(ps, plan.preflight(), params, plan.typing());
      ps.setQueryTimeout(queryTimeoutSeconds);
      running.start(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            rs.getObject(i); // some drivers evaluate lazily
          }
        }
      } finally {
        running.finish();
      }
    }
  }
}
