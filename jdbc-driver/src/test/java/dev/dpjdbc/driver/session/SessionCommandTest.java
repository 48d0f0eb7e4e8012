package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SessionCommandTest {
  static Stream<Arguments> commands() {
    return Stream.of(
        Arguments.of("SET dp.epsilon = 0.5", new SessionCommand.Set("dp.epsilon", "0.5")),
        Arguments.of("set dp.delta to 1e-7", new SessionCommand.Set("dp.delta", "1e-7")),
        Arguments.of(
            "SET dp.mechanism = 'gaussian'", new SessionCommand.Set("dp.mechanism", "gaussian")),
        Arguments.of("SHOW dp.budget", new SessionCommand.Show("dp.budget")),
        Arguments.of("RESET dp.epsilon", new SessionCommand.Reset("dp.epsilon")),
        Arguments.of("SET dp.mechanism TO DEFAULT", new SessionCommand.Reset("dp.mechanism")),
        Arguments.of(
            "explain privacy SELECT COUNT(*)\nFROM t",
            new SessionCommand.ExplainPrivacy("SELECT COUNT(*)\nFROM t")));
  }

  @ParameterizedTest
  @MethodSource("commands")
  void parse_recognisesSessionCommands(String sql, SessionCommand expected) {
    assertEquals(Optional.of(expected), SessionCommand.parse(sql));
  }

  @ParameterizedTest
  @MethodSource("others")
  void parse_leavesOtherStatementsAlone(String sql) {
    assertEquals(Optional.empty(), SessionCommand.parse(sql));
  }

  static Stream<String> others() {
    return Stream.of(
        "SET search_path = public",
        "RESET search_path",
        "SHOW server_version",
        "EXPLAIN SELECT 1",
        "SELECT 1");
  }

  static Stream<Arguments> statements() {
    return Stream.of(
        Arguments.of("SELECT 1;", "SELECT 1"),
        Arguments.of("SELECT 1 ;  \n", "SELECT 1"),
        Arguments.of("SELECT ';' AS x", "SELECT ';' AS x"),
        Arguments.of("SELECT 1 -- ; comment\n", "SELECT 1 -- ; comment"),
        Arguments.of("SELECT 1; -- trailing comment", "SELECT 1"));
  }

  @ParameterizedTest
  @MethodSource("statements")
  void single_stripsTrailingSemicolons(String sql, String expected) throws SQLException {
    assertEquals(expected, SqlText.single(sql));
  }

  @ParameterizedTest
  @MethodSource("several")
  void single_refusesSeveralStatements(String sql) {
    SQLException e = assertThrows(SQLException.class, () -> SqlText.single(sql));
    assertEquals("0A000", e.getSQLState());
  }

  static Stream<String> several() {
    return Stream.of("SELECT 1; SELECT 2", "SELECT 1;DELETE FROM t", "SELECT 1; 'x'");
  }

  static Stream<Arguments> badSettings() {
    return Stream.of(
        Arguments.of(Setting.EPSILON, "0", "> 0"),
        Arguments.of(Setting.EPSILON, "Infinity", "> 0"),
        Arguments.of(Setting.DELTA, "-0.1", ">= 0 and < 1"),
        Arguments.of(Setting.DELTA, "1", ">= 0 and < 1"),
        Arguments.of(Setting.MECHANISM, "exponential", "gaussian, laplace, auto"),
        Arguments.of(Setting.OBJECTIVE, "explicit", "relative, absolute"));
  }

  @ParameterizedTest
  @MethodSource("badSettings")
  void apply_badValue_is22023NamingSettingAndRange(Setting s, String value, String range) {
    QuerySettings q =
        new QuerySettings(
            1,
            1e-7,
            dev.dpjdbc.mechanisms.Mechanism.AUTO,
            dev.dpjdbc.mechanisms.Objective.RELATIVE);
    SQLException e = assertThrows(SQLException.class, () -> s.apply(q, value));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains(s.key()) && e.getMessage().contains(range), e.getMessage());
  }
}
