package dev.dpjdbc.analyze.bounds;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the distinct values of one column of a table the policy declares {@code public: true}: the
 * public domain of that column, and of a foreign key referencing it ({@link TableBounds#domain}).
 *
 * <p>Why this may read rows: a public table holds no personal data (the policy says so), so its
 * contents are public and a domain read from them depends on no person's data. Only public tables
 * are ever read here ({@link TableBounds} checks the policy before asking); a private table's
 * values never become a domain.
 *
 * <p>The statement is generated here, never from the analyst's text: {@code SELECT DISTINCT "c"
 * FROM "schema"."table" WHERE "c" IS NOT NULL ORDER BY 1 LIMIT max + 1}, identifiers as the
 * backend's catalog spells them, quoted. It runs on the analyzer's catalog connection (the driver's
 * backend login), once per column for the catalog's lifetime ({@link
 * ConstraintCatalog#publicValues}, forgotten with the rest of the catalog by {@link
 * ConstraintCatalog#clear}). More than {@code max} values is no domain.
 *
 * <p>Only columns whose values the driver can match exactly are read: integers, NUMERIC, REAL and
 * DOUBLE PRECISION, BOOLEAN, text and DATE (dates as ISO text, read with {@code getString}).
 */
final class PublicValues {
  private final ConstraintCatalog.MetadataSource source;
  private final Map<String, Optional<List<Object>>> values = new ConcurrentHashMap<>();
  private final Map<String, Boolean> enforcedKeys = new ConcurrentHashMap<>();

  PublicValues(ConstraintCatalog.MetadataSource source) {
    this.source = source;
  }

  /** Forgets everything read (with the catalog). */
  synchronized void clear() {
    values.clear();
    enforcedKeys.clear();
  }

  /**
   * The distinct non-NULL values of {@code column} of {@code table}, a table the caller has checked
   * the policy declares public; empty when there are more than {@code max} or the column's type is
   * not one the driver matches exactly. Cached until {@link #clear}.
   *
   * @throws SQLException when the table cannot be read
   */
  synchronized Optional<List<Object>> of(TableMeta table, ColumnMeta column, int max)
      throws SQLException {
    if (!readable(column)) {
      return Optional.empty();
    }
    String key = String.join("\u0000", table.schema(), table.name(), column.name(), "" + max);
    Optional<List<Object>> hit = values.get(key);
    if (hit == null) {
      try (Connection c = source.open()) {
        hit = read(c, table, column, max);
      }
      values.put(key, hit);
    }
    return hit;
  }

  /**
   * Whether the single-column foreign key {@code fk} of {@code table} holds for every row (on
   * PostgreSQL: validated). Cached until {@link #clear}.
   */
  synchronized boolean enforced(TableMeta table, TableMeta.ForeignKey fk, String refTable)
      throws SQLException {
    String key =
        String.join("\u0000", table.schema(), table.name(), fk.columns().toString(), refTable);
    Boolean hit = enforcedKeys.get(key);
    if (hit == null) {
      try (Connection c = source.open()) {
        hit = enforced(c, table, fk, refTable);
      }
      enforcedKeys.put(key, hit);
    }
    return hit;
  }

  /** PostgreSQL: the validated single-column foreign keys of a table, as (column, ref table). */
  private static final String VALIDATED_FK =
      "SELECT 1 FROM pg_constraint con"
          + " JOIN pg_class c ON c.oid = con.conrelid"
          + " JOIN pg_namespace n ON n.oid = c.relnamespace"
          + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = con.conkey[1]"
          + " JOIN pg_class r ON r.oid = con.confrelid"
          + " JOIN pg_namespace rn ON rn.oid = r.relnamespace"
          + " WHERE con.contype = 'f' AND con.convalidated AND cardinality(con.conkey) = 1"
          + " AND n.nspname = ? AND c.relname = ? AND a.attname = ?"
          + " AND rn.nspname = ? AND r.relname = ?";

  /** The column's type is one whose values the driver matches exactly. */
  static boolean readable(ColumnMeta c) {
    if (c.isEnum() || c.isBoolean()) {
      return true;
    }
    return switch (c.jdbcType()) {
      case Types.TINYINT,
              Types.SMALLINT,
              Types.INTEGER,
              Types.BIGINT,
              Types.NUMERIC,
              Types.DECIMAL,
              Types.REAL,
              Types.FLOAT,
              Types.DOUBLE,
              Types.CHAR,
              Types.VARCHAR,
              Types.NCHAR,
              Types.NVARCHAR,
              Types.LONGVARCHAR,
              Types.DATE ->
          true;
      default -> false;
    };
  }

  /**
   * The distinct non-NULL values of {@code column} of {@code table}, converted as {@link
   * TableBounds} converts domain values; empty when there are more than {@code max}.
   */
  private static Optional<List<Object>> read(
      Connection c, TableMeta table, ColumnMeta column, int max) throws SQLException {
    String col = quote(column.name());
    String sql =
        "SELECT DISTINCT "
            + col
            + " FROM "
            + (table.schema() == null ? "" : quote(table.schema()) + ".")
            + quote(table.name())
            + " WHERE "
            + col
            + " IS NOT NULL ORDER BY 1 LIMIT "
            + (max + 1);
    List<Object> out = new ArrayList<>();
    boolean text = column.jdbcType() == Types.DATE;
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        if (out.size() == max) {
          return Optional.empty();
        }
        Object v = text ? rs.getString(1) : rs.getObject(1);
        out.add(TableBounds.convert(v, column));
      }
    }
    return Optional.of(List.copyOf(out));
  }

  /**
   * Whether the single-column foreign key {@code fk} is enforced on every row: on PostgreSQL a
   * validated constraint (a {@code NOT VALID} one may have older rows violating it); H2 checks a
   * foreign key on every row it stores.
   */
  private static boolean enforced(
      Connection c, TableMeta table, TableMeta.ForeignKey fk, String ref) throws SQLException {
    if (!c.getMetaData()
        .getDatabaseProductName()
        .toLowerCase(java.util.Locale.ROOT)
        .contains("postgres")) {
      return true;
    }
    try (PreparedStatement ps = c.prepareStatement(VALIDATED_FK)) {
      ps.setString(1, table.schema());
      ps.setString(2, table.name());
      ps.setString(3, fk.columns().get(0));
      ps.setString(4, fk.refSchema());
      ps.setString(5, ref);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  /** An identifier quoted for both backends: {@code "a""b"}. */
  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
