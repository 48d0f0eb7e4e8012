package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.bounds.TableMeta;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Re-emits the analyst's WHERE predicate in the backend's dialect: every column reference becomes
 * the backend's own spelling, quoted, without table qualifier (there is one table); PostgreSQL's
 * {@code x::t} becomes the portable {@code CAST(x AS t)}; {@code ?} parameters stay {@code ?} in
 * their order. Unparsing is Calcite's, with {@link Backend#dialect()}.
 */
public final class WherePredicate {
  private WherePredicate() {}

  public static String unparse(SqlNode where, TableMeta table, Backend backend) {
    SqlNode mapped =
        where.accept(
            new SqlShuttle() {
              @Override
              public SqlNode visit(SqlCall call) {
                SqlNode visited = super.visit(call);
                if (visited instanceof SqlCall c
                    && c.getOperator() == SqlLibraryOperators.INFIX_CAST) {
                  return SqlStdOperatorTable.CAST.createCall(
                      c.getParserPosition(), c.getOperandList());
                }
                return visited;
              }

              @Override
              public SqlNode visit(SqlIdentifier id) {
                if (id.isStar()) {
                  return id;
                }
                return table
                    .column(id.names.get(id.names.size() - 1))
                    .<SqlNode>map(c -> new SqlIdentifier(c.name(), id.getParserPosition()))
                    .orElse(id);
              }
            });
    return mapped
        .toSqlString(c -> c.withDialect(backend.dialect()).withQuoteAllIdentifiers(true))
        .getSql();
  }
}
