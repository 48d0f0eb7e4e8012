package dev.dpjdbc.analyze.sql2rel;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
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
 * answers as multisets, and the ORDER BY key columns in order; only the row count when a LIMIT
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
    List<List<String>> expected = rows(c, query, bound);
    List<List<String>> actual = rows(c, emitted, List.of());
    if (root.collation.getFieldCollations().isEmpty() && limitsRows(root.rel)) {
      return expected.size() == actual.size()
          ? null
          : "row counts differ: " + expected.size() + " vs " + actual.size() + "\n" + emitted;
    }
    List<Integer> keys = sortKeys(root);
    if (!project(expected, keys).equals(project(actual, keys))) {
      return "order differs:\n" + expected + "\nvs\n" + actual + "\nemitted: " + emitted;
    }
    List<String> a = flat(expected);
    List<String> b = flat(actual);
    a.sort(null);
    b.sort(null);
    return a.equals(b) ? null : expected + "\nvs\n" + actual + "\nemitted: " + emitted;
  }

  /**
   * The output columns holding the ORDER BY keys (ties may come back in any order, so only these
   * are compared in order); a key that is not an output column is not compared.
   */
  private static List<Integer> sortKeys(RelRoot root) {
    List<Integer> out = new ArrayList<>();
    for (RelFieldCollation fc : root.collation.getFieldCollations()) {
      for (int p = 0; p < root.fields.size(); p++) {
        if (root.fields.get(p).getKey() == fc.getFieldIndex()) {
          out.add(p);
          break;
        }
      }
    }
    return out;
  }

  private static List<List<String>> project(List<List<String>> rows, List<Integer> columns) {
    return rows.stream().map(r -> columns.stream().map(r::get).toList()).toList();
  }

  private static List<String> flat(List<List<String>> rows) {
    return new ArrayList<>(rows.stream().map(r -> String.join("|", r)).toList());
  }

  private static boolean limitsRows(RelNode rel) {
    return rel instanceof Sort sort && (sort.fetch != null || sort.offset != null);
  }

  static List<List<String>> rows(Connection c, String sql, List<Object> params)
      throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.size(); i++) {
        ps.setObject(i + 1, params.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            row.add(normalise(rs.getObject(i)));
          }
          out.add(row);
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
