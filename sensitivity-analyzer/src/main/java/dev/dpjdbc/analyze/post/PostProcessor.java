package dev.dpjdbc.analyze.post;

import com.google.common.collect.ImmutableList;
import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.calcite.interpreter.Interpreter;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * Post-processing of released rows: evaluates a relational expression ({@code above}) over the
 * released table with Calcite's {@link Interpreter}. Guarantees: {@code above} reads nothing but
 * the released rows (its single leaf is replaced by a scan of them); it is made only of Project,
 * Filter, Sort (with offset/fetch) and Aggregate, else {@link #compile} refuses with 0A000; ORDER
 * BY without an explicit null direction follows PostgreSQL (NULLS LAST ascending, FIRST
 * descending); expressions follow PostgreSQL where Calcite's generated code differs (float division
 * by zero, half-to-even float rounding, exact integer arithmetic); evaluation errors are {@link
 * SQLException}s with a SQLState (division by zero 22012, out of range 22003), never raw runtime
 * exceptions. Values in and out are plain Java values (Integer, Long, Double, BigDecimal, String,
 * Boolean, LocalDate, LocalDateTime, LocalTime), numbers in the Java class of their SQL type.
 * Immutable and safe to share between threads.
 */
public final class PostProcessor {
  /** SQLState for division by zero (PostgreSQL's {@code division_by_zero}). */
  public static final String DIVISION_BY_ZERO = "22012";

  /**
   * SQLState for a value outside its type's range (PostgreSQL's {@code
   * numeric_value_out_of_range}).
   */
  public static final String NUMERIC_OUT_OF_RANGE = "22003";

  /** SQLState for other errors evaluating an expression over released values. */
  public static final String DATA_EXCEPTION = "22000";

  private final RelNode plan;
  private final TableScan leaf;
  private final Map<Integer, RelDataType> parameters;

  /**
   * When {@link #plan} is only projections of input columns down to its leaf (a rename, a reorder,
   * a subset, or nothing at all): output column i is released column {@code projection[i]};
   * otherwise null. Such a plan is evaluated without the interpreter ({@link #apply}).
   */
  private final int[] projection;

  PostProcessor(RelNode plan, TableScan leaf) {
    this.plan = plan;
    this.leaf = leaf;
    this.parameters = Map.copyOf(PostParameters.of(plan));
    this.projection = projection(plan);
  }

  /** See {@link #projection}: the composed column map of a chain of input-ref projections. */
  static int[] projection(RelNode plan) {
    List<Project> chain = new ArrayList<>();
    RelNode r = plan;
    while (r instanceof Project p) {
      chain.add(p);
      r = p.getInput();
    }
    if (!r.getInputs().isEmpty()) {
      return null;
    }
    int[] map = new int[r.getRowType().getFieldCount()];
    for (int i = 0; i < map.length; i++) {
      map[i] = i;
    }
    for (int j = chain.size() - 1; j >= 0; j--) {
      List<RexNode> exprs = chain.get(j).getProjects();
      int[] next = new int[exprs.size()];
      for (int i = 0; i < next.length; i++) {
        if (!(exprs.get(i) instanceof RexInputRef ref)) {
          return null;
        }
        next[i] = map[ref.getIndex()];
      }
      map = next;
    }
    return map;
  }

  /** True when {@link #apply} copies released columns without Calcite's interpreter. */
  public boolean isProjection() {
    return projection != null;
  }

  /**
   * A placeholder leaf standing for the released table, to build {@code above} on with {@code
   * RelBuilder.push(placeholder)}.
   */
  public static RelNode placeholder(RelOptCluster cluster, RelDataType releasedRowType) {
    return LogicalTableScan.create(cluster, releasedTable(releasedRowType, List.of()), List.of());
  }

  /**
   * Checks and prepares {@code above}; its single leaf (any input-less rel: a {@link #placeholder},
   * a {@code LogicalValues}, a scan) must have a row type matching {@code releasedRowType}.
   *
   * @throws SQLException 0A000 when {@code above} uses an operator or aggregate function that
   *     post-processing does not evaluate, or its leaf does not match the released type
   */
  public static PostProcessor compile(RelNode above, RelDataType releasedRowType)
      throws SQLException {
    Objects.requireNonNull(above, "above");
    Objects.requireNonNull(releasedRowType, "releasedRowType");
    RelNode shaped = PostShapes.normalise(above, releasedRowType);
    HepPlanner hep =
        new HepPlanner(
            new HepProgramBuilder().addRuleInstance(CoreRules.AGGREGATE_REDUCE_FUNCTIONS).build());
    hep.setRoot(shaped);
    RelNode reduced = hep.findBestExp();
    RelNode leafRel = PostShapes.leaf(reduced);
    TableScan leaf =
        LogicalTableScan.create(
            leafRel.getCluster(), releasedTable(leafRel.getRowType(), List.of()), List.of());
    PostProcessor p = new PostProcessor(reduced, leaf);
    PostParameters.checkBindable(p.parameters);
    try {
      // a trial run over no rows, every parameter NULL: what cannot be evaluated fails here
      List<Object> nulls = new ArrayList<>();
      p.parameters.keySet().stream()
          .max(Integer::compare)
          .ifPresent(max -> nulls.addAll(java.util.Collections.nCopies(max + 1, null)));
      p.bind(nulls).run(List.of());
    } catch (SQLException | RuntimeException e) {
      throw new SQLException(
          "post-processing cannot evaluate this query over released rows: "
              + e.getMessage()
              + "; simplify the expressions above the aggregates",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code(),
          e);
    }
    return p;
  }

  /**
   * {@link #compile} of {@code top} with the node {@code released} on its single-input chain (found
   * by identity) replaced by a {@link #placeholder} of the same row type: the post-processing of
   * everything above {@code released}.
   */
  public static PostProcessor compileAbove(RelNode top, RelNode released) throws SQLException {
    RelDataType type = released.getRowType();
    return compile(
        PostShapes.replaceAt(top, released, placeholder(released.getCluster(), type)), type);
  }

  /** {@link #compile} of {@code rel} over its own leaf (a plan that reads no released rows). */
  public static PostProcessor compile(RelNode rel) throws SQLException {
    return compile(rel, PostShapes.leaf(rel).getRowType());
  }

  /**
   * The analyst's parameters this post-processing reads ({@code LIMIT ?}, {@code HAVING COUNT(*) >
   * ?}, {@code SUM(x) / ?}): analyst index (0-based) → the type the validator inferred.
   */
  public Map<Integer, RelDataType> parameters() {
    return parameters;
  }

  /**
   * This post-processing with the analyst's parameter values bound ({@code values.get(i)} for
   * parameter {@code i}, null for SQL NULL); {@code this} when it reads none. Data-independent:
   * call it before the analyst is charged.
   *
   * @throws SQLException 22023 when a value is missing or does not convert to its parameter's type;
   *     2201W/2201X for a negative LIMIT/OFFSET (as PostgreSQL)
   */
  public PostProcessor bind(List<Object> values) throws SQLException {
    if (parameters.isEmpty()) {
      return this;
    }
    return new PostProcessor(PostParameters.bind(plan, values), leaf);
  }

  /**
   * The result has no row whatever the released rows hold (a {@code LIMIT 0}, also one bound from a
   * parameter): nothing needs to run, nothing is released.
   */
  public boolean returnsNoRows() {
    Double max = plan.getCluster().getMetadataQuery().getMaxRowCount(plan);
    return parameters.isEmpty() && max != null && max == 0;
  }

  /**
   * The post-processing plan as text (Calcite's explain form, literals and parameter indices
   * included): two processors with the same text compute the same rows from the same input.
   */
  public String describe() {
    return org.apache.calcite.plan.RelOptUtil.toString(plan);
  }

  /** The row type of {@link #apply}'s rows. */
  public RelDataType outputType() {
    return plan.getRowType();
  }

  /**
   * Evaluates the post-processing over {@code releasedRows} (each row: the released columns in
   * order, plain Java values). Returns new rows of {@link #outputType()}.
   *
   * @throws SQLException 22012 on division by zero, 22000 on other evaluation errors, 22023 when
   *     the post-processing reads parameters that were not {@link #bind bound}
   */
  public List<Object[]> apply(List<Object[]> releasedRows) throws SQLException {
    if (!parameters.isEmpty()) {
      throw new SQLException(
          "the query has parameters above the aggregates ("
              + parameters.size()
              + "); bind them"
              + " first",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    List<Object[]> internal;
    try {
      internal = RowValues.toInternal(releasedRows, leaf.getRowType());
    } catch (IllegalArgumentException e) {
      throw new SQLException(e.getMessage(), DATA_EXCEPTION, e);
    }
    if (projection != null) {
      // what the interpreter's Project of input refs does: copy the internal values, then convert
      // them back out with the output type, as run() does
      List<Object[]> out = new ArrayList<>(internal.size());
      for (Object[] row : internal) {
        Object[] picked = new Object[projection.length];
        for (int i = 0; i < picked.length; i++) {
          picked[i] = row[projection[i]];
        }
        out.add(RowValues.toExternal(picked, plan.getRowType()));
      }
      return out;
    }
    return run(internal);
  }

  /** {@link #apply} through Calcite's interpreter always (tests compare it with the fast path). */
  List<Object[]> applyInterpreted(List<Object[]> releasedRows) throws SQLException {
    return run(RowValues.toInternal(releasedRows, leaf.getRowType()));
  }

  /**
   * Interprets {@link #plan} bottom-up in segments cut after each global aggregate (no GROUP BY):
   * Calcite's interpreter emits no row for such an aggregate over empty input, SQL emits one (COUNT
   * 0, SUM NULL), which is supplied here.
   */
  private List<Object[]> run(List<Object[]> internal) throws SQLException {
    List<RelNode> chain = new ArrayList<>();
    for (RelNode r = plan; ; r = r.getInput(0)) {
      chain.add(r);
      if (r.getInputs().isEmpty()) {
        break;
      }
    }
    RelNode below = chain.get(chain.size() - 1);
    List<Object[]> rows = internal;
    for (int i = chain.size() - 2; i >= 0; i--) {
      RelNode node = chain.get(i);
      boolean global = node instanceof Aggregate a && a.getGroupCount() == 0;
      if (global || i == 0) {
        RelNode scan =
            LogicalTableScan.create(
                leaf.getCluster(), releasedTable(below.getRowType(), rows), List.of());
        rows = interpret(PostShapes.replaceAt(node, below, scan));
        if (global && rows.isEmpty()) {
          rows = List.<Object[]>of(PostShapes.emptyInputRow((Aggregate) node));
        }
        below = node;
      }
    }
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      out.add(RowValues.toExternal(row, plan.getRowType()));
    }
    return out;
  }

  private static List<Object[]> interpret(RelNode rel) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    try (Interpreter interpreter = new Interpreter(PostDataContext.create(), rel)) {
      for (Object[] row : interpreter) {
        out.add(row);
      }
    } catch (RuntimeException e) {
      throw translate(e);
    }
    return out;
  }

  static SQLException translate(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ArithmeticException && isDivisionByZero(t.getMessage())) {
        return new SQLException(
            "division by zero while post-processing released values; guard the divisor, e.g."
                + " NULLIF(divisor, 0)",
            DIVISION_BY_ZERO,
            e);
      }
      if (t instanceof ArithmeticException && String.valueOf(t.getMessage()).contains("range")) {
        return new SQLException(
            t.getMessage() + " while post-processing released values", NUMERIC_OUT_OF_RANGE, e);
      }
    }
    return new SQLException(
        "cannot evaluate the query over released values: " + e.getMessage(), DATA_EXCEPTION, e);
  }

  private static boolean isDivisionByZero(String message) {
    String m = message == null ? "" : message.toLowerCase(java.util.Locale.ROOT);
    return m.contains("zero") || m.contains("division undefined");
  }

  /** The evaluated relational expression (its single leaf stands for the released rows). */
  RelNode rel() {
    return plan;
  }

  static RelOptTableImpl releasedTable(RelDataType rowType, List<Object[]> rows) {
    return RelOptTableImpl.create(
        null, rowType, new ReleasedTable(rowType, rows), ImmutableList.of("released"));
  }
}
