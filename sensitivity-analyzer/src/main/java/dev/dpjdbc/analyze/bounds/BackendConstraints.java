package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.analyze.parse.SqlLexer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The backend-specific half of the catalog: enforced CHECK constraints (table and domain) and enum
 * labels, read from PostgreSQL's {@code pg_catalog} or H2 2.x's {@code INFORMATION_SCHEMA}. Only
 * constraints the backend enforces on every row count: PostgreSQL's NOT VALID ones ({@code
 * convalidated = false}) are skipped, and so are its NO INHERIT ones ({@code connoinherit}), which
 * do not hold for the rows of child tables that a scan of the parent returns too. H2 records no
 * such flag: a CHECK added with {@code ALTER TABLE ... ADD CONSTRAINT ... NOCHECK} is listed like
 * any other although rows older than it were never checked, so H2's CHECKs bound the noise (the
 * rewrite clamps to them) but are never taken as facts that make a clamp unnecessary ({@link
 * #warrant}).
 */
interface BackendConstraints {

  /** One CHECK: its name, its text, and the column VALUE stands for (domain CHECKs) or null. */
  record Check(String name, String text, String valueColumn) {}

  List<Check> checks(Connection c, String schema, String table) throws SQLException;

  /** Enum labels in declaration order, by column name. */
  Map<String, List<String>> enumLabels(Connection c, String schema, String table)
      throws SQLException;

  /**
   * Base type names (pg_type.typname, e.g. "numeric", "int4") of columns whose type is a domain;
   * JDBC reports such columns as {@code Types.DISTINCT}.
   */
  default Map<String, String> domainBaseTypes(Connection c, String schema, String table)
      throws SQLException {
    return Map.of();
  }

  /**
   * Whether an untyped string constant in a printed CHECK is compared in the column's type (H2
   * prints {@code "HIRED" >= '2015-01-01'} for a DATE column) rather than as text (PostgreSQL
   * prints every typed constant with its cast; see {@link DatetimeBounds}).
   */
  default boolean untypedLiteralsTakeColumnType() {
    return false;
  }

  /**
   * The table's {@link CatalogWarrant}, when this backend can re-check its catalog facts inside a
   * statement and the table qualifies (PostgreSQL, see {@link CatalogFingerprint#read}); null
   * otherwise.
   */
  default CatalogWarrant warrant(Connection c, String schema, String table) throws SQLException {
    return null;
  }

  static BackendConstraints forProduct(String productName) {
    String p = productName.toLowerCase(java.util.Locale.ROOT);
    if (p.contains("postgres")) {
      return new Postgres();
    }
    if (p.contains("h2")) {
      return new H2();
    }
    return new None();
  }

  /** Other backends: no CHECK reading yet (policy bounds and JDBC type ranges still apply). */
  final class None implements BackendConstraints {
    @Override
    public List<Check> checks(Connection c, String schema, String table) {
      return List.of();
    }

    @Override
    public Map<String, List<String>> enumLabels(Connection c, String schema, String table) {
      return Map.of();
    }
  }

  /**
   * PostgreSQL: {@code pg_constraint} (validated and inheritable only), domains, {@code pg_enum};
   * catalog warrants ({@link CatalogFingerprint}).
   */
  final class Postgres extends Queried {
    private static final String TABLE_CHECKS =
        "SELECT con.conname, pg_get_constraintdef(con.oid, true) FROM pg_constraint con"
            + " JOIN pg_class c ON c.oid = con.conrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE con.contype = 'c' AND con.convalidated AND NOT con.connoinherit"
            + " AND n.nspname = ? AND c.relname = ?"
            + " ORDER BY con.conname";
    private static final String DOMAIN_CHECKS =
        "SELECT a.attname, t.typname, con.conname, pg_get_constraintdef(con.oid, true)"
            + " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " JOIN pg_type t ON t.oid = a.atttypid"
            + " JOIN pg_constraint con ON con.contypid = t.oid"
            + " WHERE t.typtype = 'd' AND con.contype = 'c' AND con.convalidated"
            + " AND a.attnum > 0 AND NOT a.attisdropped AND n.nspname = ? AND c.relname = ?"
            + " ORDER BY a.attnum, con.conname";
    private static final String ENUMS =
        "SELECT a.attname, e.enumlabel FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " JOIN pg_type t ON t.oid = a.atttypid JOIN pg_enum e ON e.enumtypid = t.oid"
            + " WHERE a.attnum > 0 AND NOT a.attisdropped AND n.nspname = ? AND c.relname = ?"
            + " ORDER BY a.attnum, e.enumsortorder";

    private static final String DOMAIN_BASES =
        "SELECT a.attname, b.typname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
            + " JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " JOIN pg_type t ON t.oid = a.atttypid JOIN pg_type b ON b.oid = t.typbasetype"
            + " WHERE t.typtype = 'd' AND a.attnum > 0 AND NOT a.attisdropped"
            + " AND n.nspname = ? AND c.relname = ?";

    Postgres() {
      super(TABLE_CHECKS, DOMAIN_CHECKS, ENUMS, DOMAIN_BASES);
    }

    @Override
    public CatalogWarrant warrant(Connection c, String schema, String table) throws SQLException {
      return CatalogFingerprint.read(c, schema, table);
    }

    /**
     * The CHECK texts in standard string syntax whatever the session's {@code
     * standard_conforming_strings}: with it off, {@code pg_get_constraintdef} doubles every
     * backslash inside a string constant (and never writes {@code E''}), which the parser would
     * read as two backslashes — a CHECK IN value {@code 'back\slash'} would become a domain value
     * no row has.
     */
    @Override
    public List<Check> checks(Connection c, String schema, String table) throws SQLException {
      List<Check> checks = super.checks(c, schema, table);
      if (checks.isEmpty() || standardConformingStrings(c)) {
        return checks;
      }
      return checks.stream()
          .map(k -> new Check(k.name(), standardStrings(k.text()), k.valueColumn()))
          .toList();
    }

    private static boolean standardConformingStrings(Connection c) throws SQLException {
      try (PreparedStatement ps =
              c.prepareStatement("SELECT current_setting('standard_conforming_strings')");
          ResultSet rs = ps.executeQuery()) {
        return !rs.next() || !"off".equalsIgnoreCase(rs.getString(1));
      }
    }

    /** Undoes the backslash doubling inside {@code '...'} constants (lexed with it off). */
    static String standardStrings(String printed) {
      StringBuilder out = new StringBuilder();
      for (SqlLexer.Token t : SqlLexer.scan(printed, false)) {
        boolean plain = t.kind() == SqlLexer.Kind.STRING && t.text().startsWith("'");
        out.append(plain ? t.text().replace("\\\\", "\\") : t.text());
      }
      return out.toString();
    }
  }

  /** H2 2.x: INFORMATION_SCHEMA CHECK_CONSTRAINTS, DOMAIN_CONSTRAINTS and ENUM_VALUES. */
  final class H2 extends Queried {
    private static final String TABLE_CHECKS =
        "SELECT cc.CONSTRAINT_NAME, cc.CHECK_CLAUSE FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS tc"
            + " JOIN INFORMATION_SCHEMA.CHECK_CONSTRAINTS cc"
            + " ON cc.CONSTRAINT_SCHEMA = tc.CONSTRAINT_SCHEMA"
            + " AND cc.CONSTRAINT_NAME = tc.CONSTRAINT_NAME"
            + " WHERE tc.CONSTRAINT_TYPE = 'CHECK' AND tc.TABLE_SCHEMA = ? AND tc.TABLE_NAME = ?"
            + " ORDER BY cc.CONSTRAINT_NAME";
    private static final String DOMAIN_CHECKS =
        "SELECT col.COLUMN_NAME, col.DOMAIN_NAME, cc.CONSTRAINT_NAME, cc.CHECK_CLAUSE"
            + " FROM INFORMATION_SCHEMA.COLUMNS col"
            + " JOIN INFORMATION_SCHEMA.DOMAIN_CONSTRAINTS dc"
            + " ON dc.DOMAIN_SCHEMA = col.DOMAIN_SCHEMA AND dc.DOMAIN_NAME = col.DOMAIN_NAME"
            + " JOIN INFORMATION_SCHEMA.CHECK_CONSTRAINTS cc"
            + " ON cc.CONSTRAINT_SCHEMA = dc.CONSTRAINT_SCHEMA"
            + " AND cc.CONSTRAINT_NAME = dc.CONSTRAINT_NAME"
            + " WHERE col.TABLE_SCHEMA = ? AND col.TABLE_NAME = ?"
            + " ORDER BY col.ORDINAL_POSITION, cc.CONSTRAINT_NAME";
    private static final String ENUMS =
        "SELECT col.COLUMN_NAME, ev.VALUE_NAME FROM INFORMATION_SCHEMA.COLUMNS col"
            + " JOIN INFORMATION_SCHEMA.ENUM_VALUES ev ON ev.OBJECT_SCHEMA = col.TABLE_SCHEMA"
            + " AND ev.OBJECT_NAME = col.TABLE_NAME AND ev.OBJECT_TYPE = 'TABLE'"
            + " AND ev.ENUM_IDENTIFIER = col.DTD_IDENTIFIER"
            + " WHERE col.TABLE_SCHEMA = ? AND col.TABLE_NAME = ?"
            + " ORDER BY col.ORDINAL_POSITION, ev.VALUE_ORDINAL";

    H2() {
      super(TABLE_CHECKS, DOMAIN_CHECKS, ENUMS, null);
    }

    @Override
    public boolean untypedLiteralsTakeColumnType() {
      return true;
    }
  }

  /**
   * A backend whose constraints come from catalog queries, each taking {@code (schema, table)}:
   * table CHECKs {@code (name, text)}, domain CHECKs {@code (column, domain, name, text)}, enum
   * labels {@code (column, label)} in order, and optionally domain base types {@code (column, base
   * type)}.
   */
  abstract class Queried implements BackendConstraints {
    private final String tableChecks;
    private final String domainChecks;
    private final String enums;
    private final String domainBases;

    Queried(String tableChecks, String domainChecks, String enums, String domainBases) {
      this.tableChecks = tableChecks;
      this.domainChecks = domainChecks;
      this.enums = enums;
      this.domainBases = domainBases;
    }

    @Override
    public List<Check> checks(Connection c, String schema, String table) throws SQLException {
      List<Check> out = new ArrayList<>();
      for (String[] row : query(c, tableChecks, schema, table, 2)) {
        out.add(new Check("CHECK constraint " + row[0], row[1], null));
      }
      for (String[] row : query(c, domainChecks, schema, table, 4)) {
        out.add(new Check("domain " + row[1] + " CHECK " + row[2], row[3], row[0]));
      }
      return out;
    }

    @Override
    public Map<String, List<String>> enumLabels(Connection c, String schema, String table)
        throws SQLException {
      Map<String, List<String>> out = new LinkedHashMap<>();
      for (String[] row : query(c, enums, schema, table, 2)) {
        out.computeIfAbsent(row[0], k -> new ArrayList<>()).add(row[1]);
      }
      return out;
    }

    @Override
    public Map<String, String> domainBaseTypes(Connection c, String schema, String table)
        throws SQLException {
      if (domainBases == null) {
        return Map.of();
      }
      Map<String, String> out = new LinkedHashMap<>();
      for (String[] row : query(c, domainBases, schema, table, 2)) {
        out.put(row[0], row[1]);
      }
      return out;
    }
  }

  private static List<String[]> query(
      Connection c, String sql, String schema, String table, int width) throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String[] row = new String[width];
          for (int i = 0; i < width; i++) {
            row[i] = rs.getString(i + 1);
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }
}
