package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.parse.SqlLexer;
import dev.dpjdbc.analyze.parse.SqlLexer.Kind;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The tokens of a SET/RESET/SHOW statement as PostgreSQL's grammar sees them, from {@link
 * SqlLexer}, and the conversions from tokens to the text PostgreSQL stores: identifiers resolved
 * and truncated, string constants decoded (continuation lines joined), numbers printed as
 * PostgreSQL's flatten_set_variable_args prints them, value lists flattened.
 */
final class SettingTokens {
  private SettingTokens() {}

  /** A grammar-visible token; a string constant carries the parts PostgreSQL joins into it. */
  record Tok(SqlLexer.Token token, List<SqlLexer.Token> parts) {
    Kind kind() {
      return token.kind();
    }

    String text() {
      return token.text();
    }

    boolean isWord(String word) {
      return kind() == Kind.WORD && Literals.asciiLower(text()).equals(word);
    }

    boolean isName() {
      return kind() == Kind.WORD || kind() == Kind.QUOTED_IDENTIFIER;
    }
  }

  /** One element of a SET value list: a number is flattened as written, never re-quoted. */
  record Value(boolean numeric, String text) {}

  private static final Pattern INTEGER = Pattern.compile("[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("([0-9]+\\.[0-9]*|\\.[0-9]+|[0-9]+)([eE][+-]?[0-9]+)?");

  /**
   * The grammar-visible tokens; a {@code '..'} constant followed, across whitespace holding a
   * newline and {@code --} comments only, by another {@code '..'} is one constant (scan.l's
   * quotecontinue).
   */
  static List<Tok> tokens(String sql) {
    List<SqlLexer.Token> all = SqlLexer.scan(sql);
    List<Tok> out = new ArrayList<>();
    for (int k = 0; k < all.size(); k++) {
      SqlLexer.Token t = all.get(k);
      if (t.isTrivia()) {
        continue;
      }
      List<SqlLexer.Token> parts = new ArrayList<>(List.of(t));
      while (t.kind() == Kind.STRING && t.text().endsWith("'")) {
        int j = k + 1;
        boolean newline = false;
        while (j < all.size() && all.get(j).isTrivia() && all.get(j).kind() != Kind.BLOCK_COMMENT) {
          SqlLexer.Token w = all.get(j);
          newline |=
              w.kind() == Kind.WHITESPACE && (w.text().contains("\n") || w.text().contains("\r"));
          j++;
        }
        if (!newline || j >= all.size() || !all.get(j).text().startsWith("'")) {
          break;
        }
        parts.add(all.get(j));
        k = j;
        t = all.get(j);
      }
      out.add(new Tok(parts.get(0), List.copyOf(parts)));
    }
    return out;
  }

  static String name(Tok t) throws SQLException {
    if (!t.isName()) {
      throw syntax("expected a setting name, got \"" + t.text() + "\"");
    }
    String name = t.token().identifier();
    if (name.isEmpty()) {
      throw syntax("zero-length delimited identifier");
    }
    return Literals.truncateIdentifier(name);
  }

  static String string(Tok t) throws SQLException {
    if (t.kind() != Kind.STRING) {
      throw syntax("expected a string constant, got \"" + t.text() + "\"");
    }
    return Literals.decodeString(t.parts());
  }

  /**
   * A NUMBER token (after an optional sign): an integer that fits 32 bits is printed in decimal
   * (ICONST, {@code %d}); anything else numeric is kept as written (FCONST), with the sign.
   */
  static Value number(boolean negative, Tok t) throws SQLException {
    if (t.kind() != Kind.NUMBER) {
      throw syntax("syntax error at or near \"" + t.text() + "\"");
    }
    String digits = t.text();
    if (INTEGER.matcher(digits).matches()) {
      try {
        int value = Integer.parseInt(digits);
        return new Value(true, Integer.toString(negative ? -value : value));
      } catch (NumberFormatException tooLong) {
        // FCONST below, kept as written (PostgreSQL does the same)
      }
    } else if (!DECIMAL.matcher(digits).matches()) {
      throw syntax("syntax error at or near \"" + digits + "\"");
    }
    return new Value(true, (negative ? "-" : "") + digits);
  }

  /**
   * PostgreSQL's flatten_set_variable_args: one value, or for a list setting all of them joined
   * with {@code ", "}, list elements of search_path re-quoted as identifiers.
   */
  static String flatten(ClientSetting setting, List<Value> values) throws SQLException {
    if (!setting.listInput() && values.size() != 1) {
      throw new SQLException(
          "SET " + setting.label() + " takes only one argument",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    List<String> parts = new ArrayList<>();
    for (Value v : values) {
      parts.add(
          !v.numeric() && setting.listQuote() ? Literals.quoteIdentifier(v.text()) : v.text());
    }
    return String.join(", ", parts);
  }

  static SQLException syntax(String message) {
    return new SQLException(message, AnalyzerSqlState.SYNTAX_ERROR.code());
  }
}
