package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.bounds.CatalogFingerprint;
import dev.dpjdbc.analyze.bounds.CatalogWarrant;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The re-check a statement makes when its plan left out a clamp on the strength of the catalog
 * ({@link Unclamped}): for each table the plan reads, its {@link CatalogFingerprint} now must equal
 * the one read when the plan was made. Emitted as a condition over the rewrite's result rows (the
 * outermost WHERE, PostgreSQL):
 *
 * <pre>
 * (SELECT CAST(CASE WHEN (fingerprint of table ?) = ? THEN 'true'
 *                   ELSE 'dpjdbc_catalog_changed' END AS BOOLEAN))
 * </pre>
 *
 * with the table's oid and the fingerprint as bind parameters. PostgreSQL evaluates the subquery
 * once, as an InitPlan, in the snapshot the statement's table scans read, and tests it (a One-Time
 * Filter) before it asks the aggregate below for its first row: whether it raises depends on the
 * catalog only, never on the data, and it is evaluated on every execution, also over empty tables.
 * When the fingerprint differs (a CHECK dropped or re-added NOT VALID, a column type changed, a
 * child table attached, the table dropped), the cast raises SQLState 22P02 with {@value #MARKER} in
 * its text, before any row is aggregated; {@link #isFailure} recognises it, so the driver can say
 * what happened and re-read the catalog. The CAST is not folded when the statement is planned: its
 * input depends on the subquery.
 */
public final class CatalogGuard {
  /** The text of the value whose cast fails when the catalog changed. */
  public static final String MARKER = "dpjdbc_catalog_changed";

  /** {@code DPJDBC_CATALOG_UNCHANGED(oid, fingerprint)}, printed as the subquery above. */
  static final SqlFunction UNCHANGED =
      new SqlFunction(
          "DPJDBC_CATALOG_UNCHANGED",
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.BOOLEAN_NOT_NULL,
          null,
          OperandTypes.family(
              org.apache.calcite.sql.type.SqlTypeFamily.CHARACTER,
              org.apache.calcite.sql.type.SqlTypeFamily.CHARACTER),
          SqlFunctionCategory.SYSTEM) {
        @Override
        public boolean isDeterministic() {
          return false; // reads the catalog: never folded, never merged with another call
        }

        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          String[] around = CatalogFingerprint.SQL.split("\\?", -1);
          if (around.length != 2) {
            throw new IllegalStateException("the fingerprint query must have one parameter");
          }
          writer.print("(SELECT CAST(CASE WHEN (" + around[0]);
          call.operand(0).unparse(writer, 0, 0);
          writer.print(around[1] + ") = ");
          call.operand(1).unparse(writer, 0, 0);
          writer.print(" THEN 'true' ELSE '" + MARKER + "' END AS BOOLEAN))");
        }
      };

  private CatalogGuard() {}

  /** The condition that every table of {@code warrants} is as it was read. */
  static RexNode condition(RexBuilder rex, List<CatalogWarrant> warrants) {
    List<RexNode> each = new ArrayList<>();
    for (CatalogWarrant w : warrants) {
      each.add(
          rex.makeCall(
              rex.getTypeFactory().createSqlType(SqlTypeName.BOOLEAN),
              UNCHANGED,
              List.of(rex.makeLiteral(w.oid()), rex.makeLiteral(w.fingerprint()))));
    }
    return each.size() == 1 ? each.get(0) : rex.makeCall(SqlStdOperatorTable.AND, each);
  }

  /** {@code e} is the error a failed re-check raises (its text is dpjdbc's own, no row value). */
  public static boolean isFailure(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && "22P02".equals(s.getSQLState())
          && s.getMessage() != null
          && s.getMessage().contains(MARKER)) {
        return true;
      }
    }
    return false;
  }
}
