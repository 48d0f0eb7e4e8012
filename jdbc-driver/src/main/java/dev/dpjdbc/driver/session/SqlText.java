package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.parse.SqlLexer;
import java.sql.SQLException;

/**
 * Splits off trailing semicolons and refuses strings holding more than one statement (a {@code ;}
 * outside quotes and comments, by PostgreSQL's lexical rules in {@link SqlLexer}, followed by
 * anything but comments). One {@code execute} runs one statement: batching statements would let one
 * call combine several releases without the analyst seeing each cost.
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
    int firstSemicolon = -1;
    for (SqlLexer.Token t : SqlLexer.scan(sql)) {
      if (t.isSymbol(";")) {
        firstSemicolon = firstSemicolon < 0 ? t.start() : firstSemicolon;
      } else if (!t.isTrivia() && firstSemicolon >= 0) {
        throw several();
      }
    }
    return (firstSemicolon < 0 ? sql : sql.substring(0, firstSemicolon)).strip();
  }

  private static SQLException several() {
    return new SQLException(
        "several statements in one call are refused; execute them one at a time",
        AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
  }
}
