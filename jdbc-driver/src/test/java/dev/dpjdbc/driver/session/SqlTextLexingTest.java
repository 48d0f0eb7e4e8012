package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link SqlText#single} reads quotes and comments by PostgreSQL's rules (via SqlLexer). */
class SqlTextLexingTest {
  static Stream<Arguments> oneStatement() {
    return Stream.of(
        Arguments.of("SELECT $x$;$x$", "SELECT $x$;$x$"),
        Arguments.of("SELECT E'\\';' AS x;", "SELECT E'\\';' AS x"),
        Arguments.of("SELECT \"a;b\" FROM t", "SELECT \"a;b\" FROM t"),
        Arguments.of("SELECT 1 /* ; /* nested ; */ ; */", "SELECT 1 /* ; /* nested ; */ ; */"),
        Arguments.of("SELECT 1; /* c */ -- d", "SELECT 1"),
        Arguments.of("SELECT 1;;", "SELECT 1"));
  }

  @ParameterizedTest
  @MethodSource("oneStatement")
  void single_quotesAndCommentsHideSemicolons(String sql, String expected) throws SQLException {
    assertEquals(expected, SqlText.single(sql));
  }

  static Stream<String> several() {
    return Stream.of(
        "SELECT 1; /* c */ DELETE FROM t",
        "SELECT 'a\\'; DELETE FROM t --'",
        "SELECT 1 /* /* */ */; SELECT 2",
        "SELECT 1; $x$ $x$");
  }

  @ParameterizedTest
  @MethodSource("several")
  void single_secondStatementAfterQuotesOrComments_isRefused(String sql) {
    SQLException e = assertThrows(SQLException.class, () -> SqlText.single(sql));
    assertEquals("0A000", e.getSQLState());
  }
}
