package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * The constant sub-expressions of a rewritten WHERE that could raise an error, and the statement
 * that evaluates them before the real query runs.
 *
 * <p>Why: with literals written inline, the backend folds {@code 2147483647 * 2} or {@code CAST('x'
 * AS INT)} before it reads a row, so the error does not depend on the data. With the literals bound
 * as parameters that is no longer certain: H2 evaluates such an expression per row, and PostgreSQL
 * does too under a generic plan (a server-prepared statement after a few executions). An error
 * raised only when some row reaches the expression would release one un-noised bit. So each maximal
 * sub-expression that reads no column, holds a parameter and is not a conversion that cannot fail
 * (one of the typed parameters {@link LiteralBinder} made, or — on PostgreSQL, which converts an
 * untyped parameter while binding it — a comparison or a cast without length of a string) is
 * evaluated first by {@code SELECT e1, e2, ...} (no table; every item is evaluated). If it
 * succeeds, the same deterministic expressions with the same values succeed in the query.
 */
final class Preflight {
  private Preflight() {}

  /** Kinds PostgreSQL evaluates without a conversion that could fail, once operands are typed. */
  private static final Set<SqlKind> NO_FAILURE =
      EnumSet.of(
          SqlKind.AND,
          SqlKind.OR,
          SqlKind.NOT,
          SqlKind.EQUALS,
          SqlKind.NOT_EQUALS,
          SqlKind.LESS_THAN,
          SqlKind.LESS_THAN_OR_EQUAL,
          SqlKind.GREATER_THAN,
          SqlKind.GREATER_THAN_OR_EQUAL,
          SqlKind.IS_DISTINCT_FROM,
          SqlKind.IS_NOT_DISTINCT_FROM,
          SqlKind.BETWEEN,
          SqlKind.IN,
          SqlKind.NOT_IN,
          SqlKind.LIKE,
          SqlKind.IS_NULL,
          SqlKind.IS_NOT_NULL,
          SqlKind.IS_TRUE,
          SqlKind.IS_FALSE,
          SqlKind.IS_NOT_TRUE,
          SqlKind.IS_NOT_FALSE,
          SqlKind.IS_UNKNOWN);

  /** {@code SELECT piece, ...} over the pieces of {@code where}, or null when there are none. */
  static BoundSql of(SqlNode where, Set<SqlNode> safe, Slots slots, Backend backend) {
    List<SqlNode> pieces = new ArrayList<>();
    collect(where, safe, backend, pieces);
    if (pieces.isEmpty()) {
      return null;
    }
    List<String> items = new ArrayList<>();
    List<ParameterSource> parameters = new ArrayList<>();
    for (SqlNode piece : pieces) {
      BoundSql b = slots.unparse(piece, backend);
      items.add(b.sql());
      parameters.addAll(b.parameters());
    }
    return new BoundSql("SELECT " + String.join(", ", items), parameters);
  }

  private static void collect(SqlNode n, Set<SqlNode> safe, Backend backend, List<SqlNode> out) {
    if (n instanceof SqlNodeList list) {
      list.forEach(e -> collect(e, safe, backend, out));
      return;
    }
    if (!(n instanceof SqlCall call) || safe.contains(call)) {
      return;
    }
    boolean constant = !contains(call, false) && contains(call, true);
    if (constant && !(backend == Backend.POSTGRESQL && NO_FAILURE.contains(call.getKind()))) {
      out.add(call);
      return;
    }
    for (SqlNode operand : call.getOperandList()) {
      if (operand != null) {
        collect(operand, safe, backend, out);
      }
    }
  }

  /** Does {@code node} hold a parameter ({@code parameter}) or read a column (otherwise)? */
  private static boolean contains(SqlNode node, boolean parameter) {
    return dev.dpjdbc.analyze.parse.SqlTrees.mentions(node, !parameter, parameter);
  }
}
