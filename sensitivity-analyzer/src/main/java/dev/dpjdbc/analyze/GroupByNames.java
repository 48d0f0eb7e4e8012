package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.bounds.TableMeta;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;

/**
 * What a GROUP BY item names, as PostgreSQL resolves it ({@code findTargetlistEntrySQL92} and
 * {@code findTargetlistEntrySQL99} in {@code parse_clause.c}): a number is a 1-based position in
 * the select list; a simple name is an input column when the table has one of that name, else the
 * output column with that alias ({@code SELECT sex AS gender ... GROUP BY gender}); anything else
 * is the expression itself. So in {@code SELECT sex AS gender, educ AS sex ... GROUP BY sex, educ}
 * the groups are sex and educ, not educ twice. Two output columns with the alias and different
 * expressions: 42702 ({@code GROUP BY "x" is ambiguous}).
 */
final class GroupByNames {
  private GroupByNames() {}

  /** The expression {@code item} groups by (AS stripped); {@code item} itself when it is one. */
  static SqlNode target(SqlNode item, List<SqlNode> selectItems, TableMeta table)
      throws SQLException {
    if (item instanceof SqlNumericLiteral lit) {
      int pos = lit.intValue(true);
      if (pos < 1 || pos > selectItems.size()) {
        throw new SQLException(
            "GROUP BY position " + pos + " is not in select list",
            AnalyzerSqlState.SYNTAX_ERROR.code());
      }
      return stripAs(selectItems.get(pos - 1));
    }
    if (!(item instanceof SqlIdentifier id)
        || !id.isSimple()
        || table.column(id.getSimple()).isPresent()) {
      return item;
    }
    SqlNode found = null;
    for (SqlNode s : selectItems) {
      if (s.getKind() == SqlKind.AS
          && ((SqlIdentifier) ((SqlBasicCall) s).operand(1)).getSimple().equals(id.getSimple())) {
        SqlNode expr = stripAs(s);
        if (found != null && !PlanBuilder.sameExpr(found, expr)) {
          throw new SQLException(
              "GROUP BY \"" + id.getSimple() + "\" is ambiguous: several output columns have it",
              AnalyzerSqlState.AMBIGUOUS_COLUMN.code());
        }
        found = expr;
      }
    }
    return found == null ? item : found;
  }

  static SqlNode stripAs(SqlNode item) {
    return item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item;
  }
}
