package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundarySplit;
import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.bounding.BoundedRewrite;
import dev.dpjdbc.analyze.bounding.ContributionLimits;
import dev.dpjdbc.analyze.bounding.DistinctCounts;
import dev.dpjdbc.analyze.bounding.PartitionChoice;
import dev.dpjdbc.analyze.bounding.Rewritten;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import dev.dpjdbc.analyze.post.PostProcessor;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.safety.ErrorFreedom;
import dev.dpjdbc.analyze.safety.Preflight;
import dev.dpjdbc.analyze.sql2rel.RelFrontEnd;
import dev.dpjdbc.analyze.sql2rel.Translation;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * The relational analyzer end to end: SQL → {@link RelFrontEnd} → {@link PrivacyAnalysis} → {@link
 * BoundarySplit} → {@link ErrorFreedom} (no expression below the boundary may raise an error that
 * depends on row values; constant ones are evaluated first by the {@link Preflight}) → {@link
 * BoundedRewrite} → {@link RelSql} (the backend's SQL, literals bound) and {@link PostProcessor}
 * (everything above the boundary) → a {@link PrivacyPlan} the driver runs like any other. A query
 * that provably returns no row ({@code WHERE 1 = 0}, {@code LIMIT 0}: the probes BI tools send to
 * learn a query's columns) becomes a probe plan: columns, no rows, nothing run or spent.
 * Thread-safe; holds no per-query state.
 */
public final class RelationalPlanner {
  private final ConstraintCatalog catalog;
  private final Policy policy;
  private final Backend backend;
  private final RelFrontEnd frontEnd;

  public RelationalPlanner(ConstraintCatalog catalog, Policy policy, Backend backend) {
    this.catalog = catalog;
    this.policy = policy;
    this.backend = backend;
    this.frontEnd = new RelFrontEnd(catalog);
  }

  /**
   * Plans {@code sql}.
   *
   * @throws SQLException with the SQLState of {@link AnalyzerSqlState} naming what was refused
   */
  public PrivacyPlan plan(String sql) throws SQLException {
    try {
      return planChecked(sql);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw new SQLException(
          "dpjdbc cannot answer this query: " + e.getMessage(),
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code(),
          e);
    }
  }

  private PrivacyPlan planChecked(String sql) throws SQLException {
    Translation t = frontEnd.translate(sql);
    RelRoot root = t.root();
    if (Probes.provablyEmpty(root.rel)) {
      return probe(sql, t);
    }
    refuseCorrelatedPrivate(t);
    Units.requireKnown(root.rel, catalog, policy);
    PrivacyAnalysis analysis = PrivacyAnalysis.load(root.rel, catalog, policy);
    Boundary boundary = BoundarySplit.split(root, analysis);
    if (boundary.isPublic()) {
      throw new SQLException(
          "the query reads no personal data; dpjdbc answers aggregates over private tables"
              + " (query public tables directly on the database)",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    boolean selects = PartitionChoice.of(boundary, policy).isPresent();
    // the rewrite first: a missing bound (ZD001) is the more useful refusal than the errors an
    // unbounded value could raise; both are checks on the plan, before anything runs
    Rewritten r =
        BoundedRewrite.rewrite(
            boundary, analysis, policy, ErrorFreedom.warranted(boundary, analysis, backend));
    if (selects && !r.quantiles().histograms().isEmpty()) {
      throw new SQLException(
          "MIN, MAX, MEDIAN and percentiles per group need group keys with a public domain (a"
              + " CHECK IN list, an enum, a bounded date bucket, a public dimension table's keys or"
              + " policy values:); with groups released by partition selection they are not"
              + " supported yet. Group by a public key, or ask for the quantile without GROUP BY.",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    ErrorFreedom.check(boundary, analysis, backend);
    ErrorFreedom.checkRewrite(r.rel(), analysis, backend);
    BoundSql preflight = Preflight.of(boundary, backend);
    // no main statement only when nothing is read by it: quantiles alone (their histograms); a
    // keys-only selection (SELECT city ... GROUP BY city) still reads each group's dp_n
    BoundSql rewritten =
        r.coordinates().isEmpty() && r.selection() == null
            ? new BoundSql("", List.of())
            : RelSql.emit(r.rel(), backend);
    QuantileRelease quantiles = QuantilePlans.emit(boundary, r.quantiles(), backend);
    RelDataType released = boundary.aggregate().getRowType();
    List<OutputExpr> exprs = new ArrayList<>();
    List<String> aggregates = new ArrayList<>();
    List<dev.dpjdbc.analyze.plan.GroupKey> keys = new ArrayList<>();
    List<SourceTypeNames.Source> sources = SourceTypeNames.of(boundary.aggregate(), backend);
    List<String> sourceNames = SourceTypeNames.names(sources);
    for (GroupKey k : boundary.keys()) {
      exprs.add(new OutputExpr.KeyRef(keys.size()));
      aggregates.add(null);
      RelDataTypeField field = released.getFieldList().get(k.output());
      String source = sourceNames.get(k.output());
      keys.add(
          selects
              ? GroupKeys.selected(k, field, source)
              : GroupKeys.of(k, boundary.below(), field, source));
    }
    exprs.addAll(r.callOutputs());
    aggregates.addAll(r.callDescriptions());
    List<OutputColumn> outputs =
        ReleasedColumns.columns(released.getFieldNames(), released, exprs, aggregates, sources);
    PostProcessor post = PostProcessor.compileAbove(root.project(), boundary.aggregate());
    List<OutputColumn> columns =
        ReleasedColumns.columns(
            root.fields.rightList(),
            post.outputType(),
            null,
            null,
            SourceTypeNames.of(root.project(), backend));
    return new PrivacyPlan(
        sql,
        rewritten.sql(),
        t.parameterCount(),
        keys,
        r.coordinates(),
        (int) Math.min(Integer.MAX_VALUE, r.limits().groupsPerUnit()),
        outputs,
        List.of(),
        null,
        null,
        uses(boundary, r),
        rewritten.parameters(),
        preflight,
        backend.typing(),
        new PrivacyPlan.Post(post, columns, false),
        quantiles,
        r.selection());
  }

  private PrivacyPlan probe(String sql, Translation t) throws SQLException {
    PostProcessor post = PostProcessor.compile(t.root().project());
    List<OutputColumn> columns =
        ReleasedColumns.columns(
            t.root().fields.rightList(),
            post.outputType(),
            null,
            null,
            SourceTypeNames.of(t.root().project(), backend));
    return new PrivacyPlan(
        sql,
        "",
        t.parameterCount(),
        List.of(),
        List.of(),
        1,
        List.of(),
        List.of(),
        null,
        null,
        List.of(),
        List.of(),
        null,
        backend.typing(),
        new PrivacyPlan.Post(post, columns, true));
  }

  /**
   * A correlated subquery over private data computes a per-person value inside another row (a
   * person's own visit count next to the person): refused, as dpjdbc releases only aggregates over
   * many units.
   */
  private void refuseCorrelatedPrivate(Translation t) throws SQLException {
    for (RelNode inner : t.correlatedSubqueries()) {
      for (String table : Probes.privateTables(inner, policy)) {
        throw new SQLException(
            "a correlated subquery reads private table "
                + table
                + " once per outer row, which is a per-person value, not an aggregate over many"
                + " people. Join the table in FROM and aggregate across people instead (SELECT"
                + " e.region, COUNT(*) FROM employees e JOIN visits v ON v.employee_id = e.id"
                + " GROUP BY e.region).",
            AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
      }
    }
  }

  /** What EXPLAIN PRIVACY shows each coordinate rests on. */
  private static List<BoundUse> uses(Boundary boundary, Rewritten r) {
    List<BoundUse> uses = new ArrayList<>();
    RelPrivacy in = boundary.boundaryInput();
    ContributionLimits l = r.limits();
    uses.add(new BoundUse("", in.unit().identity(), "privacy unit", in.unit().path()));
    uses.add(
        new BoundUse(
            "", "", "at most " + l.rowsPerUnit() + " row(s) per unit per group", l.rowsSource()));
    if (!boundary.keys().isEmpty()) {
      uses.add(
          new BoundUse(
              "", "", "at most " + l.groupsPerUnit() + " group(s) per unit", l.groupsSource()));
    }
    for (int arg : argumentsOf(boundary)) {
      var facts = in.column(arg);
      if (facts.interval().bounded()) {
        uses.add(
            new BoundUse(
                "",
                BoundedRewrite.columnText(boundary, arg),
                "["
                    + Backend.number(facts.interval().lower())
                    + ", "
                    + Backend.number(facts.interval().upper())
                    + "]",
                facts.interval().source()));
      }
    }
    uses.addAll(r.unclamped());
    uses.addAll(DistinctCounts.bounds(boundary, l));
    for (GroupKey k : boundary.keys()) {
      k.domain()
          .ifPresent(
              d ->
                  uses.add(
                      new BoundUse(
                          "", k.name(), d.values().size() + " public values", d.source())));
    }
    return uses;
  }

  private static List<Integer> argumentsOf(Boundary boundary) {
    List<Integer> out = new ArrayList<>();
    boundary
        .calls()
        .forEach(c -> c.arguments().stream().filter(a -> !out.contains(a)).forEach(out::add));
    return out;
  }
}
