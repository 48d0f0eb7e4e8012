package dev.dpjdbc.driver.session;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statements the driver answers itself, without the backend: {@code SET dp.x = v} (or {@code TO
 * v}), {@code RESET dp.x} (or {@code SET dp.x TO DEFAULT}: back to the policy's default), {@code
 * SHOW dp.x}, and {@code EXPLAIN PRIVACY <query>}.
 */
public sealed interface SessionCommand {
  /** {@code SET dp.<key> = value}; value without quotes. */
  record Set(String key, String value) implements SessionCommand {}

  /** {@code RESET dp.<key>}: back to the policy's {@code query:} default. */
  record Reset(String key) implements SessionCommand {}

  /** {@code SHOW dp.<key>}. */
  record Show(String key) implements SessionCommand {}

  /** {@code EXPLAIN PRIVACY <query>}: spends nothing. */
  record ExplainPrivacy(String query) implements SessionCommand {}

  Pattern SET =
      Pattern.compile(
          "(?is)SET\\s+(?:SESSION\\s+)?(dp\\.[a-z0-9_.]+)\\s*(?:=|\\s+TO\\s)\\s*(.+?)\\s*");
  Pattern RESET = Pattern.compile("(?is)RESET\\s+(dp\\.[a-z0-9_.]+)\\s*");
  Pattern SHOW = Pattern.compile("(?is)SHOW\\s+(dp\\.[a-z0-9_.]+)\\s*");
  Pattern EXPLAIN = Pattern.compile("(?is)EXPLAIN\\s+PRIVACY\\s+(.+)");

  /** Recognises a session command in one statement (trailing semicolons already removed). */
  static Optional<SessionCommand> parse(String statement) {
    String s = statement.strip();
    Matcher m = SET.matcher(s);
    if (m.matches()) {
      String value = unquote(m.group(2));
      return Optional.of(
          m.group(2).equalsIgnoreCase("default")
              ? new Reset(m.group(1))
              : new Set(m.group(1), value));
    }
    m = RESET.matcher(s);
    if (m.matches()) {
      return Optional.of(new Reset(m.group(1)));
    }
    m = SHOW.matcher(s);
    if (m.matches()) {
      return Optional.of(new Show(m.group(1)));
    }
    m = EXPLAIN.matcher(s);
    if (m.matches()) {
      return Optional.of(new ExplainPrivacy(m.group(1)));
    }
    return Optional.empty();
  }

  private static String unquote(String v) {
    if (v.length() >= 2
        && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
      return v.substring(1, v.length() - 1);
    }
    return v;
  }
}
