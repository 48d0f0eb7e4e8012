package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.post.PostProcessor;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.PlanExecutor;
import dev.dpjdbc.driver.execute.RawResult;
import dev.dpjdbc.driver.execute.RunningStatement;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.driver.execute.WarmPlans;
import dev.dpjdbc.driver.perturb.Grant;
import dev.dpjdbc.driver.perturb.IntervalRelease;
import dev.dpjdbc.driver.perturb.NoisyResult;
import dev.dpjdbc.driver.perturb.PartitionSelector;
import dev.dpjdbc.driver.perturb.Perturber;
import dev.dpjdbc.driver.perturb.PostProcess;
import dev.dpjdbc.driver.perturb.QueryBudget;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The privacy path of one query over private data: plan → allocate → prepare → charge → execute →
 * perturb → release, and EXPLAIN PRIVACY, which takes the same path up to the charge and stops.
 *
 * <p>Everything that cannot depend on the data runs before the charge and is free when it fails:
 * planning, the parameter count, binding the parameters the post-processing reads ({@code LIMIT ?},
 * {@code HAVING COUNT(*) > ?}: their types, a negative LIMIT), the noise allocation (settings that
 * cannot be calibrated, a cost the ledger cannot record), the preflight of constant expressions,
 * the backend's prepare and describe of the rewritten SQL, and binding the parameters ({@link
 * #check}) and, on PostgreSQL, converting the bound values to the types the backend inferred for
 * them ({@link PlanExecutor#checkValues}). A {@code LIMIT ?} bound to 0 returns the columns and no
 * row without running or charging, like a literal {@code LIMIT 0} probe. Execution then charges the
 * ledger before the backend reads a row: everything an execution shows besides the noisy answer (an
 * error, a cancel under statement_timeout, its running time) is paid for, and an analyst whose
 * budget is spent cannot make the backend read data at all. Never refunded, also when execution
 * fails.
 *
 * <p>A warm query — the same plan object with equal values, already described and probed on this
 * connection ({@link WarmPlans}) — skips the describe and the probe: one round trip, the execution.
 * An execution failure forgets the plan, so a catalog changed by another session is checked afresh
 * on the next attempt (the failed one was charged, as any execution failure is).
 *
 * <p>EXPLAIN PRIVACY runs {@link #check} and the value conversion too — so it refuses, with the
 * same SQLState, every query execution would refuse before reading data — and asks the ledger
 * whether the charge would be admitted ({@link Ledger#checkAdmits}, ZD100 if not) without charging.
 * It never executes or plans the rewritten SQL: only the preflight and the value probe run, and
 * neither names a table.
 */
final class PrivacyPath {
  private final String analyst;
  private final Ledger.Budget budget;
  private final Connection backend;
  private final Planner planner;
  private final Ledger ledger;
  private final Perturber perturber;
  private final RunningStatement running;
  private final WarmPlans warm = new WarmPlans();

  PrivacyPath(
      String analyst,
      Ledger.Budget budget,
      Connection backend,
      Planner planner,
      Ledger ledger,
      Perturber perturber,
      RunningStatement running) {
    this.analyst = analyst;
    this.budget = budget;
    this.backend = backend;
    this.planner = planner;
    this.ledger = ledger;
    this.perturber = perturber;
    this.running = running;
  }

  /**
   * What passed every data-independent check: the plan, its noise, the prepared statement and the
   * post-processing with the parameters it reads bound (null when the plan has none); {@code warm}
   * when this connection already described and probed the plan with these values ({@link
   * WarmPlans}), so neither round trip is repeated.
   */
  private record Checked(
      PrivacyPlan plan,
      QueryBudget budget,
      PlanExecutor.Prepared prepared,
      PostProcessor post,
      boolean warm)
      implements AutoCloseable {
    Allocation allocation() {
      return budget.allocation(); // its cost is the whole query's (QueryBudget)
    }

    @Override
    public void close() throws SQLException {
      prepared.close();
    }
  }

  /** Plans, allocates and prepares {@code sql}: every check before the charge. */
  private Checked check(String sql, List<Object> params, QuerySettings settings, int timeout)
      throws SQLException {
    PrivacyPlan plan = plan(sql);
    PlanExecutor.checkParameterCount(plan, params);
    PostProcessor post = PostProcess.bind(plan, params);
    QueryBudget budget = allocate(plan, settings);
    boolean known = warm.passed(plan, params);
    return new Checked(
        plan,
        budget,
        PlanExecutor.prepare(plan, params, backend, timeout, running, !known),
        post,
        known);
  }

  /**
   * The bound values convert to the types the backend inferred (a table-free probe): a value that
   * does not fit (22P02, 42804) is refused before the charge. Skipped when this connection already
   * checked the plan with these very values.
   */
  private void checkValues(Checked c, List<Object> params, int timeout) throws SQLException {
    if (!c.warm()) {
      PlanExecutor.checkValues(c.prepared(), params, backend, timeout, warm);
      warm.remember(c.plan(), params);
    }
  }

  /** Releases the noisy answer of {@code sql}, charged to the analyst. */
  Outcome release(String sql, List<Object> params, QuerySettings settings, int timeout)
      throws SQLException {
    PrivacyPlan probe = plan(sql);
    if (probe.isProbe()) {
      // no row whatever the data holds: nothing runs, nothing is spent
      PlanExecutor.checkParameterCount(probe, params);
      PostProcessor post = PostProcess.bind(probe, params);
      Table none =
          IntervalRelease.release(
              new NoisyResult(List.of()),
              probe,
              post,
              null,
              settings.confidence(),
              settings.intervals());
      return new Outcome(none, -1, null);
    }
    try (Checked c = check(sql, params, settings, timeout)) {
      if (c.post() != null && c.post().returnsNoRows()) {
        // LIMIT ? bound to 0: no row whatever the data holds, so nothing is read or spent
        return new Outcome(
            new Table(IntervalRelease.columns(c.plan(), settings.intervals()), List.of()),
            -1,
            null);
      }
      checkValues(c, params, timeout); // as EXPLAIN PRIVACY refuses a value
      Ledger.BudgetStatus after = ledger.charge(analyst, budget, c.allocation().cost(), sql);
      RawResult raw;
      try {
        raw = PlanExecutor.execute(c.prepared());
      } catch (SQLException e) {
        warm.forget(c.plan()); // the next attempt is described and probed afresh
        if (AnalyzerSqlState.CATALOG_CHANGED.code().equals(e.getSQLState())) {
          planner.catalogChanged(); // the next query plans against the catalog as it is now
        }
        throw e;
      }
      Grant grant = new Grant(c.allocation(), after);
      if (c.plan().selects()) {
        raw = PartitionSelector.select(raw, c.plan(), c.budget(), grant); // before the noise
      }
      NoisyResult noisy = perturber.perturb(raw, c.plan(), grant);
      // intervals: post-processing of the noisy values and the public scales, free
      Table released =
          IntervalRelease.release(
              noisy,
              c.plan(),
              c.post(),
              grant.allocation(),
              settings.confidence(),
              settings.intervals());
      return new Outcome(released, -1, CostWarning.of(analyst, c.allocation(), after));
    }
  }

  /**
   * EXPLAIN PRIVACY of {@code sql}: its noise, after the checks execution makes; spends nothing.
   */
  Table explain(String sql, List<Object> params, QuerySettings settings, int timeout)
      throws SQLException {
    if (plan(sql).isProbe()) {
      PlanExecutor.checkParameterCount(plan(sql), params);
      PostProcess.bind(plan(sql), params);
      return new Table(ExplainPrivacy.COLUMNS, List.of());
    }
    try (Checked c = check(sql, params, settings, timeout)) {
      checkValues(c, params, timeout);
      ledger.checkAdmits(analyst, budget, c.allocation().cost());
      return ExplainPrivacy.explain(c.plan(), settings, c.budget());
    }
  }

  /** The plan of {@code sql}; a planner bug is an SQLException, not a RuntimeException. */
  PrivacyPlan plan(String sql) throws SQLException {
    try {
      return planner.plan(sql);
    } catch (RuntimeException e) {
      throw new SQLException(
          "dpjdbc could not plan this query (" + e.getMessage() + ")",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
  }

  /**
   * The noise (and partition selection) for {@code plan} under {@code settings}, refused (22023)
   * when it cannot be sampled, when selection has δ = 0, or when its cost cannot be recorded: a
   * data-independent check, before any charge.
   */
  private static QueryBudget allocate(PrivacyPlan plan, QuerySettings settings)
      throws SQLException {
    QueryBudget b =
        QueryBudget.allocate(plan, settings.params(), settings.mechanism(), settings.objective());
    Ledger.checkRecordable(b.cost());
    return b;
  }
}
