package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.parse.QualifiedNames;
import dev.dpjdbc.analyze.parse.SqlLexer;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * What the front end refuses, and with which SQLState, on the parsed tree (before validation) and
 * on the validated one:
 *
 * <ul>
 *   <li>anything but a query (DML, DDL, SET, SHOW, transaction control, EXPLAIN) → 42501, as the
 *       analyzer has always answered;
 *   <li>constructs the relational analyzer does not take (0A000, message naming them): {@code WITH
 *       RECURSIVE}, {@code TABLESAMPLE}, table functions ({@code FROM generate_series(..)}), {@code
 *       UNNEST}, {@code MATCH_RECOGNIZE}, {@code PIVOT}/{@code UNPIVOT}, {@code FOR SYSTEM_TIME AS
 *       OF};
 *   <li>{@code x = ANY (<array>)} ({@link dev.dpjdbc.analyze.parse.QuantifiedComparisons}) → 0A000;
 *   <li>names with a database part ({@link QualifiedNames}, shared with the old analyzer): another
 *       database → 0A000, as PostgreSQL answers ("cross-database references are not implemented");
 *       too many parts → 42601; the connection's own database part is dropped;
 *   <li>after validation: a non-deterministic function ({@code random()}) → 42501; a {@code
 *       date_trunc} unit PostgreSQL does not know → 22023.
 * </ul>
 */
final class Refusals {
  private Refusals() {}

  private static final Map<SqlKind, String> UNSUPPORTED =
      Map.of(
          SqlKind.TABLESAMPLE, "TABLESAMPLE",
          SqlKind.COLLECTION_TABLE, "a table function in FROM",
          SqlKind.UNNEST, "UNNEST",
          SqlKind.MATCH_RECOGNIZE, "MATCH_RECOGNIZE",
          SqlKind.PIVOT, "PIVOT",
          SqlKind.UNPIVOT, "UNPIVOT",
          SqlKind.SNAPSHOT, "FOR SYSTEM_TIME AS OF");

  /**
   * Statements that start with these words are not queries; a parse error in one is reported as the
   * refusal it would be if it parsed.
   */
  private static final Set<String> NOT_QUERIES =
      Set.of(
          "insert",
          "update",
          "delete",
          "merge",
          "upsert",
          "replace",
          "create",
          "drop",
          "alter",
          "truncate",
          "grant",
          "revoke",
          "copy",
          "call",
          "do",
          "vacuum",
          "analyze",
          "analyse",
          "lock",
          "comment",
          "reindex",
          "cluster",
          "refresh",
          "import",
          "execute",
          "prepare",
          "deallocate",
          "discard",
          "listen",
          "notify",
          "unlisten",
          "reset",
          "set",
          "show",
          "begin",
          "start",
          "commit",
          "end",
          "abort",
          "rollback",
          "savepoint",
          "release",
          "explain",
          "checkpoint",
          "security",
          "fetch",
          "move",
          "close",
          "declare",
          "load");

  /** The refusal of a statement that is not a query, or null when {@code sql} may be one. */
  static SQLException notAQuery(String sql) {
    List<SqlLexer.Token> tokens = SqlLexer.significant(sql);
    if (tokens.isEmpty() || tokens.get(0).kind() != SqlLexer.Kind.WORD) {
      return null;
    }
    String word = tokens.get(0).text().toLowerCase(Locale.ROOT);
    if (!NOT_QUERIES.contains(word)) {
      return null;
    }
    return new SQLException(
        "dpjdbc answers only queries (SELECT ...); "
            + word.toUpperCase(Locale.ROOT)
            + " statements are refused",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  /** Refuses statements that are not queries and constructs the front end does not take. */
  static void checkParsed(SqlNode statement, String sql, ConstraintCatalog.Naming naming)
      throws SQLException {
    if (!statement.getKind().belongsTo(SqlKind.QUERY) && statement.getKind() != SqlKind.WITH) {
      SQLException refusal = notAQuery(sql);
      throw refusal != null
          ? refusal
          : new SQLException(
              "dpjdbc answers only queries (SELECT ...); this statement is refused",
              AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    try {
      statement.accept(
          new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
              String construct = UNSUPPORTED.get(call.getKind());
              if (construct != null) {
                throw new Refused(unsupported(construct));
              }
              if (call instanceof SqlWithItem item
                  && item.recursive != null
                  && item.recursive.booleanValue()) {
                throw new Refused(unsupported("WITH RECURSIVE"));
              }
              return super.visit(call);
            }
          });
    } catch (Refused e) {
      throw e.sqlException();
    }
    dev.dpjdbc.analyze.parse.QuantifiedComparisons.check(statement);
    QualifiedNames.resolve(statement, naming);
  }

  /** Refuses non-deterministic functions and unknown date_trunc units in a validated query. */
  static void checkValidated(SqlNode validated) throws SQLException {
    try {
      validated.accept(
          new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
              if (!call.getOperator().isDeterministic()) {
                throw new Refused(
                    new SQLException(
                        "dpjdbc refuses non-deterministic functions such as "
                            + call.getOperator().getName().toLowerCase(Locale.ROOT)
                            + "(): a query must mean the same thing every time it runs",
                        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code()));
              }
              if (call.getOperator() == PostgresOperators.DATE_TRUNC
                  && call.operand(0) instanceof SqlCharStringLiteral unit
                  && !PostgresOperators.DATE_TRUNC_UNITS.contains(
                      unit.getValueAs(String.class).toLowerCase(Locale.ROOT))) {
                throw new Refused(
                    new SQLException(
                        "date_trunc unit \""
                            + unit.getValueAs(String.class)
                            + "\" not recognized; use one of "
                            + PostgresOperators.DATE_TRUNC_UNITS,
                        AnalyzerSqlState.INVALID_PARAMETER_VALUE.code()));
              }
              return super.visit(call);
            }
          });
    } catch (Refused e) {
      throw e.sqlException();
    }
  }

  static SQLException unsupported(String construct) {
    return new SQLException(
        "dpjdbc does not support " + construct + " in queries yet",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  /** Carries a refusal out of a visitor. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(SQLException cause) {
      super(cause);
    }

    SQLException sqlException() {
      return (SQLException) getCause();
    }
  }
}
