package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableUnit;
import java.sql.SQLException;
import java.util.List;

/**
 * The privacy unit columns of a one-table query's table (the unit rule of {@link
 * TableBounds#unit}), or the refusal: the policy names a missing column ({@code F0000}); no unit
 * can be told, or none of the table's columns holds it ({@code ZD002}). Each message says how to
 * fix it.
 */
final class UnitColumns {
  private UnitColumns() {}

  static List<String> of(TableBounds bounds, String tableName) throws SQLException {
    dev.dpjdbc.analyze.release.Units.requireKnown(bounds);
    TableUnit unit = bounds.unit();
    if (!unit.visible()) {
      throw new SQLException(
          "no column of "
              + tableName
              + " holds its privacy unit ("
              + unit.identity()
              + "): its rows reach it through "
              + unit.path()
              + ". Query it joined with "
              + unit.throughJoin(tableName)
              + ", or name a column of "
              + tableName
              + " that holds the unit in the policy (tables."
              + tableName
              + ".privacy_unit: <column>)",
          AnalyzerSqlState.MISSING_PRIVACY_UNIT.code());
    }
    return unit.columns();
  }
}
