package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.parse.SqlLexer;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * How PostgreSQL turns the tokens of a SET statement into the text it stores: string constants
 * decoded ({@code '..'} with {@code ''}, {@code E'..'} escapes, {@code $tag$..$tag$}, and {@code
 * '..'} continued across a newline), identifiers truncated to NAMEDATALEN - 1 bytes, names compared
 * with ASCII-only case folding, and the helpers of its GUC code (quote_identifier,
 * SplitIdentifierString). Forms dpjdbc does not decode ({@code U&'..'}, an {@code E'..'} continued
 * on the next line) are refused rather than guessed.
 */
final class Literals {
  private Literals() {}

  /** NAMEDATALEN - 1: PostgreSQL truncates longer identifiers to this many bytes. */
  private static final int MAX_IDENTIFIER_BYTES = 63;

  /** Lower-cases ASCII letters only, as PostgreSQL's downcase_identifier and guc_name_compare. */
  static String asciiLower(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      out.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return out.toString();
  }

  /** Strips what C's isspace() calls space (space, \t, \n, \v, \f, \r), nothing else. */
  static String stripCSpace(String s) {
    int from = 0;
    int to = s.length();
    while (from < to && " \t\n\u000B\f\r".indexOf(s.charAt(from)) >= 0) {
      from++;
    }
    while (to > from && " \t\n\u000B\f\r".indexOf(s.charAt(to - 1)) >= 0) {
      to--;
    }
    return s.substring(from, to);
  }

  /** PostgreSQL's truncate_identifier: at most 63 bytes of UTF-8, never splitting a character. */
  static String truncateIdentifier(String name) {
    if (name.getBytes(StandardCharsets.UTF_8).length <= MAX_IDENTIFIER_BYTES) {
      return name;
    }
    int bytes = 0;
    int i = 0;
    while (i < name.length()) {
      int cp = name.codePointAt(i);
      int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (bytes + len > MAX_IDENTIFIER_BYTES) {
        break;
      }
      bytes += len;
      i += Character.charCount(cp);
    }
    return name.substring(0, i);
  }

  /**
   * PostgreSQL's quote_identifier: unchanged when it is lower-case letters, digits and underscores
   * not starting with a digit and not a keyword (other than an unreserved one); otherwise in double
   * quotes with {@code "} doubled.
   */
  static String quoteIdentifier(String ident) {
    boolean safe = !ident.isEmpty() && (isLowerOrUnderscore(ident.charAt(0)));
    for (int i = 0; safe && i < ident.length(); i++) {
      char c = ident.charAt(i);
      safe = isLowerOrUnderscore(c) || (c >= '0' && c <= '9');
    }
    if (safe && !PgKeywords.NOT_UNRESERVED.contains(ident)) {
      return ident;
    }
    return "\"" + ident.replace("\"", "\"\"") + "\"";
  }

  private static boolean isLowerOrUnderscore(char c) {
    return (c >= 'a' && c <= 'z') || c == '_';
  }

  /**
   * PostgreSQL's SplitIdentifierString with separator {@code ,}: the names of a list setting
   * (quoted ones verbatim, unquoted ones lower-cased), or null when the list syntax is invalid.
   */
  static List<String> splitIdentifiers(String raw) {
    List<String> names = new ArrayList<>();
    int i = skipSpace(raw, 0);
    if (i == raw.length()) {
      return names;
    }
    while (true) {
      String name;
      if (raw.charAt(i) == '"') {
        StringBuilder b = new StringBuilder();
        int j = i + 1;
        while (true) {
          int close = raw.indexOf('"', j);
          if (close < 0) {
            return null;
          }
          b.append(raw, j, close);
          if (close + 1 < raw.length() && raw.charAt(close + 1) == '"') {
            b.append('"');
            j = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
        name = b.toString();
      } else {
        int start = i;
        while (i < raw.length() && raw.charAt(i) != ',' && !isScannerSpace(raw.charAt(i))) {
          i++;
        }
        if (i == start) {
          return null;
        }
        name = truncateIdentifier(asciiLower(raw.substring(start, i)));
      }
      names.add(name);
      i = skipSpace(raw, i);
      if (i == raw.length()) {
        return names;
      }
      if (raw.charAt(i) != ',') {
        return null;
      }
      i = skipSpace(raw, i + 1);
      if (i == raw.length()) {
        return null;
      }
    }
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && isScannerSpace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** PostgreSQL 14's scanner_isspace. */
  private static boolean isScannerSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }

  /**
   * The value of a string constant: one STRING token, or several plain {@code '..'} tokens that
   * PostgreSQL joins because only whitespace with a newline (and {@code --} comments) separates
   * them.
   *
   * @throws SQLException 42601 for an unterminated or non-text constant (B'..', X'..', N'..'),
   *     0A000 for forms dpjdbc does not decode, 22023 for escapes that are not valid UTF-8
   */
  static String decodeString(List<SqlLexer.Token> parts) throws SQLException {
    if (parts.size() > 1) {
      StringBuilder joined = new StringBuilder();
      for (SqlLexer.Token part : parts) {
        if (!part.text().startsWith("'")) {
          throw unsupported(part.text());
        }
        joined.append(plain(part.text()));
      }
      return joined.toString();
    }
    String text = parts.get(0).text();
    char first = Character.toLowerCase(text.charAt(0));
    if (first == '\'') {
      return plain(text);
    }
    if (first == '$') {
      String tag = text.substring(0, text.indexOf('$', 1) + 1);
      if (text.length() < 2 * tag.length() || !text.endsWith(tag)) {
        throw unterminated(text);
      }
      return text.substring(tag.length(), text.length() - tag.length());
    }
    if (first == 'e') {
      return escaped(text);
    }
    if (first == 'u') {
      throw unsupported(text);
    }
    throw new SQLException(
        "a bit-string or national-character constant is not a valid SET value: " + text,
        AnalyzerSqlState.SYNTAX_ERROR.code());
  }

  /** {@code '..'} with {@code ''} for a quote. */
  private static String plain(String text) throws SQLException {
    StringBuilder out = new StringBuilder();
    int i = 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'') {
        if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
          out.append('\'');
          i += 2;
          continue;
        }
        if (i == text.length() - 1) {
          return out.toString();
        }
        break;
      }
      out.append(c);
      i++;
    }
    throw unterminated(text);
  }

  /**
   * {@code E'..'}: {@code \b \f \n \r \t}, octal {@code \ooo}, hex {@code \xhh} (bytes), {@code
   * \}{@code uXXXX} and {@code \UXXXXXXXX} (code points, surrogate pairs joined), any other
   * character after a backslash stands for itself; {@code ''} is a quote. The bytes must be valid
   * UTF-8 without a zero byte, as PostgreSQL requires.
   */
  private static String escaped(String text) throws SQLException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int i = 2;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'') {
        if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
          bytes.write('\'');
          i += 2;
          continue;
        }
        if (i != text.length() - 1) {
          throw unterminated(text);
        }
        return utf8(bytes.toByteArray(), text);
      }
      if (c != '\\' || i + 1 >= text.length()) {
        int cp = text.codePointAt(i);
        bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(cp);
        continue;
      }
      char d = text.charAt(i + 1);
      i += 2;
      switch (d) {
        case 'b' -> bytes.write('\b');
        case 'f' -> bytes.write('\f');
        case 'n' -> bytes.write('\n');
        case 'r' -> bytes.write('\r');
        case 't' -> bytes.write('\t');
        case 'x' -> {
          int end = digits(text, i, 2, 16);
          if (end == i) {
            bytes.write('x');
          } else {
            bytes.write(Integer.parseInt(text.substring(i, end), 16));
            i = end;
          }
        }
        case 'u', 'U' -> {
          int len = d == 'u' ? 4 : 8;
          if (digits(text, i, len, 16) != i + len) {
            throw badEscape(text);
          }
          int cp = (int) Long.parseLong(text.substring(i, i + len), 16);
          i += len;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (!text.startsWith("\\u", i) || digits(text, i + 2, 4, 16) != i + 6) {
              throw badEscape(text);
            }
            char low = (char) Integer.parseInt(text.substring(i + 2, i + 6), 16);
            if (!Character.isLowSurrogate(low)) {
              throw badEscape(text);
            }
            cp = Character.toCodePoint((char) cp, low);
            i += 6;
          } else if (!Character.isValidCodePoint(cp) || (cp >= 0xD800 && cp <= 0xDFFF)) {
            throw badEscape(text);
          }
          bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
        }
        default -> {
          if (d >= '0' && d <= '7') {
            int end = digits(text, i - 1, 3, 8);
            bytes.write(Integer.parseInt(text.substring(i - 1, end), 8) & 0xFF);
            i = end;
          } else {
            int cp = text.codePointAt(i - 1);
            bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
            i += Character.charCount(cp) - 1;
          }
        }
      }
    }
    throw unterminated(text);
  }

  /** Index after at most {@code max} digits of {@code radix} starting at {@code from}. */
  private static int digits(String s, int from, int max, int radix) {
    int j = from;
    while (j < s.length() && j < from + max && Character.digit(s.charAt(j), radix) >= 0) {
      j++;
    }
    return j;
  }

  private static String utf8(byte[] bytes, String text) throws SQLException {
    for (byte b : bytes) {
      if (b == 0) {
        throw new SQLException(
            "a string constant may not contain a zero byte: " + text,
            AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new SQLException(
          "the escapes of " + text + " are not valid UTF-8",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
  }

  private static SQLException unterminated(String text) {
    return new SQLException(
        "unterminated quoted string: " + text, AnalyzerSqlState.SYNTAX_ERROR.code());
  }

  private static SQLException badEscape(String text) {
    return new SQLException(
        "invalid Unicode escape in " + text, AnalyzerSqlState.SYNTAX_ERROR.code());
  }

  private static SQLException unsupported(String text) {
    return new SQLException(
        "dpjdbc does not read this form of string constant in SET: "
            + text
            + "; write the value as one plain '...' string",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
