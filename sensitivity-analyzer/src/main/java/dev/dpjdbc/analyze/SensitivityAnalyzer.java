package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.cache.PlanCache;
import dev.dpjdbc.analyze.parse.QualifiedNames;
import dev.dpjdbc.analyze.parse.QueryShape;
import dev.dpjdbc.analyze.parse.QueryValidator;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * Turns an analyst's aggregate SQL into a {@link PrivacyPlan}: parse (Calcite Babel, PostgreSQL
 * lexical rules), validate against a schema read from the live connection (the WHERE only with
 * forms that cannot raise a data-dependent error: {@code WhereAllowList}), find the privacy unit
 * and bounds (policy first, then enforced constraints), rewrite so the bounds are enforced in SQL,
 * and compute λ for every noisy coordinate.
 *
 * <p>Refusals are {@link SQLException}s with a SQLState from {@link AnalyzerSqlState} and a message
 * that names what was wrong and how to fix it.
 *
 * <p>Analysis works on the parsed SQL tree (validated by Calcite's validator for names, types and
 * functions), not on a RelNode: with one table and plain aggregates the tree maps one-to-one onto
 * the plan, and the analyst's WHERE is re-emitted in the backend dialect from it. Thread-safe: the
 * catalog cache is synchronized; planning itself holds no shared state.
 *
 * <p>Plans are immutable and depend only on the SQL text, the policy and the catalog, so the last
 * {@value #PLAN_CACHE_SIZE} are kept by text, and by the statement's literal-free shape when the
 * privacy analysis did not read its literals ({@link PlanCache}): a prepared statement, a
 * dashboard's repeated query, and the same query with new literal values are planned once, not on
 * every run. {@link #refreshCatalog} forgets them with the catalog. Refusals are not cached.
 */
public final class SensitivityAnalyzer {
  private final java.util.concurrent.atomic.AtomicLong oneTableAnswers =
      new java.util.concurrent.atomic.AtomicLong();
  static final int PLAN_CACHE_SIZE = 256;

  private final ConstraintCatalog catalog;
  private final Policy policy;
  private final Backend backend;
  private final RelationalPlanner relational;
  private final PlanCache plans = new PlanCache(this::planUncached);

  private SensitivityAnalyzer(ConstraintCatalog catalog, Policy policy, Backend backend) {
    this.catalog = catalog;
    this.policy = policy;
    this.backend = backend;
    this.relational = new RelationalPlanner(catalog, policy, backend);
  }

  /**
   * @param metadata a backend connection used only to read catalog metadata (tables, columns,
   *     constraints, enum types); the analyzer caches what it reads
   */
  public static SensitivityAnalyzer create(Connection metadata, Policy policy) throws SQLException {
    return new SensitivityAnalyzer(
        new ConstraintCatalog(metadata),
        policy,
        Backend.forProduct(metadata.getMetaData().getDatabaseProductName()));
  }

  /**
   * An analyzer that reads catalog metadata through a fresh connection from {@code metadata} for
   * each table it loads (a pooled data source), so it survives a backend restart or a terminated
   * backend session.
   */
  public static SensitivityAnalyzer create(ConstraintCatalog.MetadataSource metadata, Policy policy)
      throws SQLException {
    Backend backend;
    try (Connection c = metadata.open()) {
      backend = Backend.forProduct(c.getMetaData().getDatabaseProductName());
    }
    return new SensitivityAnalyzer(new ConstraintCatalog(metadata), policy, backend);
  }

  /** Plans a query; {@code ?} parameters stay as {@code ?} in the rewritten SQL, in order. */
  public PrivacyPlan plan(String sql) throws SQLException {
    return plans.plan(sql);
  }

  /**
   * What the plan cache did so far: statements served by their text, by their literal-free shape
   * ({@link PlanCache}), and planned. Tests and benchmarks read it; it is not shown to analysts.
   */
  public PlanCache.Stats planCacheStats() {
    return plans.stats();
  }

  /**
   * The relational analyzer plans every query. Only when it says a construct is not supported yet
   * (0A000) does the one-table planner get a try: what it answers, it answers with its own proven
   * plan; when it refuses too, the relational analyzer's refusal stands (it names the construct).
   */
  private PrivacyPlan planUncached(String sql) throws SQLException {
    try {
      return relational.plan(sql);
    } catch (SQLException relationalRefusal) {
      if (!AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code().equals(relationalRefusal.getSQLState())) {
        throw relationalRefusal;
      }
      try {
        PrivacyPlan plan = planOneTable(sql);
        oneTableAnswers.incrementAndGet();
        return plan;
      } catch (SQLException oneTable) {
        throw relationalRefusal;
      }
    }
  }

  /**
   * How many queries the one-table planner answered after the relational analyzer refused them
   * (0A000): what the relational analyzer still lacks. The tests read it; it is not shown to
   * analysts.
   */
  public long oneTableAnswers() {
    return oneTableAnswers.get();
  }

  private PrivacyPlan planOneTable(String sql) throws SQLException {
    QueryShape shape = QueryShape.of(parse(sql));
    TableMeta meta =
        catalog
            .table(shape.schema(), shape.table())
            .orElseThrow(
                () ->
                    new SQLException(
                        "relation "
                            + (shape.schema() == null ? "" : shape.schema() + ".")
                            + shape.table()
                            + " does not exist",
                        AnalyzerSqlState.UNDEFINED_TABLE.code()));
    try {
      // a second parse on purpose: validation rewrites its tree in place (identifier expansion,
      // ORDER BY/LIMIT detached), and the plan is built from the tree as the analyst wrote it
      QueryValidator.validate(parse(sql), shape.schema(), shape.table(), meta);
    } catch (QueryValidator.NonDeterministic e) {
      throw new SQLException(
          "dpjdbc allows only deterministic functions; "
              + e.getMessage()
              + " is not (remove it from the query)",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    // the table with every table its foreign keys lead to: the unit may come from one of them
    TableBounds bounds = TableBounds.load(catalog, policy, List.of(meta)).get(0);
    return new PlanBuilder(backend, bounds, shape, sql).build();
  }

  /**
   * One parse of {@code sql}, with {@code db.schema.table} names resolved as PostgreSQL resolves
   * them ({@link QualifiedNames}: the connection's own database part dropped, another refused).
   */
  private SqlNode parse(String sql) throws SQLException {
    SqlNode node = QueryShape.parse(sql);
    QualifiedNames.resolve(node, catalog.naming());
    return node;
  }

  /**
   * Forgets the cached catalog (columns, constraints, enum labels) and the cached plans, so the
   * next plan reads the catalog again; call after DDL that changes a queried table.
   */
  public void refreshCatalog() {
    catalog.clear();
    plans.clear();
  }

  /** The backend dialect the rewritten SQL is written in. */
  public Backend backend() {
    return backend;
  }
}
