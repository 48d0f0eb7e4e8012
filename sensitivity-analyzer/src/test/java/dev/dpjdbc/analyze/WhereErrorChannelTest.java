package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The error channel: a WHERE expression that raises a backend error for some row values only
 * releases one un-noised bit per query. Every such form must be refused at planning (0A000, naming
 * the construct), before anything runs; safe forms keep working.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WhereErrorChannelTest {
  private Connection connection;
  private SensitivityAnalyzer analyzer;

  @BeforeAll
  void setUp() throws SQLException {
    connection =
        DriverManager.getConnection("jdbc:h2:mem:where" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    AnalyzerFixture.createCommon(connection);
    try (java.sql.Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, hired DATE, seen TIMESTAMP)");
    }
    analyzer = SensitivityAnalyzer.create(connection, AnalyzerFixture.policy());
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  static Stream<Arguments> leakyWheres() {
    return Stream.of(
        Arguments.of("1/(salary-50000) > 0", "division"),
        Arguments.of("salary / 2 > 10", "division"),
        Arguments.of("salary % 7 = 0", "modulo"),
        Arguments.of("10 / 0 = 1 AND salary = 50000", "division"),
        Arguments.of("CAST(name AS INT) > 0", "CAST"),
        Arguments.of("name::int > 0", "CAST"),
        Arguments.of("CAST(salary AS SMALLINT) > 0", "CAST"),
        Arguments.of("CAST(bonus AS INTEGER) > 0", "CAST"),
        Arguments.of("CAST(salary AS VARCHAR(3)) = '1'", "CAST"),
        Arguments.of("salary * 100000 > 0", "arithmetic"),
        Arguments.of("salary + 2147483000 > 0", "arithmetic"),
        Arguments.of("-salary < 0", "arithmetic"),
        Arguments.of("sqrt(salary - 50000) > 0", "sqrt"),
        Arguments.of("ln(salary - 49999) > 0", "ln"),
        Arguments.of("power(salary, 100) > 0", "power"),
        Arguments.of("abs(salary) > 0", "abs"),
        Arguments.of("substring(name, 1, 2) = 'pe'", "substring"),
        Arguments.of("name LIKE name", "LIKE"),
        Arguments.of("name LIKE ?", "LIKE"),
        Arguments.of("salary = 50000 AND name LIKE 'person\\'", "escape"),
        Arguments.of("name LIKE 'a!' ESCAPE '!'", "escape"),
        Arguments.of("name = 5", "comparing"),
        Arguments.of("name = salary", "comparing"),
        Arguments.of("salary = 50000 AND name IN (1, 2)", "comparing"),
        Arguments.of("CASE WHEN salary = 50000 THEN 'x' ELSE 1 END = 1", "CASE"),
        Arguments.of("COALESCE(name, 0) = 0", "COALESCE"),
        Arguments.of("name SIMILAR TO '('", "SIMILAR"),
        Arguments.of("name ~ '('", "regex"));
  }

  @ParameterizedTest
  @MethodSource("leakyWheres")
  void whereDataDependentError_isRefusedBeforeExecution(String where, String names) {
    String sql = "SELECT COUNT(*) FROM employees WHERE " + where;
    PrivacyPlan plan;
    try {
      plan = analyzer.plan(sql);
    } catch (SQLException e) {
      assertEquals("0A000", e.getSQLState(), e.getMessage());
      String m = e.getMessage().toLowerCase(java.util.Locale.ROOT);
      boolean named =
          m.contains(names.toLowerCase(java.util.Locale.ROOT))
              // the relational analyzer names the implicit conversion PostgreSQL would make
              || ((names.equals("comparing") || names.equals("COALESCE")) && m.contains("cast"))
              || (names.equals("arithmetic")
                  && (m.contains("multiplication")
                      || m.contains("addition")
                      || m.contains("subtraction")
                      || m.contains("negation")));
      assertTrue(named, "message names " + names + ": " + e.getMessage());
      return;
    }
    // The one-table planner refuses every one of these; the relational analyzer may answer one
    // only when its error-freedom rule proved, from the column's interval, that no row value can
    // raise the error (analyze.safety's tests check that proof on PostgreSQL), with every
    // constant that could fail evaluated first by the preflight, before the charge.
    assertTrue(plan.post() != null, "planned by the one-table planner: " + sql);
    if (where.contains("10 / 0")) {
      assertTrue(plan.preflight() != null, "a failing constant needs the preflight: " + sql);
    }
  }

  static Stream<String> safeWheres() {
    return Stream.of(
        "salary > 30000 AND region IN ('N', 'S')",
        "salary BETWEEN 1000 AND 2000 OR age IS NULL",
        "salary > ? AND region = ?",
        "salary > 30000.5",
        "salary > 1e4",
        "score > 3",
        "score > salary",
        "lower(name) <> 'person3' AND upper(name) LIKE 'P%'",
        "name LIKE 'a\\%b%' AND name NOT LIKE '%!%' ESCAPE '!'",
        "trim(name) = 'x' AND char_length(name) < 10",
        "CAST(age AS VARCHAR(10)) <> '33' AND CAST(age AS INTEGER) > 3",
        "CAST(salary AS BIGINT) > 3 AND CAST(salary AS DOUBLE) > 3.5",
        "CAST(salary AS DECIMAL(12, 2)) > 3",
        "salary > 2 * 1000 + 1",
        "COALESCE(age, 0) < 90",
        "CASE WHEN remote THEN 1 ELSE 0 END = 1",
        "EXTRACT(YEAR FROM CURRENT_DATE) > 2000",
        "NOT (bonus IS NULL) AND remote IS TRUE");
  }

  @ParameterizedTest
  @MethodSource("safeWheres")
  void whereWithoutErrorChannel_isPlanned(String where) {
    String sql = "SELECT COUNT(*) FROM employees WHERE " + where;
    assertDoesNotThrow(() -> analyzer.plan(sql), sql);
  }

  static Stream<String> safeDateWheres() {
    return Stream.of(
        "hired > DATE '2020-01-01'",
        "hired > '2020-01-01'",
        "seen > DATE '2020-01-01'",
        "EXTRACT(YEAR FROM hired) = 2020");
  }

  @ParameterizedTest
  @MethodSource("safeDateWheres")
  void whereOnDatesWithConstants_isPlanned(String where) {
    String sql = "SELECT COUNT(*) FROM events WHERE " + where;
    assertDoesNotThrow(() -> analyzer.plan(sql), sql);
  }

  @ParameterizedTest
  @MethodSource("leakyDateWheres")
  void whereDateConversionOfColumn_isRefused(String where) {
    String sql = "SELECT COUNT(*) FROM events WHERE " + where;
    SQLException e = assertThrows(SQLException.class, () -> analyzer.plan(sql), sql);
    assertEquals("0A000", e.getSQLState(), e.getMessage());
  }

  static Stream<String> leakyDateWheres() {
    return Stream.of(
        "hired > TIMESTAMP '2020-01-01 00:00:00'",
        "hired + INTERVAL '1' DAY > DATE '2020-01-01'",
        "CAST(hired AS TIMESTAMP) > TIMESTAMP '2020-01-01 00:00:00'");
  }
}
