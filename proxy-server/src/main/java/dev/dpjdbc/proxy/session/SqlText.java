package dev.dpjdbc.proxy.session;

import dev.dpjdbc.analyze.parse.SqlLexer;
import dev.dpjdbc.analyze.parse.SqlLexer.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Statement-level helpers over the tokens of {@link SqlLexer} (PostgreSQL's quoting and comment
 * rules): splitting a simple Query into statements, turning {@code $n} placeholders into JDBC
 * {@code ?}, and reading the first keywords for command tags.
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

  /**
   * Statements of a simple Query, trimmed, without their semicolons; empty and comment-only ones
   * dropped. A {@code ;} inside parentheses does not split.
   */
  public static List<String> split(String sql) {
    List<String> out = new ArrayList<>();
    int start = 0;
    int parens = 0;
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      if (t.isSymbol("(")) {
        parens++;
      } else if (t.isSymbol(")")) {
        parens = Math.max(0, parens - 1);
      } else if (t.isSymbol(";") && parens == 0) {
        addIfNotBlank(out, sql.substring(start, t.start()));
        start = t.end();
      }
    }
    addIfNotBlank(out, sql.substring(start));
    return out;
  }

  /** Replaces {@code $n} outside quotes and comments with {@code ?}. */
  public static Translated translateParameters(String sql) {
    StringBuilder out = new StringBuilder(sql.length());
    List<Integer> order = new ArrayList<>();
    int max = 0;
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      if (t.kind() == Kind.PARAMETER) {
        int number = Integer.parseInt(t.text().substring(1));
        order.add(number - 1);
        max = Math.max(max, number);
        out.append('?');
      } else {
        out.append(t.text());
      }
    }
    return new Translated(
        out.toString(), order.stream().mapToInt(Integer::intValue).toArray(), max);
  }

  /** The first {@code count} words, upper-cased, comments and {@code (} skipped (command tags). */
  public static List<String> leadingWords(String sql, int count) {
    List<String> words = new ArrayList<>();
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      if (words.size() >= count) {
        break;
      } else if (t.kind() == Kind.WORD) {
        words.add(t.text().toUpperCase(Locale.ROOT));
      } else if (!t.isTrivia() && !t.isSymbol("(")) {
        break;
      }
    }
    return words;
  }

  private static void addIfNotBlank(List<String> out, String statement) {
    String trimmed = statement.strip();
    if (!trimmed.isEmpty() && !isOnlyComments(trimmed)) {
      out.add(trimmed);
    }
  }

  /** Nothing but whitespace and comments. */
  static boolean isOnlyComments(String sql) {
    return SqlLexer.scan(sql).stream().allMatch(SqlLexer.Token::isTrivia);
  }
}
