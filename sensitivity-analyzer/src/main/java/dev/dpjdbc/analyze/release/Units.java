package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.bounds.TableUnit;
import dev.dpjdbc.analyze.sql2rel.CatalogTable;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.RelNode;

/**
 * Every private table a query scans must have a privacy unit. Refused before the analysis, with the
 * SQLState that names the fix: the policy names a unit column the table does not have ({@code
 * F0000}: fix the policy), or no unit can be told for the table ({@code ZD002}: declare one). A
 * unit that is only reached through a join is fine here; the analysis decides whether the query
 * makes that join.
 */
public final class Units {
  private Units() {}

  static void requireKnown(RelNode rel, ConstraintCatalog catalog, Policy policy)
      throws SQLException {
    List<TableMeta> scanned = new ArrayList<>();
    for (CatalogTable t : CatalogTable.scannedBy(rel)) {
      scanned.add(t.meta());
    }
    for (TableBounds b : TableBounds.load(catalog, policy, scanned)) {
      if (!scanned.contains(b.meta()) || b.isPublic()) {
        continue;
      }
      requireKnown(b);
    }
  }

  /**
   * The unit of {@code b}'s table can be told: refused with F0000 when the policy names a unit
   * column the table does not have, with ZD002 when no unit can be told.
   */
  public static void requireKnown(TableBounds b) throws SQLException {
    String name = b.meta().name();
    if (b.missingPolicyUnit().isPresent()) {
      throw new SQLException(
          "policy tables."
              + name
              + ".privacy_unit names column "
              + b.missingPolicyUnit().get()
              + ", which "
              + name
              + " does not have: fix the policy",
          AnalyzerSqlState.INVALID_POLICY.code());
    }
    TableUnit unit = b.unit();
    if (unit.isRefused()) {
      throw new SQLException(
          unit.path().substring(0, 1).toUpperCase(Locale.ROOT) + unit.path().substring(1),
          AnalyzerSqlState.MISSING_PRIVACY_UNIT.code());
    }
  }
}
