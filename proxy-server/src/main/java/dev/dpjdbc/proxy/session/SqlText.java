package dev.dpjdbc.proxy.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Lexical helpers over SQL text that respect PostgreSQL quoting ({@code '..'}, {@code E'..'},
 * {@code "..."}, {@code $tag$..$tag$}) and comments ({@code --}, nested {@code /* * /}): splitting
 * a simple Query into statements, turning {@code $n} placeholders into JDBC {@code ?}, and reading
 * the first keywords for command tags.
 */
public final class SqlText {
  private SqlText() {}

  /**
   * The JDBC form of a statement with {@code $n} placeholders.
   *
   * @param order {@code order[i]} = zero-based PostgreSQL parameter number bound to JDBC's i+1-th
   *     {@code ?} ({@code $2 .. $1} gives {@code [1, 0]})
   */
  public record Translated(String sql, int[] order, int parameterCount) {}

  /** Statements of a simple Query, trimmed, without their semicolons; empty ones dropped. */
  public static List<String> split(String sql) {
    List<String> out = new ArrayList<>();
    int start = 0;
    int i = 0;
    int n = sql.length();
    int parens = 0;
    while (i < n) {
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i) {
        i = skip;
        continue;
      }
      char c = sql.charAt(i);
      if (c == '(') {
        parens++;
      } else if (c == ')') {
        parens = Math.max(0, parens - 1);
      } else if (c == ';' && parens == 0) {
        addIfNotBlank(out, sql.substring(start, i));
        start = i + 1;
      }
      i++;
    }
    addIfNotBlank(out, sql.substring(start));
    return out;
  }

  /** Replaces {@code $n} outside quotes and comments with {@code ?}. */
  public static Translated translateParameters(String sql) {
    StringBuilder out = new StringBuilder(sql.length());
    List<Integer> order = new ArrayList<>();
    int max = 0;
    int i = 0;
    int n = sql.length();
    while (i < n) {
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i) {
        out.append(sql, i, skip);
        i = skip;
        continue;
      }
      char c = sql.charAt(i);
      if (c == '$'
          && i + 1 < n
          && Character.isDigit(sql.charAt(i + 1))
          && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)))) {
        int j = i + 1;
        while (j < n && Character.isDigit(sql.charAt(j))) {
          j++;
        }
        int number = Integer.parseInt(sql.substring(i + 1, j));
        order.add(number - 1);
        max = Math.max(max, number);
        out.append('?');
        i = j;
      } else {
        out.append(c);
        i++;
      }
    }
    return new Translated(
        out.toString(), order.stream().mapToInt(Integer::intValue).toArray(), max);
  }

  /** The first {@code count} words, upper-cased, comments skipped (for command tags). */
  public static List<String> leadingWords(String sql, int count) {
    List<String> words = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n && words.size() < count) {
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i && (sql.startsWith("--", i) || sql.startsWith("/*", i))) {
        i = skip;
        continue;
      }
      char c = sql.charAt(i);
      if (Character.isLetter(c)) {
        int j = i;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
          j++;
        }
        words.add(sql.substring(i, j).toUpperCase(Locale.ROOT));
        i = j;
      } else if (Character.isWhitespace(c) || c == '(') {
        i++;
      } else {
        break;
      }
    }
    return words;
  }

  /** Index after the quoted string or comment starting at {@code i}, or {@code i} if none. */
  static int skipQuotedOrComment(String sql, int i) {
    int n = sql.length();
    char c = sql.charAt(i);
    if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
      int end = sql.indexOf('\n', i);
      return end < 0 ? n : end;
    }
    if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
      int depth = 0;
      int j = i;
      while (j < n) {
        if (sql.startsWith("/*", j)) {
          depth++;
          j += 2;
        } else if (sql.startsWith("*/", j)) {
          j += 2;
          if (--depth == 0) {
            return j;
          }
        } else {
          j++;
        }
      }
      return n;
    }
    if (c == '\'' || c == '"') {
      boolean backslash =
          c == '\''
              && i > 0
              && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
              && (i < 2 || !Character.isLetterOrDigit(sql.charAt(i - 2)));
      int j = i + 1;
      while (j < n) {
        char d = sql.charAt(j);
        if (backslash && d == '\\') {
          j += 2;
        } else if (d == c) {
          if (j + 1 < n && sql.charAt(j + 1) == c) {
            j += 2;
          } else {
            return j + 1;
          }
        } else {
          j++;
        }
      }
      return n;
    }
    if (c == '$' && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)))) {
      int j = i + 1;
      while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
        j++;
      }
      if (j < n && sql.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
        String tag = sql.substring(i, j + 1);
        int close = sql.indexOf(tag, j + 1);
        return close < 0 ? n : close + tag.length();
      }
    }
    return i;
  }

  private static void addIfNotBlank(List<String> out, String statement) {
    String trimmed = statement.strip();
    if (!trimmed.isEmpty() && !isOnlyComments(trimmed)) {
      out.add(trimmed);
    }
  }

  static boolean isOnlyComments(String sql) {
    int i = 0;
    while (i < sql.length()) {
      if (Character.isWhitespace(sql.charAt(i))) {
        i++;
      } else if (sql.startsWith("--", i) || sql.startsWith("/*", i)) {
        i = skipQuotedOrComment(sql, i);
      } else {
        return false;
      }
    }
    return true;
  }
}
