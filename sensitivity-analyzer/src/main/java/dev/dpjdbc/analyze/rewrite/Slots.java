package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlString;

/**
 * The parameters of one generated expression tree: each {@code ?} node carries the index of its
 * source here, and {@link #unparse} reads the order in which the unparser printed them, so the
 * sources come out in the order of the {@code ?} in the text (which is not the tree's operand order
 * everywhere: CASE prints its WHEN and THEN lists interleaved).
 */
final class Slots {
  private final List<ParameterSource> sources = new ArrayList<>();

  /** A new {@code ?} bound from {@code source}. */
  SqlDynamicParam add(ParameterSource source, SqlParserPos pos) {
    sources.add(source);
    return new SqlDynamicParam(sources.size() - 1, pos);
  }

  /** {@code node} in the backend's dialect, every identifier quoted, with its parameters. */
  BoundSql unparse(SqlNode node, Backend backend) {
    SqlString s =
        node.toSqlString(c -> c.withDialect(backend.dialect()).withQuoteAllIdentifiers(true));
    List<ParameterSource> ordered = new ArrayList<>();
    if (s.getDynamicParameters() != null) {
      s.getDynamicParameters().forEach(i -> ordered.add(sources.get(i)));
    }
    return new BoundSql(s.getSql(), ordered);
  }
}
