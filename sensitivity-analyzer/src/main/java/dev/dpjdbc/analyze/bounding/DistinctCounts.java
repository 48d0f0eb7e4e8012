package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.BoundaryCall;
import dev.dpjdbc.analyze.plan.BoundUse;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

/**
 * {@code COUNT(DISTINCT x)} over private data: its sensitivity and the SQL shape that makes it
 * hold.
 *
 * <ul>
 *   <li><b>x is the privacy unit</b> (one of the unit's column alternatives: {@code COUNT(DISTINCT
 *       employee_id)} on visits, {@code COUNT(DISTINCT o.customer_id)} over orders joined with
 *       customers): a unit adds at most 1 to each group it reaches, λ = 1, in at most L0 groups.
 *       When the rewrite pre-aggregates per (unit, group), the coordinate is the number of those
 *       rows where x is not NULL (each unit's partial count clamped to [0, 1]); otherwise it is
 *       {@code COUNT(DISTINCT x)} itself.
 *   <li><b>any other x</b>: a unit contributes at most C rows to a group, hence at most C distinct
 *       values: λ = C. When C is guaranteed by the data and L0 needs no enforcing, the coordinate
 *       is {@code COUNT(DISTINCT x)} itself. Otherwise the DISTINCT must see at most C values per
 *       unit per group, which a per-unit sum cannot express: the rewrite aggregates per (group,
 *       unit, x) instead, keeps each (unit, group)'s first C rows by value ({@code ROW_NUMBER()
 *       OVER (PARTITION BY group, unit ORDER BY x) <= C}, NULLs last, deterministic) and, when L0
 *       is enforced, the unit's first L0 groups in an order drawn at random once per (unit, group).
 *       The other coordinates are computed from the same rows: each (unit, group)'s totals are
 *       window sums over its rows ({@code SUM(p) OVER (PARTITION BY group, unit)}), clamped as
 *       usual and placed on its first row only, so they are exactly what the plain per-(unit,
 *       group) pre-aggregation gives.
 * </ul>
 *
 * NULLs are not counted (SQL semantics); a {@code FILTER (WHERE f)} turns x into {@code CASE WHEN f
 * THEN x END} before anything is counted.
 */
public final class DistinctCounts {
  private DistinctCounts() {}

  /** {@code call} (a COUNT(DISTINCT ...)) counts the units themselves: λ = 1. */
  static boolean countsUnits(Boundary boundary, BoundaryCall call) {
    return call.arguments().size() == 1
        && boundary.boundaryInput().unit().alternatives().contains(call.arguments());
  }

  /**
   * What EXPLAIN PRIVACY shows a DISTINCT count of a non-unit column rests on: "at most C distinct
   * values per unit per group". Empty when the query has none.
   */
  public static List<BoundUse> bounds(Boundary boundary, ContributionLimits limits) {
    List<BoundUse> out = new ArrayList<>();
    for (BoundaryCall call : boundary.calls()) {
      if (call.kind() == BoundaryCall.Kind.COUNT_DISTINCT) {
        String x = CallText.columnText(boundary, call.arguments().get(0));
        String what =
            countsUnits(boundary, call)
                ? "COUNT(DISTINCT " + x + ") counts units: at most 1 per unit per group"
                : "COUNT(DISTINCT "
                    + x
                    + "): at most "
                    + limits.rowsPerUnit()
                    + " distinct values per unit per group";
        BoundUse use =
            new BoundUse(
                "",
                x,
                what,
                countsUnits(boundary, call)
                    ? "the privacy unit"
                    : "at most C = " + limits.rowsPerUnit() + " rows per unit per group");
        if (!out.contains(use)) {
          out.add(use);
        }
      }
    }
    return out;
  }

  /**
   * Over the per-(group, unit, values) partials on {@code b}'s stack (fields: {@code keys} group
   * keys, {@code units} unit columns, {@code values} DISTINCT values, {@code partials} partials):
   * replaces each partial by its (group, unit) total, keeps at most C rows per (group, unit) and,
   * when enforced, L0 groups per unit (see the class Javadoc). Appends {@code dp_rn}, the row's
   * rank within its (group, unit): 1 on exactly one row of each kept (group, unit).
   */
  static void keepValues(
      RelBuilder b,
      ContributionLimits limits,
      Clamps clamps,
      int keys,
      int units,
      int values,
      int partials) {
    int head = keys + units + values;
    List<RexNode> group = fields(b, 0, keys + units);
    List<RexNode> out = new ArrayList<>(fields(b, 0, head));
    List<String> names = new ArrayList<>(b.peek().getRowType().getFieldNames().subList(0, head));
    for (int i = 0; i < partials; i++) {
      out.add(b.sum(b.field(head + i)).over().partitionBy(group).rangeUnbounded().toRex());
      names.add("dp_p" + i);
    }
    List<RexNode> order = new ArrayList<>();
    for (RexNode v : fields(b, keys + units, head)) {
      order.add(b.isNull(v)); // NULLs last on every backend (H2 sorts them first)
      order.add(v);
    }
    out.add(
        b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
            .over()
            .partitionBy(group)
            .orderBy(order)
            .toRex());
    names.add("dp_rn");
    if (limits.enforceGroups()) {
      out.add(b.max(b.call(Clamps.RANDOM)).over().partitionBy(group).rangeUnbounded().toRex());
      names.add("dp_rnd");
    }
    b.project(out, names, true);
    b.filter(
        b.lessThanOrEqual(
            b.field("dp_rn"),
            clamps.literal(limits.rowsPerUnit(), org.apache.calcite.sql.type.SqlTypeName.BIGINT)));
    if (limits.enforceGroups()) {
      // one rank per (unit, group): its rows share dp_rnd and the keys, and two groups differ in
      // the keys, so at most L0 groups per unit pass, whatever the random values
      List<RexNode> byGroup = new ArrayList<>();
      byGroup.add(b.field("dp_rnd"));
      byGroup.addAll(fields(b, 0, keys));
      RexNode rank =
          b.aggregateCall(SqlStdOperatorTable.DENSE_RANK)
              .over()
              .partitionBy(fields(b, keys, keys + units))
              .orderBy(byGroup)
              .toRex();
      b.projectPlus(b.alias(rank, "dp_grank"));
      b.filter(
          b.lessThanOrEqual(
              b.field("dp_grank"),
              clamps.literal(
                  limits.groupsPerUnit(), org.apache.calcite.sql.type.SqlTypeName.BIGINT)));
    }
  }

  /**
   * Puts the row-level projection in a subquery of its own ({@code WHERE TRUE} above it, which
   * RelToSqlConverter cannot merge into the projection's SELECT): the per-(group, unit, value)
   * aggregate then groups by plain columns, and its window functions name those columns. Merged,
   * they would repeat the projection's expressions, whose literals are separate bind parameters, so
   * the backend would not match them with the GROUP BY ("must appear in the GROUP BY clause").
   */
  static void fence(RelBuilder b) {
    RelNode in = b.build();
    b.push(LogicalFilter.create(in, b.getRexBuilder().makeLiteral(true)));
  }

  /**
   * A partial's aggregate with its FILTER folded into the argument ({@code COUNT(CASE WHEN f THEN 1
   * END)}, {@code SUM(CASE WHEN f THEN x END)}): H2 fails on a FILTER inside a window over an
   * aggregate, which the per-(group, unit, value) shape has.
   */
  static RelBuilder.AggCall folded(RelBuilder b, boolean count, int field, int filter) {
    RexNode f = b.field(filter);
    RexNode x = field < 0 ? b.literal(1) : b.field(field);
    RexNode arg =
        b.call(SqlStdOperatorTable.CASE, f, x, b.getRexBuilder().makeNullLiteral(x.getType()));
    return count ? b.count(arg) : b.sum(arg);
  }

  /** {@code CASE WHEN dp_rn = 1 THEN v END}: a (group, unit)'s value, on one of its rows only. */
  static RexNode firstRowOnly(RelBuilder b, RexNode v) {
    return b.call(
        SqlStdOperatorTable.CASE,
        b.equals(b.field("dp_rn"), b.literal(1)),
        v,
        b.getRexBuilder().makeNullLiteral(v.getType()));
  }

  private static List<RexNode> fields(RelBuilder b, int from, int to) {
    List<RexNode> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(b.field(i));
    }
    return out;
  }
}
