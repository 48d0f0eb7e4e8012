package dev.dpjdbc.analyze.bounds;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the column sets a table's backend keeps unique on every row: primary keys, UNIQUE
 * constraints and unique indexes.
 *
 * <p>Only guarantees count. On PostgreSQL ({@code pg_index}) an index counts when it is unique,
 * valid ({@code indisvalid}: a failed {@code CREATE UNIQUE INDEX CONCURRENTLY} leaves an invalid
 * one), checked immediately ({@code indimmediate}: a DEFERRABLE constraint may be violated inside a
 * transaction), not partial ({@code indpred IS NULL}: a partial index says nothing about the rows
 * its predicate excludes) and on plain columns ({@code indexprs IS NULL}: {@code lower(email)} is
 * not a key of {@code email}). On other backends ({@code DatabaseMetaData.getIndexInfo} with {@code
 * unique = true}) an index counts when it has no filter condition and every part is a column of the
 * table. Unique columns may be nullable (several rows may then hold NULL): callers that need one
 * row per value also for NULL must check the columns' nullability.
 */
final class UniqueKeys {
  private static final String POSTGRES =
      "SELECT ic.relname, a.attname, k.ord FROM pg_index i"
          + " JOIN pg_class c ON c.oid = i.indrelid"
          + " JOIN pg_namespace n ON n.oid = c.relnamespace"
          + " JOIN pg_class ic ON ic.oid = i.indexrelid"
          + " CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)"
          + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
          + " WHERE i.indisunique AND i.indisvalid AND i.indimmediate"
          + " AND i.indpred IS NULL AND i.indexprs IS NULL"
          + " AND k.ord <= i.indnkeyatts AND n.nspname = ? AND c.relname = ?"
          + " ORDER BY ic.relname, k.ord";

  private UniqueKeys() {}

  /** The unique column sets of {@code schema.table}, each in index order, without duplicates. */
  static List<List<String>> read(
      Connection c, DatabaseMetaData md, String schema, String table, Set<String> columns)
      throws SQLException {
    Map<String, List<String>> byIndex = new LinkedHashMap<>();
    boolean postgres = md.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
    if (postgres) {
      try (PreparedStatement ps = c.prepareStatement(POSTGRES)) {
        ps.setString(1, schema);
        ps.setString(2, table);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            byIndex.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
          }
        }
      }
    } else {
      Set<String> unusable = new HashSet<>();
      try (ResultSet rs = md.getIndexInfo(null, schema, table, true, false)) {
        while (rs.next()) {
          if (rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic
              || rs.getBoolean("NON_UNIQUE")
              || !table.equals(rs.getString("TABLE_NAME"))) {
            continue;
          }
          String index = rs.getString("INDEX_NAME");
          String column = rs.getString("COLUMN_NAME");
          if (rs.getString("FILTER_CONDITION") != null || !columns.contains(column)) {
            unusable.add(index);
          }
          byIndex.computeIfAbsent(index, k -> new ArrayList<>()).add(column);
        }
      }
      byIndex.keySet().removeAll(unusable);
    }
    List<List<String>> out = new ArrayList<>();
    for (List<String> key : byIndex.values()) {
      if (!key.isEmpty() && !out.contains(key)) {
        out.add(List.copyOf(key));
      }
    }
    return out;
  }
}
