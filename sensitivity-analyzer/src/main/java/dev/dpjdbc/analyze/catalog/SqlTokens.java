package dev.dpjdbc.analyze.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * A PostgreSQL lexer just good enough to classify catalog traffic: identifiers (unquoted ones
 * lower-cased, quoted ones kept verbatim), string literals (standard, {@code E'..'},
 * dollar-quoted), numbers, operators and punctuation. Comments and whitespace are dropped. It never
 * fails: text it does not understand becomes single-character {@link Kind#SYMBOL} tokens, which
 * makes the classifier answer {@code NOT_CATALOG} rather than pass anything through by mistake.
 */
final class SqlTokens {
  private SqlTokens() {}

  enum Kind {
    /** Unquoted identifier or keyword, lower-cased. */
    WORD,
    /** {@code "Quoted"} identifier, verbatim. */
    QUOTED,
    STRING,
    NUMBER,
    /** Operators, {@code ::}, punctuation: {@code ( ) , . ; [ ] * =}. */
    SYMBOL
  }

  record Token(Kind kind, String text) {
    boolean is(String word) {
      return kind == Kind.WORD && text.equals(word);
    }

    boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isName() {
      return kind == Kind.WORD || kind == Kind.QUOTED;
    }
  }

  static List<Token> tokenize(String sql) {
    List<Token> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        i = skipBlockComment(sql, i);
      } else if (c == '\'') {
        int end = endOfString(sql, i, false);
        out.add(new Token(Kind.STRING, sql.substring(i, end)));
        i = end;
      } else if ((c == 'e' || c == 'E') && i + 1 < n && sql.charAt(i + 1) == '\'') {
        int end = endOfString(sql, i + 1, true);
        out.add(new Token(Kind.STRING, sql.substring(i, end)));
        i = end;
      } else if (c == '"') {
        int end = endOfQuoted(sql, i);
        out.add(new Token(Kind.QUOTED, sql.substring(i + 1, end - 1).replace("\"\"", "\"")));
        i = end;
      } else if (c == '$' && dollarTag(sql, i) != null) {
        String tag = dollarTag(sql, i);
        int close = sql.indexOf(tag, i + tag.length());
        int end = close < 0 ? n : close + tag.length();
        out.add(new Token(Kind.STRING, sql.substring(i, end)));
        i = end;
      } else if (Character.isLetter(c) || c == '_') {
        int start = i;
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i)) || "_$".indexOf(sql.charAt(i)) >= 0)) {
          i++;
        }
        out.add(new Token(Kind.WORD, sql.substring(start, i).toLowerCase(java.util.Locale.ROOT)));
      } else if (Character.isDigit(c)) {
        int start = i;
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
          i++;
        }
        out.add(new Token(Kind.NUMBER, sql.substring(start, i)));
      } else if (c == ':' && i + 1 < n && sql.charAt(i + 1) == ':') {
        out.add(new Token(Kind.SYMBOL, "::"));
        i += 2;
      } else if ("()[],.;".indexOf(c) >= 0) {
        out.add(new Token(Kind.SYMBOL, String.valueOf(c)));
        i++;
      } else {
        int start = i;
        while (i < n && "+-*/<>=~!@#%^&|`?:".indexOf(sql.charAt(i)) >= 0) {
          i++;
        }
        if (i == start) {
          i++;
        }
        out.add(new Token(Kind.SYMBOL, sql.substring(start, i)));
      }
    }
    return out;
  }

  private static int skipBlockComment(String sql, int i) {
    int depth = 0;
    int n = sql.length();
    while (i < n) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return n;
  }

  /** Index after the closing quote of the string literal opening at {@code i}. */
  private static int endOfString(String sql, int i, boolean backslashEscapes) {
    int n = sql.length();
    int j = i + 1;
    while (j < n) {
      char c = sql.charAt(j);
      if (backslashEscapes && c == '\\') {
        j += 2;
      } else if (c == '\'') {
        if (j + 1 < n && sql.charAt(j + 1) == '\'') {
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

  private static int endOfQuoted(String sql, int i) {
    int n = sql.length();
    int j = i + 1;
    while (j < n) {
      if (sql.charAt(j) == '"') {
        if (j + 1 < n && sql.charAt(j + 1) == '"') {
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

  /** {@code $tag$} starting at {@code i}, or null when {@code $} does not open a dollar quote. */
  static String dollarTag(String sql, int i) {
    int j = i + 1;
    while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
      j++;
    }
    if (j < sql.length()
        && sql.charAt(j) == '$'
        && (j == i + 1 || !Character.isDigit(sql.charAt(i + 1)))) {
      return sql.substring(i, j + 1);
    }
    return null;
  }
}
