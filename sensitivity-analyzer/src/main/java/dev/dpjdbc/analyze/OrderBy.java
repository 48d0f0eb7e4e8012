package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.plan.SortKey;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;

/**
 * ORDER BY, LIMIT and OFFSET, resolved to output columns and applied by the driver after the noise
 * (ordering by a true value would leak it). An ORDER BY item is, as PostgreSQL resolves it, an
 * output's label or alias first (so {@code SELECT sex AS gender, educ AS sex ... ORDER BY sex}
 * orders by educ; two outputs of that name with different expressions: 42702), its 1-based
 * position, or the same expression (or input column) as a SELECT item.
 */
final class OrderBy {
  private OrderBy() {}

  static List<SortKey> resolve(SqlNodeList order, List<SqlNode> items, List<String> labels)
      throws SQLException {
    List<SortKey> out = new ArrayList<>();
    if (order == null) {
      return out;
    }
    for (SqlNode node : order) {
      boolean desc = false;
      Boolean nullsFirst = null;
      while (true) {
        if (node.getKind() == SqlKind.DESCENDING) {
          desc = true;
        } else if (node.getKind() == SqlKind.NULLS_FIRST) {
          nullsFirst = true;
        } else if (node.getKind() == SqlKind.NULLS_LAST) {
          nullsFirst = false;
        } else {
          break;
        }
        node = ((SqlBasicCall) node).operand(0);
      }
      out.add(new SortKey(index(node, items, labels), desc, nullsFirst));
    }
    return out;
  }

  private static int index(SqlNode node, List<SqlNode> items, List<String> labels)
      throws SQLException {
    if (node instanceof SqlNumericLiteral lit) {
      int pos = lit.intValue(true);
      if (pos < 1 || pos > items.size()) {
        throw new SQLException(
            "ORDER BY position " + pos + " is not in select list",
            dev.dpjdbc.analyze.AnalyzerSqlState.SYNTAX_ERROR.code());
      }
      return pos - 1;
    }
    if (node instanceof SqlIdentifier id && id.isSimple()) {
      int i = labels.indexOf(id.getSimple());
      for (int j = i + 1; i >= 0 && j < labels.size(); j++) {
        if (labels.get(j).equals(id.getSimple())
            && !PlanBuilder.sameExpr(
                GroupByNames.stripAs(items.get(i)), GroupByNames.stripAs(items.get(j)))) {
          throw new SQLException(
              "ORDER BY \"" + id.getSimple() + "\" is ambiguous: several output columns have it",
              AnalyzerSqlState.AMBIGUOUS_COLUMN.code());
        }
      }
      if (i >= 0) {
        return i;
      }
    }
    for (int i = 0; i < items.size(); i++) {
      SqlNode item = items.get(i);
      SqlNode expr = item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item;
      if (PlanBuilder.sameExpr(expr, node)) {
        return i;
      }
      if (expr instanceof SqlIdentifier a
          && node instanceof SqlIdentifier b
          && a.names.get(a.names.size() - 1).equals(b.names.get(b.names.size() - 1))) {
        return i;
      }
    }
    throw PlanBuilder.unsupported(
        "ORDER BY " + node + ": order by an output column (its alias, position or expression)");
  }

  static Long count(SqlNode node, String clause) throws SQLException {
    if (node == null) {
      return null;
    }
    Long v = PlanBuilder.literalCount(node);
    if (v == null || v < 0) {
      throw PlanBuilder.unsupported(clause + " other than a non-negative integer literal");
    }
    return v;
  }
}
