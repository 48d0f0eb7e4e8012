package dev.dpjdbc.analyze.bounds;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads {@link TableMeta} from a live backend: columns, primary and foreign keys through {@link
 * DatabaseMetaData}; unique keys through {@link UniqueKeys}; CHECK constraints, domains and enum
 * labels through {@link BackendConstraints}; type ranges from the column types. Results are cached
 * per table for the catalog's lifetime (the analyzer's) or until {@link #clear}; tables not found
 * are not cached.
 *
 * <p>Type-implied guarantees: {@code NUMERIC(p,s)} → |x| ≤ 10^(p−s) − 10^(−s) (for p ≤ 38);
 * SMALLINT → [−32768, 32767]; TINYINT → [−128, 127]; BOOLEAN → values {true, false}; enum → its
 * labels.
 *
 * <p>On PostgreSQL each table also gets a {@link CatalogWarrant} (read first, before the facts):
 * the fingerprint a statement compares in its own snapshot when its plan left a clamp out on the
 * strength of these facts, so that a plan cached before DDL fails instead of relying on a dropped
 * constraint (see {@code analyze.bounding.CatalogGuard}). Other uses of the cache (primary keys,
 * foreign keys, the error rule's facts) are not re-checked: after DDL call {@link #clear}.
 *
 * <p>Intervals of DATE, TIMESTAMP and TIMESTAMP WITH TIME ZONE columns (from CHECKs comparing them
 * with date and time constants) are in Calcite's units: days, or milliseconds, since 1970-01-01
 * ({@link DatetimeBounds}); the old analyzer aggregates numeric columns only and never reads them.
 */
public final class ConstraintCatalog {
  /**
   * Where catalog metadata is read: a connection per read, closed (given back to its pool) after
   * it, so that a backend restart or a terminated session costs one failed read, not the analyzer.
   */
  @FunctionalInterface
  public interface MetadataSource {
    Connection open() throws SQLException;
  }

  /**
   * How the backend names things, read once when the catalog is created.
   *
   * @param database the connection's database (its JDBC catalog), the first part of a three-part
   *     name {@code db.schema.table}
   * @param currentSchema the connection's current schema ({@code public} on PostgreSQL, {@code
   *     PUBLIC} on H2): where unqualified names are looked up
   * @param upperCaseIdentifiers the backend stores unquoted identifiers in upper case (H2) rather
   *     than lower case (PostgreSQL)
   */
  public record Naming(String database, String currentSchema, boolean upperCaseIdentifiers) {
    /**
     * Whether {@code name}, the first part of a three-part name as the parser resolved it (unquoted
     * names folded to lower case), names this connection's database, compared as the backend
     * compares names: exactly, after PostgreSQL's folding ({@code POSTGRES.public.t} is database
     * {@code postgres}, {@code "Postgres".public.t} is another one); on a backend that folds
     * unquoted names to upper case (H2), an unquoted name is compared in upper case.
     */
    public boolean isDatabase(String name, boolean quoted) {
      if (database == null) {
        return false;
      }
      if (!quoted && upperCaseIdentifiers) {
        return database.equals(name.toUpperCase(Locale.ROOT));
      }
      return database.equals(name);
    }
  }

  private final MetadataSource source;
  private final BackendConstraints backend;
  private final Naming naming;
  private final Map<String, Optional<TableMeta>> cache = new ConcurrentHashMap<>();
  private final PublicValues publicValues;

  /** Reads through one connection that the caller keeps open (and closes). */
  public ConstraintCatalog(Connection connection) throws SQLException {
    this(() -> NonClosing.wrap(connection));
  }

  /** Reads through a fresh connection from {@code source} for every table it loads. */
  public ConstraintCatalog(MetadataSource source) throws SQLException {
    this.source = source;
    this.publicValues = new PublicValues(source);
    try (Connection c = source.open()) {
      DatabaseMetaData md = c.getMetaData();
      this.backend = BackendConstraints.forProduct(md.getDatabaseProductName());
      this.naming = new Naming(c.getCatalog(), c.getSchema(), md.storesUpperCaseIdentifiers());
    }
  }

  /** How the backend names things (read when this catalog was created). */
  public Naming naming() {
    return naming;
  }

  /**
   * The table named {@code table} in {@code schema} (null = the connection's current schema). Names
   * match exactly first, then ignoring case, as PostgreSQL folds unquoted names and H2 stores them
   * upper-case.
   */
  public synchronized Optional<TableMeta> table(String schema, String table) throws SQLException {
    String key = schema + "\u0000" + table;
    Optional<TableMeta> hit = cache.get(key);
    if (hit == null) {
      hit = load(schema, table);
      if (hit.isPresent()) { // a missing table is looked up again: it may be created later
        cache.put(key, hit);
      }
    }
    return hit;
  }

  /** Forgets everything read so far (after DDL that changes columns or constraints). */
  public synchronized void clear() {
    cache.clear();
    publicValues.clear();
  }

  /** The values of public tables read for group domains, cached with this catalog. */
  PublicValues publicValues() {
    return publicValues;
  }

  private Optional<TableMeta> load(String schema, String table) throws SQLException {
    try (Connection connection = source.open()) {
      return load(connection, schema, table);
    }
  }

  private Optional<TableMeta> load(Connection connection, String schema, String table)
      throws SQLException {
    DatabaseMetaData md = connection.getMetaData();
    String wantSchema = schema != null ? schema : connection.getSchema();
    String[] found = null;
    try (ResultSet rs =
        md.getTables(
            null, null, null, new String[] {"TABLE", "VIEW", "BASE TABLE", "PARTITIONED TABLE"})) {
      List<String[]> candidates = new ArrayList<>();
      while (rs.next()) {
        candidates.add(new String[] {rs.getString("TABLE_SCHEM"), rs.getString("TABLE_NAME")});
      }
      found = pick(candidates, wantSchema, table, true);
      if (found == null) {
        found = pick(candidates, wantSchema, table, false);
      }
    }
    if (found == null) {
      return Optional.empty();
    }
    return Optional.of(read(connection, md, found[0], found[1]));
  }

  private static String[] pick(
      List<String[]> candidates, String schema, String table, boolean exact) {
    for (String[] c : candidates) {
      boolean s = schema == null || (exact ? schema.equals(c[0]) : schema.equalsIgnoreCase(c[0]));
      boolean t = exact ? table.equals(c[1]) : table.equalsIgnoreCase(c[1]);
      if (s && t) {
        return c;
      }
    }
    return null;
  }

  private TableMeta read(Connection connection, DatabaseMetaData md, String schema, String table)
      throws SQLException {
    // the fingerprint first: a change after it makes a statement's re-check fail, even if the
    // facts below were read after the change (never the other way round)
    CatalogWarrant warrant = backend.warrant(connection, schema, table);
    Map<String, List<String>> enums = backend.enumLabels(connection, schema, table);
    Map<String, String> domainBases = backend.domainBaseTypes(connection, schema, table);
    Map<String, ColumnMeta> columns = new LinkedHashMap<>();
    try (ResultSet rs = md.getColumns(null, schema, table, null)) {
      while (rs.next()) {
        if (!table.equals(rs.getString("TABLE_NAME"))
            || !schema.equals(rs.getString("TABLE_SCHEM"))) {
          continue; // getColumns takes patterns: '_' matches any character
        }
        String name = rs.getString("COLUMN_NAME");
        int jdbcType = rs.getInt("DATA_TYPE");
        if (domainBases.containsKey(name)) {
          jdbcType = baseJdbcType(domainBases.get(name), jdbcType);
        }
        columns.put(
            name,
            new ColumnMeta(
                name,
                jdbcType,
                rs.getString("TYPE_NAME").toLowerCase(Locale.ROOT),
                rs.getInt("COLUMN_SIZE"),
                rs.getInt("DECIMAL_DIGITS"),
                rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
                enums.get(name)));
      }
    }
    TreeMap<Short, String> pk = new TreeMap<>();
    try (ResultSet rs = md.getPrimaryKeys(null, schema, table)) {
      while (rs.next()) {
        pk.put(rs.getShort("KEY_SEQ"), rs.getString("COLUMN_NAME"));
      }
    }
    Map<String, TableMeta.ForeignKey> fks = new LinkedHashMap<>();
    try (ResultSet rs = md.getImportedKeys(null, schema, table)) {
      while (rs.next()) {
        String name = rs.getString("FK_NAME");
        TableMeta.ForeignKey fk =
            fks.computeIfAbsent(
                String.valueOf(name),
                k -> {
                  try {
                    return new TableMeta.ForeignKey(
                        new ArrayList<>(),
                        rs.getString("PKTABLE_SCHEM"),
                        rs.getString("PKTABLE_NAME"),
                        new ArrayList<>());
                  } catch (SQLException e) {
                    throw new IllegalStateException(e);
                  }
                });
        fk.columns().add(rs.getString("FKCOLUMN_NAME"));
        fk.refColumns().add(rs.getString("PKCOLUMN_NAME"));
      }
    }
    Map<String, Interval> intervals = new HashMap<>();
    Map<String, List<Object>> values = new HashMap<>();
    Map<String, String> valueSources = new HashMap<>();
    for (ColumnMeta c : columns.values()) {
      typeFacts(c, intervals, values, valueSources);
    }
    for (BackendConstraints.Check check : backend.checks(connection, schema, table)) {
      CheckParser.Facts facts = CheckParser.parse(check.text(), check.name(), check.valueColumn());
      facts
          .intervals()
          .forEach(
              (col, iv) ->
                  resolve(columns, col)
                      .ifPresent(c -> intervals.merge(c, iv, Interval::intersect)));
      facts
          .endpoints()
          .forEach(
              (col, ends) ->
                  resolve(columns, col)
                      .ifPresent(
                          c -> {
                            Interval iv =
                                DatetimeBounds.interval(
                                    columns.get(c),
                                    ends,
                                    backend.untypedLiteralsTakeColumnType(),
                                    check.name());
                            if (iv.lower() > Double.NEGATIVE_INFINITY
                                || iv.upper() < Double.POSITIVE_INFINITY) {
                              intervals.merge(c, iv, Interval::intersect);
                            }
                          }));
      facts
          .values()
          .forEach(
              (col, vs) ->
                  resolve(columns, col)
                      .ifPresent(
                          c -> {
                            List<Object> prior = values.get(c);
                            if (prior == null) {
                              values.put(c, vs);
                            } else {
                              LinkedHashSet<Object> both = new LinkedHashSet<>(prior);
                              both.retainAll(vs);
                              values.put(c, List.copyOf(both));
                            }
                            valueSources.put(c, check.name());
                          }));
    }
    List<TableMeta.ForeignKey> fkList = new ArrayList<>();
    fks.values()
        .forEach(
            fk ->
                fkList.add(
                    new TableMeta.ForeignKey(
                        List.copyOf(fk.columns()),
                        fk.refSchema(),
                        fk.refTable(),
                        List.copyOf(fk.refColumns()))));
    return new TableMeta(
        schema,
        table,
        columns,
        new ArrayList<>(pk.values()),
        UniqueKeys.read(connection, md, schema, table, columns.keySet()),
        fkList,
        intervals,
        values,
        valueSources,
        warrant);
  }

  /** JDBC type of a PostgreSQL base type name (for domain columns). */
  private static int baseJdbcType(String typname, int fallback) {
    return switch (typname) {
      case "int2" -> Types.SMALLINT;
      case "int4" -> Types.INTEGER;
      case "int8" -> Types.BIGINT;
      case "numeric" -> Types.NUMERIC;
      case "float4" -> Types.REAL;
      case "float8" -> Types.DOUBLE;
      case "bool" -> Types.BOOLEAN;
      case "text", "varchar", "bpchar" -> Types.VARCHAR;
      case "date" -> Types.DATE;
      case "timestamp" -> Types.TIMESTAMP;
      case "timestamptz" -> Types.TIMESTAMP_WITH_TIMEZONE;
      default -> fallback;
    };
  }

  private static Optional<String> resolve(Map<String, ColumnMeta> columns, String printed) {
    if (columns.containsKey(printed)) {
      return Optional.of(printed);
    }
    return columns.keySet().stream().filter(k -> k.equalsIgnoreCase(printed)).findFirst();
  }

  private static void typeFacts(
      ColumnMeta c,
      Map<String, Interval> intervals,
      Map<String, List<Object>> values,
      Map<String, String> valueSources) {
    String name = c.name();
    if (c.isEnum()) {
      values.put(name, List.copyOf(c.enumLabels()));
      valueSources.put(name, "enum type " + c.typeName());
      return;
    }
    if (c.isBoolean()) {
      values.put(name, List.of(Boolean.TRUE, Boolean.FALSE));
      valueSources.put(name, "BOOLEAN");
      return;
    }
    switch (c.jdbcType()) {
      case Types.SMALLINT -> intervals.put(name, Interval.of(-32768, 32767, "SMALLINT"));
      case Types.TINYINT -> intervals.put(name, Interval.of(-128, 127, "TINYINT"));
      case Types.NUMERIC, Types.DECIMAL -> {
        int p = c.precision();
        int s = c.scale();
        if (p > 0 && p <= 38 && s >= 0 && s <= p) {
          double max =
              BigDecimal.TEN.pow(p - s).subtract(BigDecimal.ONE.movePointLeft(s)).doubleValue();
          intervals.put(name, Interval.of(-max, max, "NUMERIC(" + p + "," + s + ")"));
        }
      }
      default -> {
        // no type-implied range
      }
    }
  }
}
