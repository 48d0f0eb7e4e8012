package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import java.sql.SQLException;

/**
 * Splits off trailing semicolons and refuses strings holding more than one statement (a {@code ;}
 * outside quotes and comments). One {@code execute} runs one statement: batching statements would
 * let one call combine several releases without the analyst seeing each cost.
 */
final class SqlText {
  private SqlText() {}

  /** The single statement in {@code sql}, without trailing semicolons and whitespace. */
  static String single(String sql) throws SQLException {
    if (sql == null || sql.isBlank()) {
      throw new SQLException(
          "empty statement; send one SELECT, SET dp.*, SHOW dp.* or EXPLAIN PRIVACY statement",
          AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    int end = sql.length();
    int lastSemicolon = -1;
    int i = 0;
    while (i < end) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        if (lastSemicolon >= 0) {
          throw several();
        }
        i = skipQuoted(sql, i, c);
      } else if (c == '-' && i + 1 < end && sql.charAt(i + 1) == '-') {
        int nl = sql.indexOf('\n', i);
        i = nl < 0 ? end : nl + 1;
      } else if (c == '/' && i + 1 < end && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? end : close + 2;
      } else {
        if (c == ';') {
          if (lastSemicolon < 0) {
            lastSemicolon = i;
          }
        } else if (!Character.isWhitespace(c) && lastSemicolon >= 0) {
          throw several();
        }
        i++;
      }
    }
    return (lastSemicolon < 0 ? sql : sql.substring(0, lastSemicolon)).strip();
  }

  private static SQLException several() {
    return new SQLException(
        "several statements in one call are refused; execute them one at a time",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }

  private static int skipQuoted(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2; // doubled quote inside the literal
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return i;
  }
}
