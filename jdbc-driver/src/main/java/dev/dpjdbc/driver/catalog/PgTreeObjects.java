package dev.dpjdbc.driver.catalog;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
  private static final long PG_CLASS = 1259; // a bootstrap OID, the same in every release
  private static final int FIRST_LOW_INVALID_ATTNUM = -7;

  private final Map<Long, Set<Integer>> relations = new HashMap<>();
  private final Set<Long> functions = new LinkedHashSet<>();
  private final Set<Long> operators = new LinkedHashSet<>();
  private final Set<Long> domains = new LinkedHashSet<>();
  private boolean nextval;
  private boolean usesSize;

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
   * Looks every object up on {@code catalog} and refuses (42501, naming the object) anything {@link
   * CatalogRules} does not allow. With {@code mayNull}, size functions are noted instead.
   */
  void judge(Connection catalog, boolean mayNull) throws SQLException {
    if (nextval) {
      throw refuse("the statement advances a sequence (nextval)");
    }
    judgeRelations(catalog);
    Map<Long, String[]> ops =
        lookup(
            catalog,
            "SELECT o.oid::int8, n.nspname, o.oprname FROM pg_catalog.pg_operator o"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace"
                + " WHERE o.oid::int8 = ANY(?)",
            operators);
    for (String[] op : ops.values()) {
      if (!systemSchema(op[0])) {
        throw refuse("operator " + op[0] + "." + op[1] + " is not a built-in operator");
      }
    }
    Set<Long> procs = new LinkedHashSet<>(functions);
    procs.addAll(operatorFunctions(catalog));
    Map<Long, String[]> fns =
        lookup(
            catalog,
            "SELECT p.oid::int8, n.nspname, p.proname, p.provolatile::text, p.prosecdef::text"
                + " FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n"
                + " ON n.oid = p.pronamespace WHERE p.oid::int8 = ANY(?)",
            procs);
    for (String[] f : fns.values()) {
      judgeFunction(f, mayNull);
    }
    Map<Long, String[]> types =
        lookup(
            catalog,
            "SELECT t.oid::int8, n.nspname, t.typname FROM pg_catalog.pg_type t"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace"
                + " WHERE t.oid::int8 = ANY(?)",
            domains);
    for (String[] t : types.values()) {
      if (!systemSchema(t[0])) {
        throw refuse("domain " + t[0] + "." + t[1] + " is not a built-in type");
      }
    }
  }

  private void judgeRelations(Connection catalog) throws SQLException {
    Map<Long, String[]> rels =
        lookup(
            catalog,
            "SELECT c.oid::int8, n.nspname, c.relname, c.relkind::text FROM pg_catalog.pg_class c"
                + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.oid::int8 = ANY(?)",
            relations.keySet());
    for (String[] r : rels.values()) {
      String name = r[0] + "." + r[1];
      if (r[0].equals(CatalogRules.INFORMATION_SCHEMA)) {
        continue;
      }
      if (!r[0].equals(CatalogRules.PG_CATALOG)) {
        throw refuse(
            name
                + " is not a system catalog: dpjdbc answers queries over it only as aggregates"
                + " with noise (e.g. SELECT COUNT(*) FROM "
                + name
                + ")");
      }
      boolean allowed =
          r[2].equals("r")
              ? !CatalogRules.DENIED_TABLES.contains(r[1])
              : CatalogRules.ALLOWED_VIEWS.contains(r[1]);
      if (!allowed) {
        throw refuse(
            name
                + " exposes statistics, activity, settings or secrets, which dpjdbc does not pass"
                + " through");
      }
    }
    Set<Integer> cols = relations.get(PG_CLASS);
    if (cols != null && !cols.isEmpty()) {
      Set<Integer> denied = statisticsColumns(catalog);
      for (int attnum : cols) {
        if (attnum == 0 || denied.contains(attnum)) {
          throw refuse(
              "pg_class.reltuples, relpages and relallvisible are statistics of the data (row and"
                  + " page counts) and are not passed through, whatever they are called (a"
                  + " whole-row reference to pg_class includes them); select the other columns");
        }
      }
    }
  }

  private static void judgeFunction(String[] f, boolean mayNull) throws SQLException {
    String name = f[0] + "." + f[1];
    if (!systemSchema(f[0])) {
      throw refuse("function " + name + " is not a built-in catalog function");
    }
    if (f[3].equals("true")) {
      throw refuse("function " + name + " runs with its owner's rights (SECURITY DEFINER)");
    }
    if (CatalogRules.SIZE_FUNCTIONS.contains(f[1]) && mayNull) {
      return; // answered as NULL by the caller
    }
    if (f[2].equals("i") && !CatalogRules.SIZE_FUNCTIONS.contains(f[1])) {
      return;
    }
    if (!CatalogRules.ALLOWED_NON_IMMUTABLE.contains(f[1])) {
      throw refuse(
          "function "
              + name
              + " is not a catalog helper dpjdbc passes through (it may read statistics, server"
              + " state, files or other sessions)");
    }
  }

  private Set<Long> operatorFunctions(Connection catalog) throws SQLException {
    Map<Long, String[]> codes =
        lookup(
            catalog,
            "SELECT o.oid::int8, o.oprcode::oid::int8::text FROM pg_catalog.pg_operator o"
                + " WHERE o.oid::int8 = ANY(?)",
            operators);
    Set<Long> out = new HashSet<>();
    codes.values().forEach(c -> out.add(Long.parseLong(c[0])));
    return out;
  }

  private static Set<Integer> statisticsColumns(Connection catalog) throws SQLException {
    Set<Integer> out = new HashSet<>();
    try (PreparedStatement ps =
        catalog.prepareStatement(
            "SELECT attnum FROM pg_catalog.pg_attribute WHERE attrelid = 1259 AND attname::text"
                + " = ANY(?)")) {
      ps.setArray(1, catalog.createArrayOf("text", CatalogRules.PG_CLASS_STATISTICS.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getInt(1));
        }
      }
    }
    return out;
  }

  /**
   * Rows of {@code sql} (first column the OID, the rest as text) for {@code oids}; an OID that is
   * not found is refused, since the tree named something the catalog does not show.
   */
  private Map<Long, String[]> lookup(Connection catalog, String sql, Set<Long> oids)
      throws SQLException {
    Map<Long, String[]> out = new HashMap<>();
    if (oids.isEmpty()) {
      return out;
    }
    try (PreparedStatement ps = catalog.prepareStatement(sql)) {
      Array array = catalog.createArrayOf("int8", oids.toArray());
      ps.setArray(1, array);
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String[] row = new String[n - 1];
          for (int i = 2; i <= n; i++) {
            row[i - 2] = rs.getString(i);
          }
          out.put(rs.getLong(1), row);
        }
      }
    }
    for (long oid : oids) {
      if (!out.containsKey(oid)) {
        throw refuse("the statement uses an object (OID " + oid + ") the catalog does not show");
      }
    }
    if (sql.contains("pg_proc")) {
      for (Map.Entry<Long, String[]> e : out.entrySet()) {
        if (CatalogRules.SIZE_FUNCTIONS.contains(e.getValue()[1])) {
          usesSize = true;
        }
      }
    }
    return out;
  }

  private static boolean systemSchema(String nsp) {
    return nsp.equals(CatalogRules.PG_CATALOG) || nsp.equals(CatalogRules.INFORMATION_SCHEMA);
  }

  private static SQLException refuse(String why) {
    return new SQLException(why, AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }
}
