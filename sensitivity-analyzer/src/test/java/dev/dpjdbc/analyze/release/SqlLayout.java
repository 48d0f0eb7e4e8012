package dev.dpjdbc.analyze.release;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lays out generated SQL for review by changing whitespace only: each clause of each (sub)query on
 * its own line, subqueries indented, one select item per line, and the WHEN/ELSE/END of a CASE on
 * lines of their own. {@link #sameTokens} checks that a layout and the SQL it came from differ in
 * whitespace only. Works on SQL without string constants (the relational planner binds every
 * literal), so a token is a quoted identifier, a word, a number, {@code ?} or punctuation.
 */
final class SqlLayout {
  private SqlLayout() {}

  private static final Set<String> CLAUSES =
      Set.of(
          "FROM",
          "WHERE",
          "GROUP",
          "HAVING",
          "ORDER",
          "LIMIT",
          "OFFSET",
          "FETCH",
          "INNER",
          "LEFT",
          "RIGHT",
          "FULL",
          "CROSS",
          "UNION",
          "EXCEPT",
          "INTERSECT");

  /** A query or subquery being laid out. */
  private static final class Frame {
    final int indent;
    int parens; // open expression parentheses inside this query
    String clause = "SELECT";

    Frame(int indent) {
      this.indent = indent;
    }
  }

  /** A token and whether whitespace preceded it in the input. */
  private record Token(String text, boolean spaced) {
    String upper() {
      return text.toUpperCase(Locale.ROOT);
    }
  }

  static String pretty(String sql) {
    List<Token> tokens = tokens(sql);
    StringBuilder out = new StringBuilder();
    Deque<Frame> frames = new ArrayDeque<>();
    frames.push(new Frame(0));
    Deque<Integer> subqueryParens = new ArrayDeque<>(); // frames opened by "(" + SELECT
    Deque<Integer> cases = new ArrayDeque<>(); // indent of each open CASE's WHEN lines
    int lineIndent = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      String u = t.upper();
      Frame f = frames.peek();
      boolean queryLevel = f.parens == 0;
      if (u.equals("(")) {
        boolean subquery = i + 1 < tokens.size() && tokens.get(i + 1).upper().equals("SELECT");
        append(out, t);
        if (subquery) {
          frames.push(new Frame(lineIndent + 2));
          subqueryParens.push(frames.size());
          lineIndent = newline(out, lineIndent + 2);
        } else {
          f.parens++;
        }
        continue;
      }
      if (u.equals(")")) {
        if (queryLevel && !subqueryParens.isEmpty() && subqueryParens.peek() == frames.size()) {
          subqueryParens.pop();
          frames.pop();
          lineIndent = newline(out, frames.peek().indent);
          out.append(')');
        } else {
          f.parens--;
          append(out, t);
        }
        continue;
      }
      if (queryLevel && CLAUSES.contains(u)) {
        f.clause = u;
        lineIndent = newline(out, f.indent);
        out.append(t.text());
        continue;
      }
      if (u.equals("CASE")) {
        append(out, t);
        // a select item's continuation lines sit under the items (indent + 4), also the first's
        boolean item = queryLevel && f.clause.equals("SELECT");
        cases.push((item ? Math.max(lineIndent, f.indent + 4) : lineIndent) + 2);
        continue;
      }
      if (!cases.isEmpty() && (u.equals("WHEN") || u.equals("ELSE"))) {
        lineIndent = newline(out, cases.peek());
        out.append(t.text());
        continue;
      }
      if (!cases.isEmpty() && u.equals("END")) {
        lineIndent = newline(out, cases.pop() - 2);
        out.append(t.text());
        continue;
      }
      append(out, t);
      if (u.equals(",") && queryLevel && f.clause.equals("SELECT") && cases.isEmpty()) {
        lineIndent = newline(out, f.indent + 4);
      }
    }
    return out.toString().strip() + "\n";
  }

  /** True when {@code a} and {@code b} are the same SQL up to whitespace between tokens. */
  static boolean sameTokens(String a, String b) {
    return tokens(a).stream()
        .map(Token::text)
        .toList()
        .equals(tokens(b).stream().map(Token::text).toList());
  }

  private static void append(StringBuilder out, Token t) {
    boolean lineStart = out.length() == 0 || out.charAt(out.length() - 1) == '\n';
    if (t.spaced() && !lineStart && out.charAt(out.length() - 1) != ' ') {
      out.append(' ');
    }
    out.append(t.text());
  }

  private static int newline(StringBuilder out, int indent) {
    while (out.length() > 0 && out.charAt(out.length() - 1) == ' ') {
      out.setLength(out.length() - 1);
    }
    if (out.length() > 0) {
      out.append('\n');
    }
    out.append(" ".repeat(indent));
    return indent;
  }

  /**
   * The catalog re-check a plan carries when it left out a clamp ({@code CatalogGuard}): a fixed
   * catalog query of dpjdbc's own, shown as the function it stands for.
   */
  private static final java.util.regex.Pattern GUARD =
      java.util.regex.Pattern.compile(
          "\\(SELECT CAST\\(CASE WHEN \\(SELECT pg_catalog\\.quote_ident.*?CAST\\(\\?\\s*AS oid\\)\\)"
              + " = \\?\\s*THEN 'true' ELSE '"
              + dev.dpjdbc.analyze.bounding.CatalogGuard.MARKER
              + "' END AS BOOLEAN\\)\\)");

  private static List<Token> tokens(String sql) {
    sql = GUARD.matcher(sql).replaceAll("DPJDBC_CATALOG_UNCHANGED(?, ?) ");
    if (sql.indexOf('\'') >= 0 || sql.contains("--") || sql.contains("/*")) {
      throw new IllegalArgumentException("generated SQL with a string constant or comment: " + sql);
    }
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < sql.length()) {
      boolean spaced = false;
      while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
        i++;
        spaced = true;
      }
      if (i >= sql.length()) {
        break;
      }
      int start = i;
      char c = sql.charAt(i);
      if (c == '"') {
        i++;
        while (i < sql.length()) {
          if (sql.charAt(i) == '"') {
            if (i + 1 < sql.length() && sql.charAt(i + 1) == '"') {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.') {
        while (i < sql.length()) {
          char d = sql.charAt(i);
          if (!(Character.isLetterOrDigit(d) || d == '_' || d == '$')) {
            break;
          }
          i++;
        }
        if (i == start) {
          i++; // a lone '.'
        }
      } else if (i + 1 < sql.length()
          && Set.of("<=", ">=", "<>", "!=", "||", "::").contains(sql.substring(i, i + 2))) {
        i += 2;
      } else {
        i++;
      }
      out.add(new Token(sql.substring(start, i), spaced));
    }
    return out;
  }
}
