package dev.dpjdbc.analyze.sql2rel;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.rel2sql.RelToSqlConverter;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Does a plan mean what its query means? Emits the plan as PostgreSQL SQL with Calcite's {@code
 * RelToSqlConverter} (parameters inlined as literals), runs both on PostgreSQL and compares the
 * answers: in order when the plan sorts, as multisets otherwise, only the row count when a LIMIT
 * picks rows in no defined order. Numbers compare rounded to 9 significant digits.
 */
final class PlanOracle {
  private PlanOracle() {}

  /** PostgreSQL SQL for {@code root}, parameter {@code i} replaced by {@code params.get(i)}. */
  static String emit(RelRoot root, List<Object> params) {
    SqlNode node =
        new RelToSqlConverter(PostgresqlSqlDialect.DEFAULT)
            .visitRoot(root.project())
            .asStatement()
            .accept(
                new SqlShuttle() {
                  @Override
                  public SqlNode visit(SqlDynamicParam p) {
                    Object v = params.get(p.getIndex());
                    return v instanceof Number n
                        ? SqlLiteral.createExactNumeric(n.toString(), SqlParserPos.ZERO)
                        : SqlLiteral.createCharString(v.toString(), SqlParserPos.ZERO);
                  }
                });
    return node.toSqlString(PostgresqlSqlDialect.DEFAULT).getSql();
  }

  /** Null when both answers agree, else a description of the difference. */
  static String compare(
      Connection c, String query, List<Object> bound, RelRoot root, List<Object> params)
      throws SQLException {
    String emitted = emit(root, params);
    List<String> expected = rows(c, query, bound);
    List<String> actual = rows(c, emitted, List.of());
    boolean ordered = !root.collation.getFieldCollations().isEmpty();
    if (!ordered && limitsRows(root.rel)) {
      return expected.size() == actual.size()
          ? null
          : "row counts differ: " + expected.size() + " vs " + actual.size() + "\n" + emitted;
    }
    if (!ordered) {
      expected.sort(null);
      actual.sort(null);
    }
    return expected.equals(actual) ? null : expected + "\nvs\n" + actual + "\nemitted: " + emitted;
  }

  private static boolean limitsRows(RelNode rel) {
    return rel instanceof Sort sort && (sort.fetch != null || sort.offset != null);
  }

  static List<String> rows(Connection c, String sql, List<Object> params) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.size(); i++) {
        ps.setObject(i + 1, params.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            row.append(normalise(rs.getObject(i))).append('|');
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }

  private static String normalise(Object o) {
    if (o instanceof Number n) {
      double d = n.doubleValue();
      BigDecimal rounded = new BigDecimal(d).round(new java.math.MathContext(9));
      return rounded.stripTrailingZeros().toPlainString();
    }
    if (o instanceof java.sql.Timestamp ts) {
      return ts.toLocalDateTime().toString();
    }
    return String.valueOf(o);
  }
}
