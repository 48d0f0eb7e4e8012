package dev.dpjdbc.driver.catalog;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The objects a stored parse tree names, by OID, and the verdict of {@link CatalogRules} on them.
 *
 * <p>Read from the tree: every relation with the column numbers PostgreSQL's permission check
 * records for it ({@code selectedCols}, stored as {@code attnum -
 * FirstLowInvalidHeapAttributeNumber} with that constant −7 since PostgreSQL 12; column 0 is a
 * whole-row reference); every function, aggregate, window function and table-sample handler (the
 * fields ending in {@code funcid} or {@code fnoid}, and {@code tsmhandler}); every operator (sort
 * and equality operators included); every domain a value is coerced to. A sequence's {@code
 * nextval} in the tree is refused outright.
 */
final class PgTreeObjects {
  private static final int FIRST_LOW_INVALID_ATTNUM = -7;

  private final Map<Long, Set<Integer>> relations = new HashMap<>();
  private final Set<Long> functions = new LinkedHashSet<>();
  private final Set<Long> operators = new LinkedHashSet<>();
  private final Set<Long> domains = new LinkedHashSet<>();
  private boolean nextval;
  private boolean usesSize;
  private final Map<String, String> masked = new java.util.TreeMap<>();
  private final Set<String> informationSchema = new java.util.TreeSet<>();

  private PgTreeObjects() {}

  /** The objects of {@code tree}, leaving out the probe view {@code self}. */
  static PgTreeObjects of(Object tree, long self) {
    PgTreeObjects o = new PgTreeObjects();
    PgNodeTree.forEachNode(tree, n -> o.visit(n, self));
    return o;
  }

  private void visit(PgNodeTree.Node n, long self) {
    String relid = n.token("relid");
    // RTE (PostgreSQL 14), RANGETBLENTRY (15), RTEPERMISSIONINFO (16+): every node naming a relid
    // counts, unless it is a range-table entry of another kind (rtekind 0 = RTE_RELATION)
    String rtekind = n.token("rtekind");
    boolean relationEntry = rtekind == null || rtekind.equals("0");
    if (relid != null && relationEntry && Long.parseLong(relid) != self) {
      Set<Integer> cols = relations.computeIfAbsent(Long.parseLong(relid), k -> new HashSet<>());
      List<?> selected = n.list("selectedCols");
      for (int i = 1; i < selected.size(); i++) { // item 0 is the list kind "b"
        cols.add(Integer.parseInt((String) selected.get(i)) + FIRST_LOW_INVALID_ATTNUM);
      }
    }
    for (Map.Entry<String, Object> f : n.fields().entrySet()) {
      String name = f.getKey();
      if (name.endsWith("funcid") || name.endsWith("fnoid") || name.equals("tsmhandler")) {
        addOids(functions, f.getValue());
      } else if (name.equals("opno")
          || name.equals("opnos")
          || name.equals("sortop")
          || name.equals("eqop")) {
        addOids(operators, f.getValue());
      }
    }
    if (n.type().equals("COERCETODOMAIN")) {
      addOids(domains, n.fields().get("resulttype"));
    }
    if (n.type().equals("NEXTVALUEEXPR")) {
      nextval = true;
    }
  }

  private static void addOids(Set<Long> into, Object value) {
    if (value instanceof String s) {
      if (!s.equals("<>") && s.chars().allMatch(Character::isDigit) && Long.parseLong(s) != 0) {
        into.add(Long.parseLong(s));
      }
    } else if (value instanceof List<?> list) {
      list.forEach(v -> addOids(into, v));
    }
  }

  /** True when a size function was found and allowed to be answered as NULL. */
  boolean usesSizeFunctions() {
    return usesSize;
  }

  /**
   * Looks every object up on {@code catalog} in one round trip and refuses (42501, naming the
   * object) anything {@link CatalogRules} does not allow. With {@code mayNull}, size functions are
   * noted instead.
   */
  void judge(Connection catalog, boolean mayNull) throws SQLException {
    if (nextval) {
      throw refuse("the statement advances a sequence (nextval)");
    }
    Catalog found = Catalog.read(catalog, relations.keySet(), operators, functions, domains);
    boolean readsCatalog = false;
    for (long oid : relations.keySet()) {
      String[] r = found.rows().get(Catalog.RELATION + oid);
      readsCatalog |= r != null && systemSchema(r[0]);
    }
    try {
      judge(found, mayNull);
    } catch (SQLException e) {
      if (readsCatalog && AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code().equals(e.getSQLState())) {
        throw new PgParseCheck.CatalogStatementRefused(e.getMessage());
      }
      throw e;
    }
  }

  private void judge(Catalog found, boolean mayNull) throws SQLException {
    for (long oid : relations.keySet()) {
      String[] r = found.row(Catalog.RELATION, oid);
      judgeRelation(r);
      if (r[0].equals(CatalogRules.INFORMATION_SCHEMA)) {
        informationSchema.add(r[1]);
      }
    }
    for (long oid : operators) {
      String[] op = found.row(Catalog.OPERATOR, oid);
      if (!systemSchema(op[0])) {
        throw refuse("operator " + op[0] + "." + op[1] + " is not a built-in operator");
      }
      judgeFunction(found.row(Catalog.FUNCTION, Long.parseLong(op[2])), mayNull);
    }
    for (long oid : functions) {
      judgeFunction(found.row(Catalog.FUNCTION, oid), mayNull);
    }
    for (long oid : domains) {
      String[] t = found.row(Catalog.TYPE, oid);
      if (!systemSchema(t[0])) {
        throw refuse("domain " + t[0] + "." + t[1] + " is not a built-in type");
      }
    }
    for (Map.Entry<Long, Set<Integer>> rel : relations.entrySet()) {
      judgeColumns(found, rel.getKey(), rel.getValue(), mayNull);
    }
  }

  /**
   * Refuses (or, with {@code mayNull}, notes for masking) a relation read for a masked column or as
   * a whole row.
   */
  private void judgeColumns(Catalog found, long oid, Set<Integer> cols, boolean mayNull)
      throws SQLException {
    String[] r = found.row(Catalog.RELATION, oid);
    if (!r[0].equals(CatalogRules.PG_CATALOG)) {
      return;
    }
    List<String[]> attributes = found.columns(oid);
    boolean masks = false;
    boolean reads = false;
    for (String[] a : attributes) {
      if (CatalogRules.masked(r[1], a[1])) {
        masks = true;
        reads |= cols.contains(0) || cols.contains(Integer.parseInt(a[0]));
      }
    }
    if (!reads) {
      return;
    }
    if (!mayNull) {
      throw refuse(
          "pg_catalog."
              + r[1]
              + " is read for a column that is a statistic of the data or a secret (row and page"
              + " counts, scan and tuple counters, connection strings), whatever it is called (a"
              + " whole-row reference includes them); select the other columns");
    }
    if (masks) {
      masked.put(r[1], ProbeText.maskedRelation(r[1], attributes));
    }
  }

  /** The names of the information_schema relations the statement reads (after {@link #judge}). */
  Set<String> informationSchemaRelations() {
    return informationSchema;
  }

  /** Relations to replace by a subquery with NULL in their masked columns: name -> subquery. */
  Map<String, String> maskedRelations() {
    return masked;
  }

  private static void judgeRelation(String[] r) throws SQLException {
    String name = r[0] + "." + r[1];
    if (r[0].equals(CatalogRules.INFORMATION_SCHEMA)) {
      return;
    }
    if (!r[0].equals(CatalogRules.PG_CATALOG)) {
      throw refuse(
          name
              + " is not a system catalog: dpjdbc answers queries over it only as aggregates"
              + " with noise (e.g. SELECT COUNT(*) FROM "
              + name
              + ")");
    }
    if (!CatalogRules.allowedRelation(r[1], r[2])) {
      throw refuse(
          name
              + " exposes statistics, activity, settings or secrets, which dpjdbc does not pass"
              + " through");
    }
  }

  private void judgeFunction(String[] f, boolean mayNull) throws SQLException {
    String name = f[0] + "." + f[1];
    if (!systemSchema(f[0])) {
      throw refuse("function " + name + " is not a built-in catalog function");
    }
    if (f[3].equals("true")) {
      throw refuse("function " + name + " runs with its owner's rights (SECURITY DEFINER)");
    }
    if (CatalogRules.SIZE_FUNCTIONS.contains(f[1])
        || CatalogRules.STATISTICS_FUNCTIONS.containsKey(f[1])) {
      if (!mayNull) {
        throw refuse("function " + name + " reports the size of data or a statistic of it");
      }
      usesSize = true; // answered as NULL by the caller
      return;
    }
    if (f[2].equals("i") || CatalogRules.ALLOWED_NON_IMMUTABLE.contains(f[1])) {
      return;
    }
    throw refuse(
        "function "
            + name
            + " is not a catalog helper dpjdbc passes through (it may read statistics, server"
            + " state, files or other sessions)");
  }

  /** The catalog rows of every object a tree names, read in one round trip. */
  private record Catalog(Map<String, String[]> rows, Map<Long, List<String[]>> attributes) {
    static final String RELATION = "r";
    static final String OPERATOR = "o";
    static final String FUNCTION = "f";
    static final String TYPE = "t";

    private static final String SQL =
        "SELECT 'r', c.oid::int8, n.nspname::text, c.relname::text, c.relkind::text, NULL"
            + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
            + " ON n.oid = c.relnamespace WHERE c.oid::int8 = ANY(?)"
            + " UNION ALL SELECT 'o', o.oid::int8, n.nspname::text, o.oprname::text,"
            + " o.oprcode::oid::int8::text, NULL FROM pg_catalog.pg_operator o"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace"
            + " WHERE o.oid::int8 = ANY(?)"
            + " UNION ALL SELECT 'f', p.oid::int8, n.nspname::text, p.proname::text,"
            + " p.provolatile::text, p.prosecdef::text FROM pg_catalog.pg_proc p"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace"
            + " WHERE p.oid::int8 = ANY(?) OR p.oid IN (SELECT o.oprcode::oid"
            + " FROM pg_catalog.pg_operator o WHERE o.oid::int8 = ANY(?))"
            + " UNION ALL SELECT 't', t.oid::int8, n.nspname::text, t.typname::text, NULL, NULL"
            + " FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n"
            + " ON n.oid = t.typnamespace WHERE t.oid::int8 = ANY(?)"
            + " UNION ALL SELECT 'a', a.attrelid::int8, a.attnum::text, a.attname::text,"
            + " pg_catalog.format_type(a.atttypid, a.atttypmod), NULL"
            + " FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
            + " WHERE a.attrelid::int8 = ANY(?) AND a.attnum > 0 AND NOT a.attisdropped"
            + " AND c.relnamespace = 'pg_catalog'::pg_catalog.regnamespace";

    static Catalog read(Connection c, Set<Long> rels, Set<Long> ops, Set<Long> fns, Set<Long> types)
        throws SQLException {
      Map<String, String[]> rows = new HashMap<>();
      Map<Long, List<String[]>> attributes = new HashMap<>();
      try (PreparedStatement ps = c.prepareStatement(SQL)) {
        ps.setArray(1, c.createArrayOf("int8", rels.toArray()));
        ps.setArray(2, c.createArrayOf("int8", ops.toArray()));
        ps.setArray(3, c.createArrayOf("int8", fns.toArray()));
        ps.setArray(4, c.createArrayOf("int8", ops.toArray()));
        ps.setArray(5, c.createArrayOf("int8", types.toArray()));
        ps.setArray(6, c.createArrayOf("int8", rels.toArray()));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            if (rs.getString(1).equals("a")) {
              attributes
                  .computeIfAbsent(rs.getLong(2), k -> new ArrayList<>())
                  .add(new String[] {rs.getString(3), rs.getString(4), rs.getString(5)});
            } else {
              rows.put(
                  rs.getString(1) + rs.getLong(2),
                  new String[] {
                    rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)
                  });
            }
          }
        }
      }
      return new Catalog(rows, attributes);
    }

    /** The columns of a pg_catalog relation in attnum order: attnum, name, type. */
    List<String[]> columns(long oid) {
      List<String[]> cols = new ArrayList<>(attributes.getOrDefault(oid, List.of()));
      cols.sort(java.util.Comparator.comparingInt(a -> Integer.parseInt(a[0])));
      return cols;
    }

    /** The row of one object; an OID the catalog does not show is refused. */
    String[] row(String kind, long oid) throws SQLException {
      String[] r = rows.get(kind + oid);
      if (r == null) {
        throw refuse("the statement uses an object (OID " + oid + ") the catalog does not show");
      }
      return r;
    }
  }

  private static boolean systemSchema(String nsp) {
    return nsp.equals(CatalogRules.PG_CATALOG) || nsp.equals(CatalogRules.INFORMATION_SCHEMA);
  }

  private static SQLException refuse(String why) {
    return new SQLException(why, AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }
}
