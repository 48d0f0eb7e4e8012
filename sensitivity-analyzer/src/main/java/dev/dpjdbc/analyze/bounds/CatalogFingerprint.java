package dev.dpjdbc.analyze.bounds;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * A PostgreSQL table's catalog facts that bound its stored values, as one string: its schema and
 * name, its kind and whether it has inheritance children, the ids of its validated inheritable
 * CHECK constraints, every column's number, name, type and type modifier (NUMERIC precision), and
 * the ids of the validated CHECKs of the domains its columns have. Dropping, adding or re-adding
 * (even NOT VALID) any of these constraints, changing a column's type, renaming the table or a
 * column (the generated SQL names them: two columns swapping names would swap their bounds), or
 * attaching a child changes the string: PostgreSQL gives every new constraint a new id and drops a
 * constraint by deleting its row. A table dropped and created again under its name has a new id,
 * and the old id has no fingerprint any more.
 *
 * <p>The same text is evaluated when the catalog is read ({@link #read}) and inside every statement
 * whose plan relies on those facts (the bounded rewrite's catalog guard), so the two agree exactly
 * when nothing changed. Inside a statement it runs in the statement's own snapshot, the one its
 * table scans read: a constraint that is still there and validated in that snapshot holds for every
 * row the scans return (PostgreSQL validates a CHECK on every row before marking it validated, and
 * checks it on every write after). Names are quoted with {@code quote_ident}, so no name can make
 * two different catalogs print the same string.
 */
public final class CatalogFingerprint {
  /** The fingerprint of the table whose oid is the one parameter (a decimal string). */
  public static final String SQL =
      "SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname)"
          + " || ':' || c.relkind || ':' || c.relhassubclass"
          + " || '|' || coalesce((SELECT pg_catalog.string_agg(k.oid::text, ',' ORDER BY k.oid)"
          + " FROM pg_catalog.pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'c'"
          + " AND k.convalidated AND NOT k.connoinherit), '')"
          + " || '|' || coalesce((SELECT pg_catalog.string_agg(a.attnum || ':'"
          + " || pg_catalog.quote_ident(a.attname) || ':' || a.atttypid || ':' || a.atttypmod,"
          + " ',' ORDER BY a.attnum)"
          + " FROM pg_catalog.pg_attribute a"
          + " WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '')"
          + " || '|' || coalesce((SELECT pg_catalog.string_agg(k.oid::text, ',' ORDER BY k.oid)"
          + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_constraint k"
          + " ON k.contypid = a.atttypid WHERE a.attrelid = c.oid AND a.attnum > 0"
          + " AND NOT a.attisdropped AND k.contype = 'c' AND k.convalidated), '')"
          + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE c.oid = CAST(? AS oid)";

  private static final String TABLE =
      "SELECT c.oid::text, c.relkind, c.relhassubclass FROM pg_catalog.pg_class c"
          + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE n.nspname = ? AND c.relname = ?";

  private CatalogFingerprint() {}

  /**
   * The warrant of {@code schema.table}, or null when it has none: not a plain table ({@code
   * relkind} other than {@code r}: a partitioned table, a view) or a table with inheritance
   * children, whose rows a scan returns too but whose CHECKs may differ (a foreign-table child
   * enforces none).
   */
  static CatalogWarrant read(Connection c, String schema, String table) throws SQLException {
    String oid;
    try (PreparedStatement ps = c.prepareStatement(TABLE)) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next() || !"r".equals(rs.getString(2)) || rs.getBoolean(3)) {
          return null;
        }
        oid = rs.getString(1);
      }
    }
    try (PreparedStatement ps = c.prepareStatement(SQL)) {
      ps.setObject(1, oid, Types.OTHER);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getString(1) != null
            ? new CatalogWarrant(oid, rs.getString(1), schema + "." + table)
            : null;
      }
    }
  }
}
