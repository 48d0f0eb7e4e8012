package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.SortKey;
import dev.dpjdbc.analyze.post.PostProcessor;
import dev.dpjdbc.driver.execute.Parameters;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Post-processing (free under DP): computes the plan's output columns from the noisy coordinates,
 * then applies ORDER BY (PostgreSQL's NULL order by default: last ascending, first descending),
 * OFFSET and LIMIT — all after the noise. Plans of the relational analyzer carry their own
 * post-processing ({@link PrivacyPlan.Post}, Calcite's evaluator over the released rows), which
 * replaces the ORDER BY/OFFSET/LIMIT step.
 */
public final class PostProcess {
  private PostProcess() {}

  /**
   * The plan's post-processing with the analyst's parameter values bound ({@code LIMIT ?}, {@code
   * HAVING COUNT(*) > ?}, {@code SUM(x) / ?}), or null for a plan without one. The backend SQL
   * binds its own parameters ({@code PlanExecutor}); these are the ones the post-processing reads.
   * Data-independent: called before the charge.
   *
   * @throws java.sql.SQLException 22023 for a value of the wrong type, 2201W/2201X for a negative
   *     LIMIT/OFFSET
   */
  public static PostProcessor bind(PrivacyPlan plan, List<Object> params)
      throws java.sql.SQLException {
    if (plan.post() == null) {
      return null;
    }
    List<Object> values = new ArrayList<>(params.size());
    for (Object p : params) {
      values.add(Parameters.plain(p));
    }
    return plan.post().processor().bind(values);
  }

  /**
   * The released table.
   *
   * @param post the plan's post-processing as {@link #bind} returned it (null when the plan has
   *     none)
   */
  public static Table release(NoisyResult noisy, PrivacyPlan plan, PostProcessor post)
      throws java.sql.SQLException {
    List<OutputColumn> outputs = plan.outputs();
    List<Object[]> rows = new ArrayList<>(noisy.groups().size());
    for (NoisyResult.Group g : noisy.groups()) {
      Object[] row = new Object[outputs.size()];
      for (int i = 0; i < row.length; i++) {
        Object value = outputs.get(i).expr().evaluate(g.keys(), g.noisy());
        // with an evaluator, the released row takes its SQL types there (PostProcessor)
        row[i] = plan.post() != null ? value : typed(value, outputs.get(i));
      }
      rows.add(row);
    }
    if (plan.post() != null) {
      return new Table(columns(plan), post.apply(rows));
    }
    if (!plan.orderBy().isEmpty()) {
      rows.sort(order(plan.orderBy()));
    }
    long from = plan.offset() == null ? 0 : Math.max(0, plan.offset());
    long to = plan.limit() == null ? Long.MAX_VALUE : from + Math.max(0, plan.limit());
    rows = rows.subList((int) Math.min(from, rows.size()), (int) Math.min(to, rows.size()));
    return new Table(columns(plan), rows);
  }

  /** The released columns' descriptions, known before execution. */
  public static List<Table.Column> columns(PrivacyPlan plan) {
    List<Table.Column> columns = new ArrayList<>();
    for (OutputColumn o : plan.post() != null ? plan.post().columns() : plan.outputs()) {
      columns.add(
          new Table.Column(
              o.label(), o.jdbcType(), o.typeName(), className(o.jdbcType()), 0, o.typeMod()));
    }
    return columns;
  }

  static String className(int jdbcType) {
    return switch (jdbcType) {
      case Types.BIGINT -> Long.class.getName();
      case Types.INTEGER -> Integer.class.getName();
      case Types.SMALLINT, Types.TINYINT -> Integer.class.getName();
      case Types.DOUBLE, Types.FLOAT, Types.REAL -> Double.class.getName();
      case Types.NUMERIC, Types.DECIMAL -> java.math.BigDecimal.class.getName();
      case Types.BOOLEAN, Types.BIT -> Boolean.class.getName();
      case Types.DATE -> java.sql.Date.class.getName();
      case Types.TIMESTAMP -> java.sql.Timestamp.class.getName();
      case Types.TIME -> java.sql.Time.class.getName();
      default -> String.class.getName();
    };
  }

  /**
   * Coerces an output value to its declared JDBC type (COUNT → Long, others Double). A noisy value
   * becomes a Long by rounding to the nearest integer, ties to even ({@link Math#rint}, as
   * PostgreSQL casts float8 to int8), never by truncation, which would bias it toward zero.
   */
  static Object typed(Object value, OutputColumn column) {
    if (!(value instanceof Number n)
        || column.expr() instanceof dev.dpjdbc.analyze.plan.OutputExpr.KeyRef) {
      return value;
    }
    return switch (column.jdbcType()) {
      case Types.BIGINT -> NearestLong.of(n);
      case Types.DOUBLE, Types.FLOAT, Types.REAL -> n.doubleValue();
      default -> value;
    };
  }

  static Comparator<Object[]> order(List<SortKey> keys) {
    Comparator<Object[]> c = null;
    for (SortKey k : keys) {
      boolean nullsFirst = k.nullsFirst() != null ? k.nullsFirst() : k.descending();
      Comparator<Object> values = k.descending() ? VALUES.reversed() : VALUES;
      Comparator<Object> withNulls =
          nullsFirst ? Comparator.nullsFirst(values) : Comparator.nullsLast(values);
      Comparator<Object[]> one = Comparator.comparing(row -> row[k.outputIndex()], withNulls);
      c = c == null ? one : c.thenComparing(one);
    }
    return c;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> VALUES =
      (a, b) -> {
        if (a instanceof Number x && b instanceof Number y) {
          return Double.compare(x.doubleValue(), y.doubleValue());
        }
        if (a instanceof Comparable ca && a.getClass() == b.getClass()) {
          return ca.compareTo(b);
        }
        return a.toString().compareTo(b.toString());
      };
}
