package dev.dpjdbc.driver.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Makes a checked catalog statement answer privilege questions for the <em>data role</em> (the
 * backend login that reads the policy's tables) instead of the catalog role that runs it. The
 * catalog role has, by design, no privilege on any user table, so PostgreSQL's own filters by the
 * current role ({@code has_table_privilege(t, 'SELECT')}, the {@code information_schema} views)
 * would show an analyst no table at all.
 *
 * <p>Two rewrites of PostgreSQL's deparsed text of a statement that already passed the check:
 *
 * <ol>
 *   <li>Every current-user form of a privilege function ({@link #CURRENT_USER_ARITY}: {@code
 *       has_table_privilege(t, p)}, {@code has_column_privilege(t, c, p)}, {@code pg_has_role(r,
 *       p)}, …) becomes its explicit-user form with the data role's name as a {@code name} literal
 *       first; an explicit form whose user is {@code CURRENT_USER}/{@code SESSION_USER}/{@code
 *       CURRENT_ROLE} gets the data role's name instead.
 *   <li>Every reference to an {@code information_schema} view of {@link #VIEWS} (written {@code
 *       information_schema.name}, as PostgreSQL prints it unless the search path includes the
 *       schema) becomes a subquery of the view's own definition, read at run time with {@code
 *       pg_get_viewdef}, so it fits whatever PostgreSQL release runs; {@code pg_authid} in those
 *       definitions (not readable by the catalog role) becomes {@code pg_roles} (the same {@code
 *       oid} and {@code rolname}, password masked).
 * </ol>
 *
 * <p>The caller checks the whole rewritten text again exactly like the original: nothing here is
 * trusted. The privilege functions read only the ACLs of the catalog (whether the data role may
 * read a table), never a row of it, and the catalog role still cannot read a user table. {@code
 * current_user} and {@code session_user} themselves are left alone: they keep naming the catalog
 * role, the login the statement really runs on.
 */
final class DataRoleView {
  private DataRoleView() {}

  /** Privilege functions and the argument count of their current-user form. */
  static final Map<String, Integer> CURRENT_USER_ARITY =
      Map.ofEntries(
          Map.entry("has_table_privilege", 2),
          Map.entry("has_any_column_privilege", 2),
          Map.entry("has_column_privilege", 3),
          Map.entry("has_schema_privilege", 2),
          Map.entry("has_database_privilege", 2),
          Map.entry("has_sequence_privilege", 2),
          Map.entry("has_function_privilege", 2),
          Map.entry("has_language_privilege", 2),
          Map.entry("has_foreign_data_wrapper_privilege", 2),
          Map.entry("has_server_privilege", 2),
          Map.entry("has_tablespace_privilege", 2),
          Map.entry("has_type_privilege", 2),
          Map.entry("pg_has_role", 2));

  /** How PostgreSQL prints the session-user expressions in a deparsed text. */
  private static final Set<String> SESSION_USERS =
      Set.of("current_user", "session_user", "current_role", "user");

  /**
   * The {@code information_schema} views that filter their rows by the current role's privileges
   * and are answered as the data role would see them.
   */
  static final Set<String> VIEWS =
      Set.of(
          "tables",
          "columns",
          "views",
          "schemata",
          "table_constraints",
          "key_column_usage",
          "referential_constraints",
          "constraint_column_usage",
          "constraint_table_usage",
          "check_constraints",
          "table_privileges",
          "column_privileges",
          "role_table_grants",
          "role_column_grants",
          "enabled_roles",
          "applicable_roles",
          "sequences",
          "triggers",
          "routines",
          "parameters",
          "element_types",
          "column_udt_usage",
          "view_table_usage",
          "view_column_usage");

  /**
   * {@code sql} with the views of {@link #VIEWS} among {@code read} inlined and every privilege
   * function asked for {@code role}; {@code sql} itself when nothing applies.
   */
  static String rewrite(Connection catalog, String sql, Set<String> read, String role)
      throws SQLException {
    String text = sql;
    if (read.stream().anyMatch(VIEWS::contains)) {
      // a definition may name another view of the list (role_table_grants reads table_privileges
      // and enabled_roles): inlined in turn, a few levels deep
      for (int depth = 0; depth < 4; depth++) {
        Map<String, String> subqueries = new TreeMap<>();
        for (String view : VIEWS) {
          String name = CatalogRules.INFORMATION_SCHEMA + "." + view;
          if (text.contains(name)) {
            subqueries.put(name, definition(catalog, view));
          }
        }
        String next = subqueries.isEmpty() ? text : ProbeText.maskRelations(text, subqueries);
        if (next.equals(text)) {
          break;
        }
        text = next;
      }
    }
    return forRole(text, role);
  }

  private static String definition(Connection catalog, String view) throws SQLException {
    try (PreparedStatement ps =
        catalog.prepareStatement(
            "SELECT pg_catalog.pg_get_viewdef(pg_catalog.to_regclass(?), false)")) {
      ps.setString(1, CatalogRules.INFORMATION_SCHEMA + "." + view);
      try (ResultSet rs = ps.executeQuery()) {
        String def = rs.next() ? rs.getString(1) : null;
        if (def == null) {
          throw new SQLException("no definition of information_schema." + view, "42P01");
        }
        String body = ProbeText.withoutTrailingSemicolon(def);
        body = ProbeText.maskRelations(body, Map.of("pg_authid", "pg_catalog.pg_roles"));
        return "(" + body + "\n)";
      }
    }
  }

  /**
   * {@code sql} (PostgreSQL's own deparse) with each privilege function of {@link
   * #CURRENT_USER_ARITY} asked for {@code role}: see the class comment. Quotes, parentheses and
   * brackets are followed as PostgreSQL prints them.
   */
  static String forRole(String sql, String role) throws SQLException {
    String literal = ProbeText.quote(role) + "::name";
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        int end = ProbeText.skipQuoted(sql, i);
        out.append(sql, i, end);
        i = end;
        continue;
      }
      if (ProbeText.isIdentStart(c) && (i == 0 || !ProbeText.isIdentPart(sql.charAt(i - 1)))) {
        int end = i;
        while (end < sql.length()
            && (ProbeText.isIdentPart(sql.charAt(end)) || sql.charAt(end) == '.')) {
          end++;
        }
        String word = sql.substring(i, end);
        String bare = word.startsWith("pg_catalog.") ? word.substring(11) : word;
        Integer arity = CURRENT_USER_ARITY.get(bare);
        out.append(word);
        i = end;
        if (arity != null && i < sql.length() && sql.charAt(i) == '(') {
          int close = ProbeText.closingParen(sql, i);
          java.util.List<int[]> args = arguments(sql, i + 1, close);
          out.append('(');
          i++;
          if (args.size() == arity) {
            out.append(literal).append(", ");
          } else if (args.size() == arity + 1) {
            int[] first = args.get(0);
            String user = sql.substring(first[0], first[1]).strip().toLowerCase(Locale.ROOT);
            if (SESSION_USERS.contains(user)) {
              out.append(literal);
              i = first[1];
            }
          }
        }
        continue;
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  /** The top-level arguments between {@code from} and {@code to}: start and end of each. */
  private static java.util.List<int[]> arguments(String sql, int from, int to) {
    java.util.List<int[]> args = new java.util.ArrayList<>();
    if (sql.substring(from, to).isBlank()) {
      return args;
    }
    int depth = 0;
    int start = from;
    int i = from;
    while (i < to) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        i = ProbeText.skipQuoted(sql, i);
        continue;
      }
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(new int[] {start, i});
        start = i + 1;
      }
      i++;
    }
    args.add(new int[] {start, to});
    return args;
  }
}
