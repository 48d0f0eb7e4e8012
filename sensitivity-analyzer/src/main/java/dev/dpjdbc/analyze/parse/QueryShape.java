package dev.dpjdbc.analyze.parse;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Parses the analyst's SQL and checks its outer shape: exactly one statement, a SELECT, over one
 * table, without the constructs dpjdbc does not support yet. Refusals carry their SQLState: DML and
 * DDL → 42501, several statements or a syntax error → 42601, joins, subqueries, HAVING, DISTINCT,
 * set operations, WITH → 0A000.
 *
 * @param select the SELECT (its own ORDER BY/OFFSET/FETCH are moved into the fields below)
 * @param schema the table's schema as written (folded), or null
 * @param table the table's name as written (folded)
 */
public record QueryShape(
    SqlSelect select,
    SqlNodeList orderList,
    SqlNode offset,
    SqlNode fetch,
    String schema,
    String table,
    int parameterCount) {

  private static final Pattern WRITE =
      Pattern.compile(
          "^(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE|CREATE|DROP|ALTER|TRUNCATE|GRANT|REVOKE"
              + "|COPY|CALL|DO|VACUUM|ANALYZE|LOCK|COMMENT|REINDEX|CLUSTER|REFRESH|IMPORT"
              + "|EXECUTE|PREPARE|DISCARD|LISTEN|NOTIFY|RESET|SET|SHOW|BEGIN|COMMIT|ROLLBACK)\\b.*",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  /** Parses one statement; the result is fresh (callers may parse twice to get two trees). */
  public static SqlNode parse(String sql) throws SQLException {
    String head = stripLeading(sql);
    if (WRITE.matcher(head).matches()) {
      String word = head.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
      throw new SQLException(
          "dpjdbc answers only aggregate queries; "
              + word
              + " statements are refused"
              + " (e.g. SELECT COUNT(*) FROM employees)",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    List<SqlNode> statements;
    try {
      statements = SqlParser.create(sql, SqlParsing.POSTGRES).parseStmtList();
    } catch (SqlParseException e) {
      String msg = e.getMessage().lines().findFirst().orElse("syntax error");
      throw new SQLException("syntax error: " + msg, AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    if (statements.size() != 1) {
      throw new SQLException(
          "dpjdbc runs one statement at a time; send the statements separately (got "
              + statements.size()
              + ")",
          AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    SqlNode node = statements.get(0);
    if (node.getKind() == SqlKind.INSERT
        || node.getKind() == SqlKind.UPDATE
        || node.getKind() == SqlKind.DELETE
        || node.getKind() == SqlKind.MERGE
        || SqlKind.DDL.contains(node.getKind())) {
      throw new SQLException(
          "dpjdbc answers only aggregate queries; " + node.getKind() + " is refused",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    return node;
  }

  /** {@code sql} from its first token that is not whitespace, a comment or {@code (}. */
  private static String stripLeading(String sql) {
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      if (!t.isTrivia() && !t.isSymbol("(")) {
        return sql.substring(t.start()).strip();
      }
    }
    return "";
  }

  /** The shape of a parsed statement, or a refusal. */
  public static QueryShape of(SqlNode node) throws SQLException {
    SqlNodeList order = null;
    SqlNode offset = null;
    SqlNode fetch = null;
    if (node instanceof SqlOrderBy ob) {
      order = ob.orderList;
      offset = ob.offset;
      fetch = ob.fetch;
      node = ob.query;
    }
    if (node.getKind() == SqlKind.WITH) {
      throw unsupported("WITH (common table expressions)");
    }
    if (node.getKind() == SqlKind.UNION
        || node.getKind() == SqlKind.INTERSECT
        || node.getKind() == SqlKind.EXCEPT) {
      throw unsupported(node.getKind() + " of queries");
    }
    if (!(node instanceof SqlSelect select)) {
      throw new SQLException(
          "dpjdbc answers only aggregate queries over a table, e.g. SELECT COUNT(*) FROM"
              + " employees; got "
              + node.getKind(),
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    if (select.getOrderList() != null && select.getOrderList().size() > 0) {
      order = select.getOrderList();
    }
    offset = offset != null ? offset : select.getOffset();
    fetch = fetch != null ? fetch : select.getFetch();
    if (select.isDistinct()) {
      throw unsupported("SELECT DISTINCT");
    }
    if (select.getHaving() != null) {
      throw unsupported("HAVING (filter the released groups in your program instead)");
    }
    if (select.getWindowList() != null && select.getWindowList().size() > 0) {
      throw unsupported("WINDOW clauses");
    }
    SqlNode from = select.getFrom();
    if (from == null) {
      throw new SQLException(
          "dpjdbc answers only aggregate queries over a table, e.g. SELECT COUNT(*) FROM employees",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    if (from.getKind() == SqlKind.AS) {
      from = ((SqlBasicCall) from).operand(0);
    }
    if (from instanceof SqlJoin) {
      throw unsupported("joins (query one table at a time)");
    }
    if (!(from instanceof SqlIdentifier id)) {
      throw unsupported("subqueries and table functions in FROM");
    }
    for (SqlNode part :
        new SqlNode[] {select.getSelectList(), select.getWhere(), select.getGroup()}) {
      if (part != null && containsSubquery(part)) {
        throw unsupported("subqueries");
      }
    }
    int total = countParams(node) + countParams(order) + countParams(offset) + countParams(fetch);
    int inWhere = countParams(select.getWhere());
    if (total != inWhere) {
      throw unsupported("? parameters outside WHERE");
    }
    List<String> names = id.names;
    String schema = names.size() >= 2 ? names.get(names.size() - 2) : null;
    return new QueryShape(select, order, offset, fetch, schema, names.get(names.size() - 1), total);
  }

  static SQLException unsupported(String what) {
    return new SQLException(
        "dpjdbc does not support " + what + " yet", AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  private static boolean containsSubquery(SqlNode node) {
    boolean[] found = {false};
    node.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(org.apache.calcite.sql.SqlCall call) {
            if (call instanceof SqlSelect
                || call.getKind() == SqlKind.EXISTS
                || call.getKind() == SqlKind.SCALAR_QUERY
                || call.getKind() == SqlKind.WITH
                || call instanceof SqlOrderBy) {
              found[0] = true;
              return null;
            }
            return super.visit(call);
          }
        });
    return found[0];
  }

  private static int countParams(SqlNode node) {
    if (node == null) {
      return 0;
    }
    int[] n = {0};
    node.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlDynamicParam param) {
            n[0]++;
            return null;
          }
        });
    return n[0];
  }
}
