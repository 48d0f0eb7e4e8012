package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * The preflight of the relational analyzer: one statement that evaluates, reading no table, every
 * constant sub-expression below the DP boundary that could raise an error — casts of parameters or
 * of string literals, arithmetic and functions of constants — and divides by every constant divisor
 * of a division over row values (so that a divisor that is 0 fails here, not when the first row
 * reaches it).
 *
 * <p>Why: the rewritten query binds every literal as a parameter ({@link RelSql}), so the backend
 * need not fold {@code CAST(? AS int)} or {@code ? * 2} before it reads a row — H2 evaluates them
 * per row, PostgreSQL too under a generic plan — and an error raised only when some row reaches the
 * expression would release one un-noised bit. Run first, on the same connection and before the
 * analyst is charged, the preflight raises such errors whatever the data holds ("failures the data
 * did not cause are free"). When it succeeds, the same deterministic expressions with the same
 * values succeed in the query.
 *
 * <p>Assumes the preflight and the query run in one transaction when the plan reads the clock
 * (CURRENT_DATE, now(): transaction-stable in PostgreSQL and H2), so that both see the same value;
 * constant divisors that read the clock are never relied on ({@link ErrorFreedom} refuses them
 * unless their value excludes 0).
 *
 * <p>The statement is a one-row VALUES under a projection of the expressions, emitted with {@link
 * RelSql} (literals and parameters bound, no analyst text in the SQL). Its result is to be
 * discarded.
 */
public final class Preflight {
  private Preflight() {}

  /** The preflight for {@code boundary}'s input, or null (public plan, or nothing can fail). */
  public static BoundSql of(Boundary boundary, Backend backend) {
    return boundary.isPublic() ? null : of(boundary.below(), backend);
  }

  /** {@link #plan} emitted for {@code backend}, or null when nothing can fail. */
  public static BoundSql of(RelNode below, Backend backend) {
    RelNode plan = plan(below);
    return plan == null ? null : RelSql.emit(plan, backend);
  }

  /**
   * A one-row plan whose columns are the constant sub-expressions of {@code below} (and of every
   * node under it) that could raise an error, or null when there are none.
   */
  public static RelNode plan(RelNode below) {
    Set<RexNode> collected = new LinkedHashSet<>();
    collect(below, collected);
    List<RexNode> items = new ArrayList<>();
    for (RexNode e : collected) {
      if (collected.stream().noneMatch(other -> other != e && contains(other, e))) {
        items.add(e); // a piece of another item fails there too
      }
    }
    if (items.isEmpty()) {
      return null;
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      names.add("c" + i);
    }
    RexBuilder rex = below.getCluster().getRexBuilder();
    List<RexNode> exprs = new ArrayList<>();
    for (RexNode item : items) {
      exprs.add(RexUtil.expandSearch(rex, null, item)); // comparisons, as every emitter knows them
    }
    RelNode one = LogicalValues.createOneRow(below.getCluster());
    return LogicalProject.create(one, List.of(), exprs, names, Set.of());
  }

  private static boolean contains(RexNode whole, RexNode part) {
    if (whole.equals(part)) {
      return true;
    }
    return whole instanceof RexCall call
        && call.getOperands().stream().anyMatch(o -> contains(o, part));
  }

  /**
   * {@code divisor}, a divisor of a division over row values whose value may be 0, is divided by in
   * the preflight: a constant of an exact type that does not read the clock.
   */
  static boolean assertsNonzero(RexNode divisor) {
    return Constants.isConstant(divisor)
        && !Constants.readsClock(divisor)
        && (TypeLimits.isInteger(divisor.getType()) || TypeLimits.isDecimal(divisor.getType()));
  }

  private static void collect(RelNode node, Set<RexNode> out) {
    List<RexNode> exprs = new ArrayList<>();
    if (node instanceof Filter f) {
      exprs.add(f.getCondition());
    } else if (node instanceof Project p) {
      exprs.addAll(p.getProjects());
    } else if (node instanceof Join j) {
      exprs.add(j.getCondition());
    }
    RexBuilder rex = node.getCluster().getRexBuilder();
    for (RexNode e : exprs) {
      collect(e, out, rex);
    }
    for (RelNode in : node.getInputs()) {
      collect(in, out);
    }
  }

  private static void collect(RexNode e, Set<RexNode> out, RexBuilder rex) {
    if (Constants.isConstant(e)) {
      if (Constants.canFail(e)) {
        out.add(e);
      }
      return;
    }
    if (!(e instanceof RexCall call)) {
      return;
    }
    if ((call.getKind() == SqlKind.DIVIDE || call.getKind() == SqlKind.MOD)
        && assertsNonzero(call.getOperands().get(1))
        && Constants.fact(call.getOperands().get(1)).mayBeZero()) {
      out.add(reciprocal(call.getOperands().get(1), rex));
    }
    for (RexNode o : call.getOperands()) {
      collect(o, out, rex);
    }
    if (call instanceof RexOver over) {
      over.getWindow().partitionKeys.forEach(k -> collect(k, out, rex));
      for (RexFieldCollation c : over.getWindow().orderKeys) {
        collect(c.left, out, rex);
      }
    }
  }

  /** {@code 1 / divisor} in the divisor's type: "division by zero" exactly when it is 0. */
  private static RexNode reciprocal(RexNode divisor, RexBuilder rex) {
    var type = rex.getTypeFactory().createTypeWithNullability(divisor.getType(), false);
    return rex.makeCall(
        SqlStdOperatorTable.DIVIDE, rex.makeExactLiteral(BigDecimal.ONE, type), divisor);
  }
}
