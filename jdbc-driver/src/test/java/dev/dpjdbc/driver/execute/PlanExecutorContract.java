package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link PlanExecutor} binds a plan's parameters so that a value which does not convert to the type
 * its context needs fails before the backend reads a row — the error is the same on a table with
 * rows and on an empty one — and otherwise answers exactly as the analyst's query run as written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PlanExecutorContract {
  Connection connection;
  SensitivityAnalyzer analyzer;

  abstract Connection open() throws SQLException;

  /** Makes the backend evaluate parameters per row where it can (PostgreSQL: generic plans). */
  void evaluateParametersPerRow(Connection c) throws SQLException {}

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    try (Statement s = connection.createStatement()) {
      for (String t : List.of("events", "empty_events")) {
        s.execute(
            "CREATE TABLE "
                + t
                + " (id INTEGER PRIMARY KEY, hired DATE, n INTEGER, name VARCHAR(50))");
      }
      s.execute(
          "INSERT INTO events VALUES (1, DATE '2020-01-01', 1, 'a'), (2, DATE '2021-01-01', 5,"
              + " '5'), (3, DATE '2022-01-01', 7, 'x''y'), (4, NULL, NULL, NULL)");
    }
    evaluateParametersPerRow(connection);
    analyzer = SensitivityAnalyzer.create(connection, Policy.defaults());
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  double count(String sql, Object... params) throws SQLException {
    PrivacyPlan plan = analyzer.plan(sql);
    RawResult raw =
        PlanExecutor.run(plan, Arrays.asList(params), connection, 0, new RunningStatement());
    return raw.groups().get(0).values()[0];
  }

  long direct(String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  static Stream<Arguments> failing() {
    return Stream.of(
        Arguments.of("hired > 'not a date'", new Object[0]),
        Arguments.of("n = 'abc'", new Object[0]),
        Arguments.of("hired > ?", new Object[] {"not a date"}),
        Arguments.of("n = ? OR name = 'a'", new Object[] {"abc"}),
        Arguments.of("n > 2147483647 * 2", new Object[0]),
        Arguments.of("CAST(100000 AS SMALLINT) > n", new Object[0]));
  }

  @ParameterizedTest
  @MethodSource("failing")
  void valueThatDoesNotConvert_failsWhetherOrNotRowsExist(String where, Object[] params) {
    SQLException withRows =
        assertThrows(
            SQLException.class, () -> count("SELECT COUNT(*) FROM events WHERE " + where, params));
    SQLException empty =
        assertThrows(
            SQLException.class,
            () -> count("SELECT COUNT(*) FROM empty_events WHERE " + where, params));
    assertEquals(withRows.getSQLState(), empty.getSQLState());
    // a data exception, or (PostgreSQL, a value pgJDBC sends as varchar) no such operator
    assertTrue(
        withRows.getSQLState().startsWith("22") || withRows.getSQLState().equals("42883"),
        withRows.getSQLState());
  }

  static Stream<Arguments> answering() {
    return Stream.of(
        Arguments.of("hired > '2020-06-01'", new Object[0]),
        Arguments.of(
            "hired > ? AND name <> 'x''y'", new Object[] {java.sql.Date.valueOf("2020-06-01")}),
        Arguments.of("name = 'x''y' OR n IN (1, 5)", new Object[0]),
        Arguments.of("n BETWEEN ? AND ?", new Object[] {2, 9}),
        Arguments.of("hired < DATE '2021-06-01' + INTERVAL '31' DAY", new Object[0]),
        Arguments.of("n < 2 * 3 + 1", new Object[0]));
  }

  @ParameterizedTest
  @MethodSource("answering")
  void boundValues_answerAsTheQueryAsWritten(String where, Object[] params) throws SQLException {
    String sql = "SELECT COUNT(*) FROM events WHERE " + where;
    assertEquals(direct(sql, params), count(sql, params), 0.0, sql);
  }

  @Test
  void parameterCount_mismatch_isRefusedBeforeAnythingRuns() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT COUNT(*) FROM events WHERE n > ? AND name = 'a'");
    assertEquals(1, plan.parameterCount());
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> PlanExecutor.run(plan, List.of(), connection, 0, new RunningStatement()));
    assertEquals("22023", e.getSQLState());
    assertDoesNotThrow(
        () -> PlanExecutor.run(plan, List.of(3), connection, 0, new RunningStatement()));
  }
}
