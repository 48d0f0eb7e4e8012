package dev.dpjdbc.analyze.parse;

/**
 * How PostgreSQL turns an identifier token into a name ({@code scan.l}'s {@code
 * downcase_identifier} and {@code process_unicode_escapes}): unquoted names fold ASCII letters to
 * lower case and leave every other character alone; quoted names lose their quotes and {@code ""}
 * doubling; {@code U&".."} names decode {@code \XXXX} and {@code \+XXXXXX} (or the {@code UESCAPE}
 * character). An escape PostgreSQL would reject is kept as written: the backend refuses the
 * statement anyway.
 */
final class SqlIdentifiers {
  private SqlIdentifiers() {}

  static String foldAscii(String word) {
    StringBuilder out = new StringBuilder(word.length());
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      out.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return out.toString();
  }

  /** {@code text} is a whole {@code ".."} or {@code U&".." [UESCAPE 'c']} token. */
  static String quotedIdentifier(String text) {
    boolean unicode = !text.startsWith("\"");
    int open = text.indexOf('"');
    int close = open + 1;
    StringBuilder name = new StringBuilder();
    while (close < text.length()) {
      char c = text.charAt(close);
      if (c == '"') {
        if (close + 1 < text.length() && text.charAt(close + 1) == '"') {
          name.append('"');
          close += 2;
          continue;
        }
        break;
      }
      name.append(c);
      close++;
    }
    if (!unicode) {
      return name.toString();
    }
    char escape = '\\';
    String rest = text.substring(Math.min(close + 1, text.length()));
    int q = rest.indexOf('\'');
    if (q >= 0 && q + 1 < rest.length()) {
      escape = rest.charAt(q + 1);
    }
    return decodeUnicode(name.toString(), escape);
  }

  private static String decodeUnicode(String body, char escape) {
    StringBuilder out = new StringBuilder(body.length());
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i);
      if (c != escape) {
        out.append(c);
        i++;
      } else if (i + 1 < body.length() && body.charAt(i + 1) == escape) {
        out.append(escape);
        i += 2;
      } else if (hex(body, i + 1, 4)) {
        out.append((char) Integer.parseInt(body.substring(i + 1, i + 5), 16));
        i += 5;
      } else if (i + 1 < body.length() && body.charAt(i + 1) == '+' && hex(body, i + 2, 6)) {
        int codePoint = Integer.parseInt(body.substring(i + 2, i + 8), 16);
        if (Character.isValidCodePoint(codePoint)) {
          out.appendCodePoint(codePoint);
        } else {
          out.append(body, i, i + 8);
        }
        i += 8;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static boolean hex(String s, int from, int count) {
    if (from + count > s.length()) {
      return false;
    }
    for (int i = from; i < from + count; i++) {
      if (Character.digit(s.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }
}
