package dev.dpjdbc.it.boundary;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL into tokens for the fuzzer's mutations, following PostgreSQL's scan.l closely enough
 * to find identifiers, literals, comments and whitespace: {@code --} comments end at {@code \n} or
 * {@code \r}; block comments nest; {@code ''} doubles a quote; {@code E''} strings take backslash
 * escapes; dollar quotes match their tag. This is test code that only builds mutants: the fuzzer's
 * verdict comes from the responses, never from this lexer.
 */
final class FuzzLexer {
  private FuzzLexer() {}

  enum Kind {
    SPACE,
    COMMENT,
    WORD,
    QUOTED_IDENT,
    STRING,
    NUMBER,
    PUNCT
  }

  record Token(Kind kind, String text) {
    boolean is(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }
  }

  static List<Token> lex(String sql) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      int start = i;
      Kind kind;
      if (Character.isWhitespace(c)) {
        while (i < n && Character.isWhitespace(sql.charAt(i))) {
          i++;
        }
        kind = Kind.SPACE;
      } else if (sql.startsWith("--", i)) {
        while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
          i++;
        }
        kind = Kind.COMMENT;
      } else if (sql.startsWith("/*", i)) {
        int depth = 0;
        do {
          if (sql.startsWith("/*", i)) {
            depth++;
            i += 2;
          } else if (sql.startsWith("*/", i)) {
            depth--;
            i += 2;
          } else {
            i++;
          }
        } while (i < n && depth > 0);
        kind = Kind.COMMENT;
      } else if (c == '\'' || (c == 'E' || c == 'e') && i + 1 < n && sql.charAt(i + 1) == '\'') {
        boolean escapes = c != '\'';
        i = string(sql, escapes ? i + 1 : i, escapes, '\'');
        kind = Kind.STRING;
      } else if ((c == 'U' || c == 'u') && sql.startsWith("&'", i + 1)) {
        i = string(sql, i + 2, false, '\'');
        kind = Kind.STRING;
      } else if ((c == 'U' || c == 'u') && sql.startsWith("&\"", i + 1)) {
        i = string(sql, i + 2, false, '"');
        kind = Kind.QUOTED_IDENT;
      } else if (c == '"') {
        i = string(sql, i, false, '"');
        kind = Kind.QUOTED_IDENT;
      } else if (c == '$' && dollarTag(sql, i) != null) {
        String tag = dollarTag(sql, i);
        int end = sql.indexOf(tag, i + tag.length());
        i = end < 0 ? n : end + tag.length();
        kind = Kind.STRING;
      } else if (Character.isLetter(c) || c == '_' || c > 127) {
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || "_$".indexOf(sql.charAt(i)) >= 0
                || sql.charAt(i) > 127)) {
          i++;
        }
        kind = Kind.WORD;
      } else if (Character.isDigit(c)) {
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
          i++;
        }
        kind = Kind.NUMBER;
      } else {
        i++;
        kind = Kind.PUNCT;
      }
      out.add(new Token(kind, sql.substring(start, i)));
    }
    return out;
  }

  /** The end (exclusive) of a quoted string or identifier starting at {@code at}. */
  private static int string(String sql, int at, boolean backslashEscapes, char quote) {
    int i = at + 1;
    while (i < sql.length()) {
      char ch = sql.charAt(i);
      if (backslashEscapes && ch == '\\') {
        i += 2;
      } else if (ch == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return sql.length();
  }

  /** The dollar-quote tag ({@code $$} or {@code $tag$}) starting at {@code at}, or null. */
  static String dollarTag(String sql, int at) {
    int i = at + 1;
    while (i < sql.length()
        && (Character.isLetter(sql.charAt(i))
            || sql.charAt(i) == '_'
            || i > at + 1 && Character.isDigit(sql.charAt(i)))) {
      i++;
    }
    if (i < sql.length() && sql.charAt(i) == '$') {
      return sql.substring(at, i + 1);
    }
    return null;
  }

  static String join(List<Token> tokens) {
    StringBuilder b = new StringBuilder();
    for (Token t : tokens) {
      b.append(t.text());
    }
    return b.toString();
  }
}
