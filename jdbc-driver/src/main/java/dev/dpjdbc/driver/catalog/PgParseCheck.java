package dev.dpjdbc.driver.catalog;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.driver.execute.BackendErrors;
import java.sql.Connection;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.core.NativeQuery;
import org.postgresql.core.Parser;

/**
 * Decides what a catalog pass-through statement touches from PostgreSQL's own parse of it, and
 * hands back PostgreSQL's re-serialisation of the checked tree as the SQL to run. No home-made
 * lexer or scanner decides anything here:
 *
 * <ol>
 *   <li>The statement is described on the catalog connection (PostgreSQL parses it: its columns and
 *       parameter types). Its parameters are substituted with typed literals of their values.
 *   <li>Inside a transaction that is always rolled back, it becomes a temporary view. PostgreSQL
 *       stores the view's parse tree ({@code pg_rewrite.ev_action}): every relation with the exact
 *       column numbers it is read for, every function, aggregate and operator by OID. {@link
 *       PgNodeTree} reads that tree; {@link CatalogRules} judges the objects it names.
 *   <li>What then runs is {@code pg_get_viewdef} of that view: PostgreSQL's own text for the tree
 *       that was checked, so a disagreement between any lexer (ours, pgJDBC's) and PostgreSQL can
 *       change only what is checked-and-run, never run something unchecked. Size functions are
 *       replaced by NULL in that text, and the result is checked once more the same way.
 * </ol>
 *
 * <p>Every refusal is a {@link SQLException} with SQLState 42501 naming the object; PostgreSQL's
 * own parse errors come back scrubbed. Nothing here reads user data or changes the database: the
 * view lives only inside the rolled-back transaction, on the catalog role.
 */
public final class PgParseCheck {
  private PgParseCheck() {}

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PgParseCheck.class);

  private static final String PROBE = "dp_probe";

  /**
   * A statement that passed the check.
   *
   * @param sql PostgreSQL's text for the checked tree, to run instead of the original (no
   *     parameters)
   * @param labels the original statement's column labels, in order (the view renamed them)
   */
  public record Checked(String sql, List<String> labels) {}

  /** Checks {@code sql} with its parameter values on {@code catalog}; see the class comment. */
  public static Checked check(Connection catalog, String sql, List<Object> params)
      throws SQLException {
    return check(catalog, sql, params, null);
  }

  /**
   * Checks {@code sql} like {@link #check(Connection, String, List)}; with a {@code dataRole} (the
   * catalog connection is another role's), privilege questions are then asked for the data role
   * ({@link DataRoleView}) and the rewritten text is checked again.
   */
  public static Checked check(Connection catalog, String sql, List<Object> params, String dataRole)
      throws SQLException {
    NativeQuery query = single(sql);
    if (query.bindPositions.length == 0 && params.isEmpty()) {
      // the common case: no parameters, so no describe round trip; the view keeps the
      // statement's own column names, unless two are alike (then the describe path names them)
      try {
        return new Checked(probe(catalog, query.nativeSql, -1, true, dataRole), null);
      } catch (DuplicateColumns | PseudoTypedColumns e) {
        // fall through to the described path
      }
    }
    List<String> labels = new ArrayList<>();
    List<String> columnTypes = new ArrayList<>();
    List<String> paramTypes = new ArrayList<>();
    try (PreparedStatement ps = catalog.prepareStatement(sql)) {
      ResultSetMetaData md = ps.getMetaData();
      for (int i = 1; md != null && i <= md.getColumnCount(); i++) {
        labels.add(md.getColumnLabel(i));
        columnTypes.add(md.getColumnTypeName(i));
      }
      ParameterMetaData pmd = ps.getParameterMetaData();
      for (int i = 1; i <= pmd.getParameterCount(); i++) {
        paramTypes.add(pmd.getParameterTypeName(i));
      }
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
    if (paramTypes.size() != params.size()) {
      throw new SQLException(
          "the statement has "
              + paramTypes.size()
              + " parameter(s) but "
              + params.size()
              + " value(s) were bound; bind every parameter before executing",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    String substituted = ProbeText.substitute(query, params, paramTypes);
    if (columnTypes.stream().anyMatch(PSEUDO_TYPES::contains)) {
      // a view cannot have a column of a pseudo-type (pg_attribute.attmissingval is anyarray):
      // the statement is checked inside a SELECT that returns such columns as text
      substituted = ProbeText.pseudoAsText(substituted, columnTypes, PSEUDO_TYPES);
    }
    return new Checked(probe(catalog, substituted, labels.size(), true, dataRole), labels);
  }

  /**
   * A refusal (42501) of a statement that reads the system catalogs, i.e. one meant for the catalog
   * door, so its reason is the one to show (rather than an analyzer's error about the same text).
   */
  public static final class CatalogStatementRefused extends SQLException {
    CatalogStatementRefused(String reason) {
      super(reason, AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
  }

  /** The statement's output has two columns of one name: a view needs a column list. */
  private static final class DuplicateColumns extends SQLException {
    DuplicateColumns() {
      super("duplicate column names", "42701");
    }
  }

  /** Types a view column cannot have, returned as their text form instead. */
  private static final java.util.Set<String> PSEUDO_TYPES =
      java.util.Set.of("anyarray", "anycompatiblearray", "anyelement", "record", "cstring");

  /** The statement has a column of a pseudo-type (anyarray, record): a view needs a wrapper. */
  private static final class PseudoTypedColumns extends SQLException {
    PseudoTypedColumns() {
      super("a column of a pseudo-type", "42P16");
    }
  }

  /**
   * Returns PostgreSQL's text of the checked tree of {@code sql} (which has no parameters).
   *
   * @param columns how many columns to name c1..cn in the view, or -1 to keep the statement's own
   *     names
   */
  private static String probe(
      Connection catalog, String sql, int columns, boolean mayNull, String dataRole)
      throws SQLException {
    String ddl = ProbeText.createView(PROBE, columns, sql);
    single(ddl); // pgJDBC must send it as one statement; PostgreSQL refuses a second in a Parse
    boolean autoCommit = catalog.getAutoCommit();
    String viewdef;
    PgTreeObjects objects;
    try {
      catalog.setAutoCommit(false);
      try (Statement st = catalog.createStatement()) {
        st.setEscapeProcessing(false);
        try {
          st.execute(ddl);
        } catch (org.postgresql.util.PSQLException e) {
          throw viewError(e, columns);
        }
        try (ResultSet rs =
            st.executeQuery(
                "SELECT r.ev_class::oid, r.ev_action::text,"
                    + " pg_catalog.pg_get_viewdef(r.ev_class, false)"
                    + " FROM pg_catalog.pg_rewrite r"
                    + " WHERE r.ev_class = 'pg_temp."
                    + PROBE
                    + "'::pg_catalog.regclass")) {
          if (!rs.next()) {
            throw new SQLException("PostgreSQL stored no parse tree for the statement", "XX000");
          }
          long view = rs.getLong(1);
          objects = PgTreeObjects.of(PgNodeTree.parse(rs.getString(2)), view);
          viewdef = rs.getString(3);
        }
      }
      objects.judge(catalog, mayNull);
    } catch (org.postgresql.util.PSQLException e) {
      throw BackendErrors.scrub(e); // PostgreSQL's own error: first line and SQLState only
    } catch (IllegalArgumentException e) {
      throw new SQLException(
          "dpjdbc could not read PostgreSQL's parse of this statement, so it is refused ("
              + e.getMessage()
              + ")",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    } finally {
      restore(catalog, autoCommit);
    }
    String text = ProbeText.withoutTrailingSemicolon(viewdef);
    if (dataRole != null) {
      String asData =
          DataRoleView.rewrite(catalog, text, objects.informationSchemaRelations(), dataRole);
      if (!asData.equals(text)) {
        // privilege questions asked for the data role: the new text is checked again like the
        // original; should PostgreSQL or the check reject it, the original checked text is
        // answered as before (filtered by the catalog role's privileges)
        try {
          return probe(catalog, asData, columns, mayNull, null);
        } catch (SQLException e) {
          if (catalog.isClosed()) {
            throw e;
          }
          LOG.debug("privileges of the data role not applied ({}): {}", e.getMessage(), asData);
        }
      }
    }
    if (objects.usesSizeFunctions() || !objects.maskedRelations().isEmpty()) {
      // sizes and statistics columns are statistics of the data: answered as NULL, and the new
      // text is checked again with none of them allowed (a wrong rewrite can only be refused)
      if (objects.usesSizeFunctions()) {
        text = ProbeText.nullCalls(text, CatalogRules.nullFunctions());
      }
      if (!objects.maskedRelations().isEmpty()) {
        text = ProbeText.maskRelations(text, objects.maskedRelations());
      }
      return probe(catalog, text, columns, false, null);
    }
    return text;
  }

  /**
   * Rolls the probe back. When the connection is gone (the pool closes it after some errors, and
   * the temporary view goes with it) the statement's own error is the one to report, not this.
   */
  private static void restore(Connection catalog, boolean autoCommit) throws SQLException {
    try {
      catalog.rollback();
      catalog.setAutoCommit(autoCommit);
    } catch (SQLException e) {
      if (!catalog.isClosed()) {
        throw e;
      } // closed: the session borrows a new connection for its next statement
    }
  }

  /**
   * What a failed {@code CREATE TEMP VIEW} means. PostgreSQL's own errors about the statement
   * (syntax, unknown names, types) come back scrubbed with their SQLState; errors about view-ness
   * (an {@code anyarray} column of {@code pg_stats}, a locking clause) mean the statement cannot be
   * checked, so it is refused.
   */
  private static SQLException viewError(org.postgresql.util.PSQLException e, int columns) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.equals("42701") && columns < 0) {
      return new DuplicateColumns();
    }
    if (state.equals("42P16") && columns < 0 && String.valueOf(e.getMessage()).contains("pseudo")) {
      return new PseudoTypedColumns();
    }
    if (state.equals("42P16") || state.equals("0A000") || state.equals("42P17")) {
      return new SQLException(
          "dpjdbc passes a catalog statement through only when PostgreSQL's parse of it can be"
              + " checked, and this one cannot ("
              + BackendErrors.scrub(e).getMessage()
              + ")",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    return BackendErrors.scrub(e);
  }

  /** The one statement of {@code sql} as pgJDBC will send it; several are refused. */
  private static NativeQuery single(String sql) throws SQLException {
    List<NativeQuery> queries = Parser.parseJdbcSql(sql, true, true, true, false, false);
    if (queries.size() != 1 || queries.get(0).multiStatement) {
      throw new SQLException(
          "send one statement at a time through dpjdbc's catalog door",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    return queries.get(0);
  }
}
