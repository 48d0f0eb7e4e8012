package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The preflight on the backend: null when no constant below the boundary can fail; otherwise a
 * statement that reads no table, passes for good values and raises for bad ones — on empty tables,
 * so the error cannot depend on the data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PreflightTest {
  SafetyFixture fixture;

  abstract Connection open() throws SQLException;

  abstract Backend backend();

  @BeforeAll
  void setUp() throws SQLException {
    fixture = new SafetyFixture(open());
  }

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
  }

  /**
   * A query with a preflight: the analyst's parameters that pass, those that make it fail (null: it
   * always fails), and the number of expressions it evaluates.
   */
  record Case(String sql, List<Object> good, List<Object> bad, int items) {
    @Override
    public String toString() {
      return sql;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "SELECT COUNT(*) FROM employees WHERE salary > ? * 2", List.of(5), List.of(1 << 30), 1),
        new Case("SELECT SUM(minutes / ?) FROM visits", List.of(7), List.of(0), 1),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE salary % CAST(? AS INTEGER) = 0",
            List.of(7), List.of(0), 1),
        new Case(
            "SELECT SUM(CASE WHEN remote THEN salary / CAST(? AS INTEGER) END) FROM employees",
            List.of(3),
            List.of(0),
            1),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE age = 30 * CAST(? AS INTEGER) + 1",
            List.of(1),
            List.of(1 << 30),
            1),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE salary > CAST('5x' AS INTEGER)",
            null,
            List.of(),
            1),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE hired > CAST(? AS DATE)",
            List.of("2020-01-01"),
            List.of("not a date"),
            1),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE hired > CURRENT_DATE - 30", List.of(), null, 1),
        new Case(
            "SELECT COUNT(*) FROM orders WHERE price * CAST(? AS INTEGER) > 10 AND qty < 1 / CAST(? AS INTEGER)",
            List.of(2, 1),
            List.of(2, 0),
            2),
        new Case(
            "SELECT COUNT(*) FROM employees WHERE salary > CAST(? AS INTEGER) * 2 AND age < 70 - ?",
            List.of(5, 3),
            List.of(1 << 30, 3),
            2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void preflight_passesForGoodValues_raisesForBadOnes_readingNoTable(Case c) throws SQLException {
    SafetyFixture.Split s = fixture.split(c.sql());
    ErrorFreedom.check(s.boundary(), s.analysis());
    RelNode plan = Preflight.plan(s.boundary().below());
    assertNotNull(plan, c.sql());
    assertEquals(c.items(), plan.getRowType().getFieldCount(), plan.explain());
    BoundSql sql = Postgres.emit(plan, backend());
    try {
      assertEquals(sql, Preflight.of(s.boundary(), backend()));
    } catch (UnsupportedOperationException e) {
      // a literal RelSql cannot bind (a multi-field interval); see Postgres.emit
    }
    String lower = sql.sql().toLowerCase(Locale.ROOT);
    for (String table : List.of("employees", "visits", "orders", "readings")) {
      assertFalse(lower.contains(table), sql.sql());
    }
    assertFalse(sql.sql().contains("5x"), "literals are bound, not spliced: " + sql.sql());
    if (c.good() != null) {
      Postgres.run(fixture.connection, sql, c.good());
    }
    if (c.bad() != null) {
      SQLException e =
          assertThrows(SQLException.class, () -> Postgres.run(fixture.connection, sql, c.bad()));
      assertTrue(e.getSQLState().startsWith("22"), e.getSQLState() + " " + e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT COUNT(*) FROM employees WHERE salary > 50000",
        "SELECT COUNT(*) FROM employees WHERE salary > ?",
        "SELECT COUNT(*) FROM employees WHERE region IN ('N', 'S') AND age BETWEEN 20 AND 30",
        "SELECT COUNT(*) FROM employees WHERE hired >= DATE '2020-01-01'",
        "SELECT SUM(price * qty) FROM orders",
        "SELECT SUM(minutes / 60) FROM visits",
        "SELECT COUNT(*) FROM employees WHERE salary > ? AND remote = ?",
        "SELECT COUNT(*) FROM orders WHERE placed > now()",
        "SELECT COUNT(*) FILTER (WHERE remote) FROM employees"
      })
  void preflight_nullWhenNoConstantCanFail(String sql) throws SQLException {
    SafetyFixture.Split s = fixture.split(sql);
    assertNull(Preflight.plan(s.boundary().below()), sql);
    assertNull(Preflight.of(s.boundary(), backend()), sql);
  }

  static List<Object> list(Object... v) {
    return Arrays.asList(v);
  }
}
