package dev.dpjdbc.analyze.parse;

import java.util.HashSet;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/** Questions about a parsed expression tree that need no validator: what it contains. */
public final class SqlTrees {
  private SqlTrees() {}

  /** Positions of the CASTs (and {@code ::}) in the parsed WHERE, before validation. */
  public static Set<SqlParserPos> castPositions(SqlNode where) {
    Set<SqlParserPos> out = new HashSet<>();
    if (where != null) {
      where.accept(
          new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
              if (call.getKind() == SqlKind.CAST) {
                out.add(call.getParserPosition());
              }
              return super.visit(call);
            }
          });
    }
    return out;
  }

  /** Does {@code node} read a column? */
  static boolean hasColumn(SqlNode node) {
    return contains(node, false);
  }

  /** Does {@code node} read a column or a {@code ?} parameter? */
  static boolean hasColumnOrParameter(SqlNode node) {
    return contains(node, true);
  }

  static boolean contains(SqlNode node, boolean parameters) {
    return mentions(node, true, parameters);
  }

  /**
   * Does {@code node} name a column ({@code identifiers}) or a {@code ?} parameter ({@code
   * parameters})? Type specs and interval qualifiers are not looked into.
   */
  public static boolean mentions(SqlNode node, boolean identifiers, boolean parameters) {
    boolean[] found = {false};
    node.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlIdentifier id) {
            found[0] |= identifiers;
            return null;
          }

          @Override
          public Void visit(SqlDynamicParam param) {
            found[0] |= parameters;
            return null;
          }

          @Override
          public Void visit(SqlDataTypeSpec type) {
            return null;
          }

          @Override
          public Void visit(SqlIntervalQualifier q) {
            return null;
          }
        });
    return found[0];
  }
}
