package dev.dpjdbc.proxy.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SqlTextTest {
  static Stream<Arguments> splits() {
    return Stream.of(
        Arguments.of("SELECT 1; SELECT 2;", List.of("SELECT 1", "SELECT 2")),
        Arguments.of("SELECT ';'; SELECT 2", List.of("SELECT ';'", "SELECT 2")),
        Arguments.of(
            "SELECT 1 -- ; not here\n; SELECT 2", List.of("SELECT 1 -- ; not here", "SELECT 2")),
        Arguments.of("SELECT /* ; /* nested ; */ */ 1", List.of("SELECT /* ; /* nested ; */ */ 1")),
        Arguments.of("SELECT $x$ ; $x$", List.of("SELECT $x$ ; $x$")),
        Arguments.of("SELECT E'\\'; still'", List.of("SELECT E'\\'; still'")),
        Arguments.of("SELECT \"a;b\" FROM t", List.of("SELECT \"a;b\" FROM t")),
        Arguments.of(" ; ;", List.of()),
        Arguments.of("-- only a comment", List.of()));
  }

  @ParameterizedTest
  @MethodSource("splits")
  void split_respectsQuotesAndComments(String sql, List<String> expected) {
    assertEquals(expected, SqlText.split(sql));
  }

  @Test
  void translate_dollarParameters_becomeQuestionMarksInOrder() {
    SqlText.Translated t =
        SqlText.translateParameters("SELECT $2, '$1', \"$1\" FROM t WHERE a = $1 -- $3");
    assertEquals("SELECT ?, '$1', \"$1\" FROM t WHERE a = ? -- $3", t.sql());
    assertArrayEquals(new int[] {1, 0}, t.order());
    assertEquals(2, t.parameterCount());
  }

  @Test
  void translate_repeatedParameter_bindsTwice() {
    SqlText.Translated t = SqlText.translateParameters("SELECT $1 + $1");
    assertEquals("SELECT ? + ?", t.sql());
    assertArrayEquals(new int[] {0, 0}, t.order());
    assertEquals(1, t.parameterCount());
  }

  static Stream<Arguments> tags() {
    return Stream.of(
        Arguments.of("select 1", true, 1L, "SELECT 1"),
        Arguments.of("SHOW dp.budget", true, 1L, "SHOW"),
        Arguments.of("SET dp.epsilon = 1", false, -1L, "SET"),
        Arguments.of("/* c */ reset all", false, -1L, "RESET"),
        Arguments.of("INSERT INTO t VALUES (1)", false, 1L, "INSERT 0 1"),
        Arguments.of("UPDATE t SET a = 1", false, 3L, "UPDATE 3"),
        Arguments.of("CREATE TABLE t (a int)", false, 0L, "CREATE TABLE"),
        Arguments.of("DISCARD ALL", false, -1L, "DISCARD ALL"),
        Arguments.of("END", false, -1L, "COMMIT"),
        Arguments.of("DECLARE \"c\" CURSOR WITHOUT HOLD FOR SELECT 1", false, 0L, "DECLARE CURSOR"),
        Arguments.of("FETCH FORWARD 2 FROM \"c\"", true, 2L, "FETCH 2"),
        Arguments.of("MOVE ALL IN c", false, 5L, "MOVE 5"),
        Arguments.of("CLOSE \"c\"", false, 0L, "CLOSE CURSOR"),
        Arguments.of("close all", false, 0L, "CLOSE CURSOR ALL"));
  }

  @ParameterizedTest
  @MethodSource("tags")
  void commandTag_matchesPostgres(String sql, boolean rows, long count, String expected) {
    assertEquals(
        expected, rows ? CommandTags.forRows(sql, count) : CommandTags.forUpdate(sql, count));
  }
}
