package dev.dpjdbc.analyze.parse;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Three-part names as PostgreSQL resolves them ({@code namespace.c}, {@code
 * RangeVarGetRelidExtended} and {@code transformColumnRef}): a table may be named {@code
 * db.schema.table} and a column {@code db.schema.table.column}, where {@code db} must be the
 * connection's own database; PostgreSQL has no cross-database queries. Shared by the old analyzer
 * ({@code SensitivityAnalyzer}) and the relational front end ({@code sql2rel.RelFrontEnd}), on the
 * parsed tree before validation:
 *
 * <ul>
 *   <li>a database part that names the connection's database ({@link
 *       ConstraintCatalog.Naming#isDatabase}) is dropped, in place, so that {@code
 *       db.public.employees}, {@code public.employees} and a column {@code
 *       db.public.employees.salary} all resolve to the same table as they do on PostgreSQL;
 *   <li>another database → SQLState 0A000, {@code cross-database references are not implemented:
 *       "other.public.employees"} (PostgreSQL's message; the relation quoted, a column not);
 *   <li>more parts (a table of four, a column of five) → 42601, {@code improper qualified name (too
 *       many dotted names): a.b.c.d}.
 * </ul>
 *
 * Table names are the identifiers of FROM items (also inside joins, behind AS, LATERAL); every
 * other identifier of the statement is read as a column reference, whose last part is the column
 * (or {@code *}).
 */
public final class QualifiedNames {
  private QualifiedNames() {}

  /** Checks every table and column name of {@code statement} and drops the database parts. */
  public static void resolve(SqlNode statement, ConstraintCatalog.Naming naming)
      throws SQLException {
    Set<SqlIdentifier> tables = Collections.newSetFromMap(new IdentityHashMap<>());
    try {
      statement.accept(
          new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
              if (call instanceof SqlSelect select && select.getFrom() != null) {
                collectTables(select.getFrom(), tables);
              }
              return super.visit(call);
            }

            @Override
            public Void visit(SqlIdentifier id) {
              check(id, tables.contains(id), naming);
              return null;
            }
          });
    } catch (Refused e) {
      throw e.sqlException;
    }
  }

  private static void collectTables(SqlNode from, Set<SqlIdentifier> tables) {
    if (from instanceof SqlIdentifier id) {
      tables.add(id);
    } else if (from instanceof SqlJoin join) {
      collectTables(join.getLeft(), tables);
      collectTables(join.getRight(), tables);
    } else if (from instanceof SqlCall call
        && (call.getKind() == SqlKind.AS || call.getKind() == SqlKind.LATERAL)) {
      collectTables(call.operand(0), tables);
    }
  }

  /** One name: {@code table} when it names a FROM item, else a column reference. */
  private static void check(SqlIdentifier id, boolean table, ConstraintCatalog.Naming naming) {
    int qualifier = table ? id.names.size() : id.names.size() - 1; // parts before the column
    if (qualifier > 3) {
      throw new Refused(
          new SQLException(
              "improper qualified name (too many dotted names): " + id,
              AnalyzerSqlState.SYNTAX_ERROR.code()));
    }
    if (qualifier < 3) {
      return;
    }
    if (!naming.isDatabase(id.names.get(0), id.isComponentQuoted(0))) {
      String name = table ? "\"" + id + "\"" : id.toString();
      throw new Refused(
          new SQLException(
              "cross-database references are not implemented: "
                  + name
                  + " (this connection's database is "
                  + naming.database()
                  + ")",
              AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code()));
    }
    List<SqlParserPos> positions = new ArrayList<>();
    for (int i = 1; i < id.names.size(); i++) {
      positions.add(id.getComponentParserPosition(i));
    }
    id.setNames(List.copyOf(id.names.subList(1, id.names.size())), positions);
  }

  /** Carries a refusal out of the visitor. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SQLException sqlException;

    Refused(SQLException sqlException) {
      super(sqlException.getMessage(), null, false, false);
      this.sqlException = sqlException;
    }
  }
}
