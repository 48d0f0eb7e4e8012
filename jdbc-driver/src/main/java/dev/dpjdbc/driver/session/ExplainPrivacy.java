package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.driver.perturb.QueryBudget;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.lang.reflect.RecordComponent;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The answer to {@code EXPLAIN PRIVACY <query>}: one row per noisy coordinate, computed from the
 * plan and the allocation alone (nothing is executed, nothing is spent).
 *
 * <p>Columns: {@code output_column} (the released columns computed from this coordinate), {@code
 * aggregate} (what is noised, e.g. {@code SUM(salary - 100000)}), {@code sensitivity} (per-group
 * λ_i), {@code mechanism}, {@code scale} (σ_i Gaussian, b_i Laplace), {@code stddev}, {@code
 * epsilon}, {@code delta} (what the whole query costs), {@code groups} (L0), {@code weight} (w_i of
 * the objective; null for iid), {@code objective}, {@code mu0} (Gaussian μ0, else null), {@code
 * coordinate} (its name in the rewritten SQL), {@code bounds} (the bounds it relies on and where
 * they came from), and for a quantile ({@link ExplainQuantiles}: mechanism {@code exponential})
 * {@code rank_error}, {@code expected_rank_error} and {@code bucket_width} (null for coordinates),
 * and {@code output_stddev}: the noise sd of each released column computed from this coordinate
 * ({@link ColumnStddev}). A plan with partition selection has one more row, for the selection
 * ({@link SelectionExplain}).
 */
final class ExplainPrivacy {
  private ExplainPrivacy() {}

  static final List<Table.Column> COLUMNS =
      List.of(
          text("output_column"),
          text("aggregate"),
          number("sensitivity"),
          text("mechanism"),
          number("scale"),
          number("stddev"),
          number("epsilon"),
          number("delta"),
          new Table.Column("groups", Types.INTEGER, "int4", Integer.class.getName()),
          number("weight"),
          text("objective"),
          number("mu0"),
          text("coordinate"),
          text("bounds"),
          number("rank_error"),
          number("expected_rank_error"),
          number("bucket_width"),
          text("output_stddev"));

  /** No rows: the statement (a catalog statement) releases nothing private and spends nothing. */
  static Table nothingPrivate() {
    return new Table(COLUMNS, List.of());
  }

  static Table explain(PrivacyPlan plan, QuerySettings settings, QueryBudget budget) {
    Allocation allocation = budget.allocation(); // its cost is the whole query's
    List<Object[]> rows = new ArrayList<>();
    List<Coordinate> coordinates = plan.coordinates();
    for (int i = 0; i < coordinates.size(); i++) {
      Coordinate c = coordinates.get(i);
      rows.add(
          new Object[] {
            outputsOf(plan, i),
            c.description(),
            c.sensitivity(),
            allocation.mechanism().name().toLowerCase(Locale.ROOT),
            allocation.scales()[i],
            allocation.stddevs()[i],
            allocation.cost().epsilon(),
            allocation.cost().delta(),
            plan.maxGroupsPerUnit(),
            weight(allocation.objective(), c),
            allocation.objective().name().toLowerCase(Locale.ROOT).replace('_', '-'),
            Double.isNaN(allocation.mu0()) ? null : allocation.mu0(),
            c.name(),
            bounds(plan, c),
            null,
            null,
            null,
            ColumnStddev.of(plan, allocation, i)
          });
    }
    if (!plan.quantiles().isEmpty()) {
      rows.addAll(
          ExplainQuantiles.rows(
              plan,
              allocation,
              allocation.objective().name().toLowerCase(Locale.ROOT).replace('_', '-'),
              sharedBounds(plan),
              COLUMNS.size()));
    }
    if (plan.selects()) {
      rows.add(SelectionExplain.row(plan, budget, COLUMNS.size()));
    }
    return new Table(COLUMNS, rows);
  }

  private static Double weight(Objective objective, Coordinate c) {
    return switch (objective) {
      case RELATIVE -> c.relativeWeight();
      case ABSOLUTE -> 1.0;
      case EQUAL_SPLIT -> c.sensitivity() > 0 ? 1 / (c.sensitivity() * c.sensitivity()) : null;
      default -> null;
    };
  }

  /** The labels of the released columns computed from coordinate {@code i}. */
  private static String outputsOf(PrivacyPlan plan, int i) {
    List<String> labels = new ArrayList<>();
    for (OutputColumn o : plan.outputs()) {
      if (uses(o.expr(), i)) {
        labels.add(o.label());
      }
    }
    return String.join(", ", labels);
  }

  /**
   * Whether {@code e} reads coordinate {@code i}. Every {@code int} component of an {@link
   * OutputExpr} other than {@link OutputExpr.KeyRef} is a coordinate index (CountOf, SumOf, AvgOf,
   * VarianceOf), so the record's components are read generically.
   */
  static boolean uses(OutputExpr e, int i) {
    if (e instanceof OutputExpr.KeyRef || !e.getClass().isRecord()) {
      return false;
    }
    for (RecordComponent rc : e.getClass().getRecordComponents()) {
      if (rc.getType() == int.class) {
        try {
          if ((int) rc.getAccessor().invoke(e) == i) {
            return true;
          }
        } catch (ReflectiveOperationException ex) {
          throw new IllegalStateException("cannot read " + rc, ex);
        }
      }
    }
    return false;
  }

  /**
   * What the coordinate's λ rests on: the value bounds of the columns its description names, then
   * what every coordinate relies on — the privacy unit, the row and group limits and the public
   * domains of the group keys — each with where it came from.
   */
  private static String bounds(PrivacyPlan plan, Coordinate c) {
    List<String> named = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    for (BoundUse b : plan.bounds()) {
      boolean valueBound = b.what().startsWith("[");
      if (!valueBound) {
        shared.add(describe(b));
      } else if (b.column() != null && mentions(c.description(), b.column())) {
        named.add(describe(b));
      }
    }
    named.addAll(shared);
    return String.join("; ", named);
  }

  /** Every bound a quantile rests on: the value bounds, the unit, C, L0 and the domains. */
  private static String sharedBounds(PrivacyPlan plan) {
    List<String> all = new ArrayList<>();
    for (BoundUse b : plan.bounds()) {
      all.add(describe(b));
    }
    return String.join("; ", all);
  }

  private static boolean mentions(String description, String column) {
    return Pattern.compile("(?i)\\b" + Pattern.quote(column) + "\\b").matcher(description).find();
  }

  private static String describe(BoundUse b) {
    String where =
        b.column() == null || b.column().isBlank()
            ? b.table()
            : b.table() == null || b.table().isBlank() ? b.column() : b.table() + "." + b.column();
    return (where.isBlank() ? "" : where + " ") + b.what() + " (" + b.source() + ")";
  }

  private static Table.Column text(String label) {
    return new Table.Column(label, Types.VARCHAR, "text", String.class.getName());
  }

  private static Table.Column number(String label) {
    return new Table.Column(label, Types.DOUBLE, "float8", Double.class.getName());
  }
}
