package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * The order statistics of the DP aggregate (MIN, MAX, MEDIAN, PERCENTILE_CONT, PERCENTILE_DISC):
 * each becomes a quantile q of a numeric column with public bounds [L, U], released by the
 * exponential mechanism on a bucketed histogram (docs/mechanisms.md, "Quantiles").
 *
 * <p><b>The histogram statement</b> (one per distinct (column, FILTER); several quantiles of one
 * column share it): over the boundary's input, rows where the column is not NULL (and the FILTER
 * holds); when the privacy analysis does not guarantee C rows per unit, at most C rows per (unit,
 * group) are kept, chosen at random ({@code ROW_NUMBER() OVER (PARTITION BY unit, keys ORDER BY
 * RANDOM()) <= C}); when L0 must be enforced, a unit's first L0 groups in key order ({@code
 * DENSE_RANK() OVER (PARTITION BY unit ORDER BY keys) <= L0}, a choice made from the unit's own
 * rows only); then {@code COUNT(*)} per (keys, fine bucket of the clamped column). One unit
 * therefore changes the counts of at most L0 groups, each by at most C in total: the rank utility
 * of each group's mechanism moves by at most C.
 *
 * <p><b>Fine buckets</b> (fixed at planning; the driver merges them into the coarser buckets the
 * budget calls for): K_f = 4096 equal buckets over [L, U] (halved while K_f × the number of
 * released groups exceeds 2^22, down to 16), and for a whole-number column never finer than 1:
 * width ⌈R/K_f⌉ for the R = U − L + 1 values, edges at L − ½ + j·width.
 *
 * <p>A text column's MIN or MAX would release a stored value (a name): refused with 42501. Other
 * non-numeric columns (dates, booleans) are refused with 0A000 for now.
 */
final class QuantileCalls {
  static final int MAX_FINE_BUCKETS = 4096;
  static final int MIN_FINE_BUCKETS = 16;
  static final long CELL_BUDGET = 1L << 22;

  private record Key(int column, int filter) {}

  private final Boundary boundary;
  private final ContributionLimits limits;
  private final RelNode below;
  private final List<Integer> unit;
  private final RexBuilder rex;
  private final Clamps clamps;
  private final List<Key> keys = new ArrayList<>();
  private final List<double[]> layouts = new ArrayList<>(); // lower, upper, origin, width, K, int
  private final List<QuantileRelease.Quantile> quantiles = new ArrayList<>();

  QuantileCalls(
      Boundary boundary, ContributionLimits limits, RelNode below, List<Integer> unit, Clamps c) {
    this.boundary = boundary;
    this.limits = limits;
    this.below = below;
    this.unit = unit;
    this.rex = below.getCluster().getRexBuilder();
    this.clamps = c;
  }

  /**
   * Registers one call; its output reads quantile slot {@code quantiles.size()} (shifted past the
   * coordinates by {@link OutputExpr.QuantileOf#shifted}).
   */
  OutputExpr add(BoundaryCall call, String d) throws SQLException {
    int arg = call.arguments().get(0);
    RelDataType type = below.getRowType().getFieldList().get(arg).getType();
    String column = CallText.columnText(boundary, arg);
    requireNumeric(type, d, column);
    Interval iv = CallText.bounded(boundary, call, d, limits.rowsPerUnit());
    double q = fraction(call, d);
    boolean integral =
        SqlTypeName.INT_TYPES.contains(type.getSqlTypeName())
            || (type.getSqlTypeName() == SqlTypeName.DECIMAL && type.getScale() == 0);
    double grid =
        integral
            ? 1
            : type.getSqlTypeName() == SqlTypeName.DECIMAL
                ? BigDecimal.ONE.movePointLeft(type.getScale()).doubleValue()
                : 0;
    boolean ownType =
        call.kind() != BoundaryCall.Kind.PERCENTILE_CONT && call.kind() != BoundaryCall.Kind.MEDIAN;
    Key k = new Key(arg, call.filterColumn());
    int h = keys.indexOf(k);
    if (h < 0) {
      keys.add(k);
      layouts.add(layout(iv.lower(), iv.upper(), grid));
      h = keys.size() - 1;
    }
    String text = describe(call, d, column, q);
    quantiles.add(new QuantileRelease.Quantile(text, q, h));
    return new OutputExpr.QuantileOf(
        quantiles.size() - 1, iv.lower(), iv.upper(), ownType ? grid : 0);
  }

  QuantileRewrite build() {
    List<QuantileRewrite.HistogramRel> out = new ArrayList<>();
    for (int h = 0; h < keys.size(); h++) {
      double[] l = layouts.get(h);
      out.add(
          new QuantileRewrite.HistogramRel(
              histogram(keys.get(h), l),
              CallText.columnText(boundary, keys.get(h).column()),
              l[0],
              l[1],
              l[2],
              l[3],
              (int) l[4],
              l[5] != 0,
              limits.rowsPerUnit(),
              limits.groupsPerUnit()));
    }
    return new QuantileRewrite(out, quantiles);
  }

  /**
   * {lower, upper, origin, width, K_f, gridded} for [L, U]: on a column with a grid g (1 for whole
   * numbers, 10^-s for NUMERIC(p, s)) the R = (U − L)/g + 1 grid values get buckets of a whole
   * number of grid steps with edges half a step off the grid, so a value rounded to the grid stays
   * in its bucket.
   */
  private double[] layout(double lower, double upper, double grid) {
    int cap = MAX_FINE_BUCKETS;
    while (cap > MIN_FINE_BUCKETS && (double) cap * limits.combinations() > CELL_BUDGET) {
      cap /= 2;
    }
    if (grid > 0) {
      double lo = Math.ceil(lower / grid - 1e-9) * grid;
      double hi = Math.max(lo, Math.floor(upper / grid + 1e-9) * grid);
      double values = Math.rint((hi - lo) / grid) + 1;
      double steps = Math.ceil(values / cap);
      int k = (int) Math.ceil(values / steps);
      return new double[] {lo, hi, lo - grid / 2, steps * grid, k, 1};
    }
    if (!(upper > lower)) {
      return new double[] {lower, upper, lower - 0.5, 1, 1, 0};
    }
    return new double[] {lower, upper, lower, (upper - lower) / cap, cap, 0};
  }

  private RelNode histogram(Key k, double[] l) {
    RelBuilder b =
        RelBuilder.proto(
                org.apache.calcite.plan.Contexts.of(
                    RelBuilder.Config.DEFAULT.withSimplify(false).withPruneInputOfAggregate(false)))
            .create(below.getCluster(), null);
    b.push(below);
    int nk = boundary.keys().size();
    List<RexNode> row = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < nk; i++) {
      row.add(b.field(boundary.keys().get(i).input()));
      names.add("dp_k" + i);
    }
    for (int i = 0; i < unit.size(); i++) {
      row.add(b.field(unit.get(i)));
      names.add("dp_u" + i);
    }
    RexNode x = b.field(k.column());
    row.add(clamps.clamp(x, l[0], l[1]));
    names.add("dp_v");
    List<RexNode> conditions = new ArrayList<>();
    conditions.add(b.isNotNull(x));
    if (k.filter() >= 0) {
      conditions.add(b.call(SqlStdOperatorTable.IS_TRUE, b.field(k.filter())));
    }
    b.filter(conditions);
    b.project(row, names, true);
    List<RexNode> unitFields = new ArrayList<>();
    for (int i = 0; i < unit.size(); i++) {
      unitFields.add(b.field(nk + i));
    }
    if (!limits.rowsGuaranteed() && !unit.isEmpty()) {
      List<RexNode> partition = new ArrayList<>(unitFields);
      for (int i = 0; i < nk; i++) {
        partition.add(b.field(i));
      }
      RexNode rank =
          b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
              .over()
              .partitionBy(partition)
              .orderBy(b.call(Clamps.RANDOM))
              .toRex();
      b.projectPlus(b.alias(rank, "dp_rn"));
      b.filter(b.lessThanOrEqual(b.field("dp_rn"), b.literal(limits.rowsPerUnit())));
    }
    if (limits.enforceGroups() && !unit.isEmpty() && nk > 0) {
      List<RexNode> order = new ArrayList<>();
      for (int i = 0; i < nk; i++) {
        order.add(b.field(i));
      }
      RexNode rank =
          b.aggregateCall(SqlStdOperatorTable.DENSE_RANK)
              .over()
              .partitionBy(unitFields)
              .orderBy(order)
              .toRex();
      b.projectPlus(b.alias(rank, "dp_gr"));
      b.filter(b.lessThanOrEqual(b.field("dp_gr"), b.literal(limits.groupsPerUnit())));
    }
    RexNode v = clamps.asDouble(b.field("dp_v"));
    RexNode index =
        b.call(
            SqlStdOperatorTable.FLOOR,
            b.call(
                SqlStdOperatorTable.DIVIDE,
                b.call(SqlStdOperatorTable.MINUS, v, clamps.literal(l[2], SqlTypeName.DOUBLE)),
                clamps.literal(l[3], SqlTypeName.DOUBLE)));
    RexNode last = clamps.literal(l[4] - 1, SqlTypeName.DOUBLE);
    RexNode capped = b.call(SqlStdOperatorTable.CASE, b.greaterThan(index, last), last, index);
    RelDataType integer = rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER);
    List<RexNode> out = new ArrayList<>();
    List<String> outNames = new ArrayList<>();
    for (int i = 0; i < nk; i++) {
      out.add(b.field(i));
      outNames.add("dp_k" + i);
    }
    out.add(rex.makeCast(integer, capped));
    outNames.add("dp_b");
    b.project(out, outNames, true);
    b.aggregate(b.groupKey(ImmutableBitSet.range(0, nk + 1)), b.countStar("dp_n"));
    return b.build();
  }

  private static void requireNumeric(RelDataType type, String d, String column)
      throws SQLException {
    SqlTypeFamily f = type.getSqlTypeName().getFamily();
    if (f == SqlTypeFamily.NUMERIC) {
      return;
    }
    if (f == SqlTypeFamily.CHARACTER) {
      throw new SQLException(
          d
              + " would release a stored value of "
              + column
              + " (a text column: one person's name or code), a row-level result. dpjdbc releases"
              + " order statistics (MIN, MAX, MEDIAN, PERCENTILE_CONT/DISC) of numeric columns"
              + " with public bounds only; count the values instead: SELECT "
              + column
              + ", COUNT(*) ... GROUP BY "
              + column
              + " on a column with a public domain.",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    throw new SQLException(
        d
            + " over a "
            + type.getSqlTypeName().getName().toLowerCase(Locale.ROOT)
            + " column is not supported yet: order statistics are released for numeric columns"
            + " with public bounds (compute it over a number, e.g. EXTRACT(EPOCH FROM ...))",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  /** q of the call: MIN 0, MAX 1, MEDIAN ½, a percentile's literal fraction (1 − q if DESC). */
  private double fraction(BoundaryCall call, String d) throws SQLException {
    switch (call.kind()) {
      case MIN -> {
        return 0;
      }
      case MAX -> {
        return 1;
      }
      case MEDIAN -> {
        return 0.5;
      }
      default -> {}
    }
    int f = call.call().getArgList().isEmpty() ? -1 : call.call().getArgList().get(0);
    RexNode e =
        f >= 0 && boundary.below() instanceof Project p && f < p.getProjects().size()
            ? p.getProjects().get(f)
            : null;
    while (e != null && e.isA(org.apache.calcite.sql.SqlKind.CAST)) {
      e = ((org.apache.calcite.rex.RexCall) e).getOperands().get(0);
    }
    BigDecimal v = e instanceof RexLiteral lit ? lit.getValueAs(BigDecimal.class) : null;
    if (v == null || v.signum() < 0 || v.compareTo(BigDecimal.ONE) > 0) {
      throw new SQLException(
          d
              + ": the fraction must be a literal number between 0 and 1, as in PERCENTILE_CONT(0.5)"
              + " WITHIN GROUP (ORDER BY x)",
          AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
    }
    RelFieldCollation c = call.call().getCollation().getFieldCollations().get(0);
    return c.getDirection().isDescending() ? 1 - v.doubleValue() : v.doubleValue();
  }

  private static String describe(BoundaryCall call, String d, String column, double q) {
    return switch (call.kind()) {
      case PERCENTILE_CONT, PERCENTILE_DISC ->
          call.kind().name()
              + "("
              + BigDecimal.valueOf(q).stripTrailingZeros().toPlainString()
              + ") WITHIN GROUP (ORDER BY "
              + column
              + ")";
      default -> d;
    };
  }
}
