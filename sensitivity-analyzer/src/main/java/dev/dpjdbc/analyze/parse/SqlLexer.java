package dev.dpjdbc.analyze.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's lexical rules, written once (PostgreSQL 16 manual, §4.1 "Lexical Structure", and
 * {@code src/backend/parser/scan.l}). Every other piece of dpjdbc that must know where a string,
 * identifier or comment starts and ends — the catalog classifier, the driver's one-statement check,
 * the proxy's statement splitter and {@code $n} translator — reads the tokens this class produces.
 *
 * <p>What it knows: {@code '..'} strings with {@code ''} doubling (and backslash escapes when
 * {@code standard_conforming_strings} is off), {@code E'..'} with backslash escapes, {@code B'..'},
 * {@code X'..'}, {@code N'..'}, {@code U&'..'}, {@code $tag$..$tag$}; {@code ".."} identifiers and
 * {@code U&".."} (with an optional {@code UESCAPE 'c'}); unquoted identifiers ({@code $} allowed
 * after the first character, every byte {@code >= 0x80} a letter); numbers; {@code $n} parameters;
 * {@code --} comments and nested {@code /* * /} comments; operators (a run of {@code + - * / < > =
 * ~ ! @ # % ^ & | ` ?} without spaces, that stops before a comment and sheds a trailing {@code
 * +}/{@code -} the way scan.l does); and the punctuation {@code ( ) [ ] , ; . : ::}.
 *
 * <p>Guarantees: the scan never fails and is lossless — the tokens, whitespace and comments
 * included, cover the input exactly, in order, so {@code text} of all tokens concatenated is the
 * input. An unterminated string, identifier or comment runs to the end of the input (the backend
 * would refuse it). Characters PostgreSQL does not allow become one-character {@link Kind#SYMBOL}
 * tokens. It is a lexer, not a parser: keywords are {@link Kind#WORD}s like any identifier.
 */
public final class SqlLexer {
  /** What a token is. */
  public enum Kind {
    /** Spaces, tabs, newlines, carriage returns, form feeds and vertical tabs. */
    WHITESPACE,
    /** {@code -- ..} up to, not including, the next {@code \n} or {@code \r}. */
    LINE_COMMENT,
    /** {@code /* .. * /}, nested as PostgreSQL nests them. */
    BLOCK_COMMENT,
    /** An unquoted identifier or keyword, as written. */
    WORD,
    /** {@code "Quoted"} or {@code U&"quoted"} identifier, quotes included. */
    QUOTED_IDENTIFIER,
    /** A string constant in any of its forms, prefix and quotes included. */
    STRING,
    /** A numeric constant. */
    NUMBER,
    /** A positional parameter {@code $n}. */
    PARAMETER,
    /** An operator or punctuation. */
    SYMBOL
  }

  /**
   * One token: {@code text} is {@code sql.substring(start, end)}.
   *
   * @param kind what it is
   * @param start index of its first character
   * @param end index after its last character
   * @param text the characters as written
   */
  public record Token(Kind kind, int start, int end, String text) {
    /** Whitespace or a comment: what PostgreSQL's grammar never sees. */
    public boolean isTrivia() {
      return kind == Kind.WHITESPACE || isComment();
    }

    /** A {@code --} or {@code /* * /} comment. */
    public boolean isComment() {
      return kind == Kind.LINE_COMMENT || kind == Kind.BLOCK_COMMENT;
    }

    /** This is the operator or punctuation {@code symbol}. */
    public boolean isSymbol(String symbol) {
      return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /**
     * The name PostgreSQL resolves this identifier to: a {@link Kind#WORD} folded to lower case
     * (ASCII letters only, as PostgreSQL does in UTF-8), a {@link Kind#QUOTED_IDENTIFIER} without
     * its quotes, {@code ""} undoubled and {@code U&} escapes decoded.
     *
     * @throws IllegalStateException for tokens that are not identifiers
     */
    public String identifier() {
      return switch (kind) {
        case WORD -> SqlIdentifiers.foldAscii(text);
        case QUOTED_IDENTIFIER -> SqlIdentifiers.quotedIdentifier(text);
        default -> throw new IllegalStateException("not an identifier: " + kind + " " + text);
      };
    }
  }

  private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";
  private static final String SELF_CHARS = "()[],;.:";

  private final String sql;
  private final int n;
  private final boolean standardConformingStrings;

  private SqlLexer(String sql, boolean standardConformingStrings) {
    this.sql = sql;
    this.n = sql.length();
    this.standardConformingStrings = standardConformingStrings;
  }

  /** The tokens of {@code sql} with {@code standard_conforming_strings = on} (the default). */
  public static List<Token> scan(String sql) {
    return scan(sql, true);
  }

  /**
   * The tokens of {@code sql}, whitespace and comments included.
   *
   * @param standardConformingStrings PostgreSQL's setting: when off, a backslash escapes the next
   *     character in ordinary {@code '..'} strings too
   */
  public static List<Token> scan(String sql, boolean standardConformingStrings) {
    SqlLexer lexer = new SqlLexer(sql, standardConformingStrings);
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < lexer.n) {
      Token t = lexer.tokenAt(i);
      out.add(t);
      i = t.end();
    }
    return out;
  }

  /** The grammar-visible tokens of {@code sql}: no whitespace, no comments. */
  public static List<Token> significant(String sql) {
    return scan(sql).stream().filter(t -> !t.isTrivia()).toList();
  }

  private Token tokenAt(int i) {
    char c = sql.charAt(i);
    if (isSpace(c)) {
      int j = i;
      while (j < n && isSpace(sql.charAt(j))) {
        j++;
      }
      return token(Kind.WHITESPACE, i, j);
    }
    if (sql.startsWith("--", i)) {
      return token(Kind.LINE_COMMENT, i, endOfLine(i));
    }
    if (sql.startsWith("/*", i)) {
      return token(Kind.BLOCK_COMMENT, i, endOfBlockComment(i));
    }
    if (c == '\'') {
      return token(Kind.STRING, i, endOfQuoted(i, '\'', !standardConformingStrings));
    }
    if (c == '"') {
      return token(Kind.QUOTED_IDENTIFIER, i, endOfQuoted(i, '"', false));
    }
    if (c == '$') {
      return dollar(i);
    }
    if (isIdentStart(c)) {
      return wordOrPrefixedQuote(i, c);
    }
    if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1)))) {
      return token(Kind.NUMBER, i, endOfNumber(i));
    }
    if (sql.startsWith("::", i) || sql.startsWith(":=", i)) {
      return token(Kind.SYMBOL, i, i + 2);
    }
    if (SELF_CHARS.indexOf(c) >= 0) {
      return token(Kind.SYMBOL, i, i + 1);
    }
    if (OPERATOR_CHARS.indexOf(c) >= 0) {
      return token(Kind.SYMBOL, i, endOfOperator(i));
    }
    return token(Kind.SYMBOL, i, i + 1);
  }

  private Token token(Kind kind, int start, int end) {
    return new Token(kind, start, end, sql.substring(start, end));
  }

  /** {@code E'..'}, {@code B'..'}, {@code X'..'}, {@code N'..'}, {@code U&'..'}, {@code U&".."}. */
  private Token wordOrPrefixedQuote(int i, char c) {
    char lower = Character.toLowerCase(c);
    if (i + 1 < n && sql.charAt(i + 1) == '\'') {
      if (lower == 'e') {
        return token(Kind.STRING, i, endOfQuoted(i + 1, '\'', true));
      }
      if (lower == 'b' || lower == 'x') {
        return token(Kind.STRING, i, endOfQuoted(i + 1, '\'', false));
      }
      if (lower == 'n') {
        return token(Kind.STRING, i, endOfQuoted(i + 1, '\'', !standardConformingStrings));
      }
    }
    if (lower == 'u' && i + 2 < n && sql.charAt(i + 1) == '&') {
      char quote = sql.charAt(i + 2);
      if (quote == '\'' || quote == '"') {
        int end = endOfUescape(endOfQuoted(i + 2, quote, false));
        return token(quote == '"' ? Kind.QUOTED_IDENTIFIER : Kind.STRING, i, end);
      }
    }
    int j = i + 1;
    while (j < n && isIdentContinue(sql.charAt(j))) {
      j++;
    }
    return token(Kind.WORD, i, j);
  }

  /** {@code $n}, {@code $tag$..$tag$}, or a lone {@code $}. */
  private Token dollar(int i) {
    int j = i + 1;
    if (j < n && isDigit(sql.charAt(j))) {
      while (j < n && isDigit(sql.charAt(j))) {
        j++;
      }
      return token(Kind.PARAMETER, i, j);
    }
    if (j < n && sql.charAt(j) != '$' && !isIdentStart(sql.charAt(j))) {
      return token(Kind.SYMBOL, i, j);
    }
    while (j < n && sql.charAt(j) != '$' && isIdentContinue(sql.charAt(j))) {
      j++;
    }
    if (j >= n || sql.charAt(j) != '$') {
      return token(Kind.SYMBOL, i, i + 1);
    }
    String tag = sql.substring(i, j + 1);
    int close = sql.indexOf(tag, j + 1);
    return token(Kind.STRING, i, close < 0 ? n : close + tag.length());
  }

  /**
   * scan.l's {@code comment}: {@code "--"{non_newline}*} with {@code non_newline [^\n\r]}, so a
   * bare carriage return ends the comment just as a line feed does.
   */
  private int endOfLine(int i) {
    int j = i;
    while (j < n && sql.charAt(j) != '\n' && sql.charAt(j) != '\r') {
      j++;
    }
    return j;
  }

  private int endOfBlockComment(int i) {
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

  /** Index after the quote closing the one at {@code open}; a doubled quote stays inside. */
  private int endOfQuoted(int open, char quote, boolean backslashEscapes) {
    int j = open + 1;
    while (j < n) {
      char d = sql.charAt(j);
      if (backslashEscapes && d == '\\') {
        j += 2;
      } else if (d == quote) {
        if (j + 1 < n && sql.charAt(j + 1) == quote) {
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

  /** After a {@code U&} literal: the end of a following {@code UESCAPE 'c'}, or {@code end}. */
  private int endOfUescape(int end) {
    int j = skipTrivia(end);
    if (j + 7 > n
        || !sql.regionMatches(true, j, "uescape", 0, 7)
        || (j + 7 < n && isIdentContinue(sql.charAt(j + 7)))) {
      return end;
    }
    int q = skipTrivia(j + 7);
    if (q < n && sql.charAt(q) == '\'') {
      return endOfQuoted(q, '\'', false);
    }
    return end;
  }

  private int skipTrivia(int i) {
    int j = i;
    while (j < n) {
      Token t = tokenAt(j);
      if (!t.isTrivia()) {
        return j;
      }
      j = t.end();
    }
    return n;
  }

  /** Digits, fraction, exponent; letters glued to a number stay in it (PostgreSQL refuses them). */
  private int endOfNumber(int i) {
    int j = i;
    while (j < n && (isDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
      j++;
    }
    if (j < n && sql.charAt(j) == '.' && !sql.startsWith("..", j)) {
      j++;
      while (j < n && (isDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
        j++;
      }
    }
    if (j < n && (sql.charAt(j) == 'e' || sql.charAt(j) == 'E')) {
      int k = j + 1;
      if (k < n && (sql.charAt(k) == '+' || sql.charAt(k) == '-')) {
        k++;
      }
      if (k < n && isDigit(sql.charAt(k))) {
        j = k;
      }
    }
    while (j < n && isIdentContinue(sql.charAt(j))) {
      j++;
    }
    return j;
  }

  /**
   * scan.l's operator rule: the longest run of operator characters, cut before {@code --} or {@code
   * /*}; a run longer than one that ends in {@code +} or {@code -} and holds none of {@code
   * ~!@#^&|`?%} loses its trailing {@code +}/{@code -} characters ({@code =-1} is {@code =} then
   * {@code -1}).
   */
  private int endOfOperator(int i) {
    int j = i;
    while (j < n && OPERATOR_CHARS.indexOf(sql.charAt(j)) >= 0) {
      if (j > i && (sql.startsWith("--", j) || sql.startsWith("/*", j))) {
        break;
      }
      j++;
    }
    int len = j - i;
    if (len > 1 && isPlusMinus(sql.charAt(j - 1))) {
      boolean special = false;
      for (int k = i; k < j - 1; k++) {
        special |= "~!@#^&|`?%".indexOf(sql.charAt(k)) >= 0;
      }
      if (!special) {
        do {
          len--;
        } while (len > 1 && isPlusMinus(sql.charAt(i + len - 1)));
      }
    }
    return i + len;
  }

  private static boolean isPlusMinus(char c) {
    return c == '+' || c == '-';
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** scan.l's {@code ident_start}: {@code [A-Za-z\200-\377_]}, every non-ASCII character. */
  static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  /** scan.l's {@code ident_cont}: an identifier start, a digit or {@code $}. */
  static boolean isIdentContinue(char c) {
    return isIdentStart(c) || isDigit(c) || c == '$';
  }
}
