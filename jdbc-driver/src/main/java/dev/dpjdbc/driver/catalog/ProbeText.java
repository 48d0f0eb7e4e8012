package dev.dpjdbc.driver.catalog;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.postgresql.core.NativeQuery;

/**
 * The SQL texts {@link PgParseCheck} sends. None of them is trusted to mean what it seems: each is
 * parsed by PostgreSQL, and only PostgreSQL's own re-serialisation of what it parsed is run. A
 * mistake here therefore costs a refusal or a wrong catalog answer, never an unchecked statement.
 */
final class ProbeText {
  private ProbeText() {}

  /**
   * {@code query}'s text with each {@code $n} (at the positions pgJDBC found) replaced by a literal
   * of the bound value cast to the type PostgreSQL inferred for the parameter.
   */
  static String substitute(NativeQuery query, List<Object> params, List<String> types)
      throws SQLException {
    StringBuilder sql = new StringBuilder(query.nativeSql);
    int[] positions = query.bindPositions;
    for (int i = positions.length - 1; i >= 0; i--) {
      int start = positions[i];
      int end = start + 1;
      while (end < sql.length() && Character.isDigit(sql.charAt(end))) {
        end++;
      }
      int number = Integer.parseInt(sql.substring(start + 1, end));
      if (number < 1 || number > params.size()) {
        throw new SQLException(
            "parameter $" + number + " has no bound value",
            AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
      }
      sql.replace(start, end, typed(params.get(number - 1), types.get(number - 1)));
    }
    return sql.toString();
  }

  private static String typed(Object bound, String type) throws SQLException {
    Object value = dev.dpjdbc.driver.execute.Parameters.plain(bound); // SQL NULL, untyped text
    String literal = value == null ? "NULL" : quote(render(value));
    if (type == null || type.isBlank() || type.equals("unknown") || type.equals("unspecified")) {
      return "(" + literal + ")";
    }
    return "CAST(" + literal + " AS \"" + type.replace("\"", "\"\"") + "\")";
  }

  private static String render(Object value) {
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof byte[] bytes) {
      return "\\x" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof Boolean b) {
      return b ? "true" : "false";
    }
    return String.valueOf(value);
  }

  /** A standard string literal ({@code standard_conforming_strings} is pinned on). */
  static String quote(String s) throws SQLException {
    if (s.indexOf('\0') >= 0) {
      throw new SQLException(
          "a parameter value contains a NUL character, which PostgreSQL text cannot hold", "22021");
    }
    return "'" + s.replace("'", "''") + "'";
  }

  /**
   * {@code SELECT q.c1, q.c2::text, ... FROM (sql) q(c1, ..., cn)}: the columns whose type is in
   * {@code pseudo} as text, the others as they are. PostgreSQL parses the whole text and its tree
   * is what is checked, so the wrapper cannot hide anything from the check.
   */
  static String pseudoAsText(String sql, List<String> types, Set<String> pseudo) {
    StringBuilder select = new StringBuilder("SELECT ");
    StringBuilder names = new StringBuilder();
    for (int i = 1; i <= types.size(); i++) {
      select.append(i > 1 ? ", " : "").append("q.c").append(i);
      if (pseudo.contains(types.get(i - 1))) {
        select.append("::text");
      }
      names.append(i > 1 ? ", " : "").append('c').append(i);
    }
    return select + " FROM (" + sql + "\n) q(" + names + ")";
  }

  /** {@code CREATE TEMP VIEW name (c1, ..., cn) AS sql}. */
  static String createView(String name, int columns, String sql) {
    StringBuilder b = new StringBuilder("CREATE TEMP VIEW ").append(name);
    if (columns > 0) {
      b.append(" (");
      for (int i = 1; i <= columns; i++) {
        b.append(i > 1 ? ", " : "").append('c').append(i);
      }
      b.append(')');
    }
    return b.append(" AS ").append(sql).toString();
  }

  static String withoutTrailingSemicolon(String sql) {
    String s = sql.strip();
    while (s.endsWith(";")) {
      s = s.substring(0, s.length() - 1).strip();
    }
    return s;
  }

  /**
   * {@code sql} (PostgreSQL's own deparse) with every call of a function in {@code names},
   * qualified with {@code pg_catalog.} or not, replaced by {@code NULL::bigint}. Quotes and
   * parentheses are followed as PostgreSQL prints them; the caller checks the result again.
   */
  static String nullCalls(String sql, Set<String> names) throws SQLException {
    java.util.Map<String, String> types = new java.util.HashMap<>();
    names.forEach(n -> types.put(n, "bigint"));
    return nullCalls(sql, types);
  }

  /**
   * {@code sql} with every call of a function in {@code types}, qualified with {@code pg_catalog.}
   * or not, replaced by {@code NULL::<its type>}; see {@link #nullCalls(String, Set)}.
   */
  static String nullCalls(String sql, java.util.Map<String, String> types) throws SQLException {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        int end = skipQuoted(sql, i);
        out.append(sql, i, end);
        i = end;
        continue;
      }
      if (isIdentStart(c) && (i == 0 || !isIdentPart(sql.charAt(i - 1)))) {
        int end = i;
        while (end < sql.length() && (isIdentPart(sql.charAt(end)) || sql.charAt(end) == '.')) {
          end++;
        }
        String word = sql.substring(i, end);
        String bare = word.startsWith("pg_catalog.") ? word.substring(11) : word;
        if (types.containsKey(bare) && end < sql.length() && sql.charAt(end) == '(') {
          i = closingParen(sql, end) + 1;
          out.append("NULL::").append(types.get(bare));
          continue;
        }
        out.append(word);
        i = end;
        continue;
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  /**
   * {@code (SELECT "c1", ..., NULL::type AS "ck", ... FROM pg_catalog.relation)}: every column of
   * {@code columns} (attnum, name, type; in attnum order), the masked ones ({@link
   * CatalogRules#masked}) as NULL of their type.
   */
  static String maskedRelation(String relation, List<String[]> columns) {
    StringBuilder b = new StringBuilder("(SELECT ");
    for (int i = 0; i < columns.size(); i++) {
      String[] c = columns.get(i);
      String name = ident(c[1]);
      b.append(i > 0 ? ", " : "");
      if (CatalogRules.masked(relation, c[1])) {
        b.append("NULL::").append(c[2]).append(" AS ").append(name);
      } else {
        b.append(name);
      }
    }
    return b.append(" FROM pg_catalog.").append(ident(relation)).append(')').toString();
  }

  private static String ident(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** Words after a FROM item that start the next clause: they are not its alias. */
  private static final Set<String> NOT_AN_ALIAS =
      Set.of(
          "join",
          "left",
          "right",
          "full",
          "cross",
          "natural",
          "inner",
          "on",
          "using",
          "where",
          "group",
          "having",
          "window",
          "order",
          "limit",
          "offset",
          "fetch",
          "union",
          "intersect",
          "except",
          "for",
          "tablesample",
          "returning");

  /** Words after which a relation name is a FROM item. */
  private static final Set<String> FROM_ITEM_BEFORE = Set.of("from", "join", ",", "(");

  /**
   * {@code sql} (PostgreSQL's own deparse) with every FROM item naming a relation of {@code
   * subqueries} (bare or {@code pg_catalog.}-qualified; a key may also be a qualified name such as
   * {@code information_schema.tables}, matched as written) replaced by its subquery, keeping the
   * item's alias (or giving it the relation's name as alias). The caller checks the result again: a
   * reference this misses is refused there.
   */
  static String maskRelations(String sql, java.util.Map<String, String> subqueries) {
    StringBuilder out = new StringBuilder();
    String previous = "";
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        int end = skipQuoted(sql, i);
        out.append(sql, i, end);
        previous = sql.substring(i, end);
        i = end;
        continue;
      }
      if (isIdentStart(c)) {
        int end = i;
        while (end < sql.length() && (isIdentPart(sql.charAt(end)) || sql.charAt(end) == '.')) {
          end++;
        }
        String word = sql.substring(i, end);
        String bare = word.startsWith("pg_catalog.") ? word.substring(11) : word;
        String sub = subqueries.get(bare);
        if (sub != null && !word.equals(qualified(bare)) && namesCte(sql, bare)) {
          sub = null; // the bare name is the statement's CTE; PostgreSQL qualifies the catalog's
        }
        if (sub != null && FROM_ITEM_BEFORE.contains(previous.toLowerCase(java.util.Locale.ROOT))) {
          out.append(sub);
          if (!aliasFollows(sql, end)) {
            out.append(' ').append(bare.substring(bare.lastIndexOf('.') + 1));
          }
        } else {
          out.append(word);
        }
        previous = word;
        i = end;
        continue;
      }
      if (!Character.isWhitespace(c)) {
        previous = String.valueOf(c);
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  private static String qualified(String relation) {
    return "pg_catalog." + relation;
  }

  /** Whether {@code sql} defines a CTE named {@code name} (which then shadows the catalog's). */
  private static boolean namesCte(String sql, String name) {
    return java.util.regex.Pattern.compile(
            "(?is)(with|,)\\s*(recursive\\s+)?\"?"
                + java.util.regex.Pattern.quote(name)
                + "\"?\\s*(\\([^)]*\\)\\s*)?as\\s*(not\\s+)?(materialized\\s*)?\\(")
        .matcher(sql)
        .find();
  }

  private static boolean aliasFollows(String sql, int from) {
    int i = from;
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    if (i >= sql.length()) {
      return false;
    }
    if (sql.charAt(i) == '"') {
      return true;
    }
    if (!isIdentStart(sql.charAt(i))) {
      return false;
    }
    int end = i;
    while (end < sql.length() && isIdentPart(sql.charAt(end))) {
      end++;
    }
    return !NOT_AN_ALIAS.contains(sql.substring(i, end).toLowerCase(java.util.Locale.ROOT));
  }

  static int closingParen(String sql, int open) throws SQLException {
    int depth = 0;
    int i = open;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        i = skipQuoted(sql, i);
        continue;
      }
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
      i++;
    }
    throw new SQLException(
        "dpjdbc could not follow PostgreSQL's text of this statement, so it is refused",
        AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
  }

  static int skipQuoted(String sql, int start) {
    char q = sql.charAt(start);
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == q) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == q) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }

  static boolean isIdentStart(char c) {
    return Character.isLetter(c) || c == '_';
  }

  static boolean isIdentPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
