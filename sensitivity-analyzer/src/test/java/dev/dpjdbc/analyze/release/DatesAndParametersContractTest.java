package dev.dpjdbc.analyze.release;

import static dev.dpjdbc.analyze.release.DatesFixture.one;
import static dev.dpjdbc.analyze.release.DatesFixture.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.Connection;
import java.sql.SQLException;
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
 * Capability 5 of issue 8 (date and time in WHERE) and the parameter rule ("{@code ?} anywhere a
 * literal is, including LIMIT"), end to end: each query is planned by the {@link
 * SensitivityAnalyzer} the driver uses and by the {@link RelationalPlanner} alone, its rewritten
 * SQL executed on the backend and post-processed with the parameters bound, and the rows compared
 * with the exact answer (no noise is added here). Refusals are checked for their SQLState.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DatesAndParametersContractTest {
  Connection connection;
  SensitivityAnalyzer analyzer;
  RelationalPlanner relational;

  abstract Connection open() throws SQLException;

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    DatesFixture.create(connection);
    analyzer = SensitivityAnalyzer.create(connection, DatesFixture.policy());
    relational =
        new RelationalPlanner(
            new ConstraintCatalog(connection),
            DatesFixture.policy(),
            Backend.forProduct(connection.getMetaData().getDatabaseProductName()));
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  /** A query, the analyst's parameter values, the exact rows. */
  record Case(String sql, List<Object> params, List<List<Object>> want) {
    Case(String sql, List<List<Object>> want) {
      this(sql, List.of(), want);
    }

    @Override
    public String toString() {
      return sql + (params.isEmpty() ? "" : " " + params);
    }
  }

  static final String COUNT = "SELECT COUNT(*) FROM staff WHERE ";
  static final String SHIFTS = " FROM shifts s JOIN staff t ON s.staff_id = t.id WHERE ";

  Stream<Case> dates() {
    return Stream.of(
        new Case(COUNT + "hired > CURRENT_DATE - 30", one(1)),
        new Case(COUNT + "hired >= CURRENT_DATE - INTERVAL '30' DAY", one(1)),
        new Case(COUNT + "hired > now() - INTERVAL '5 years'", one(3)),
        new Case(COUNT + "hired > CURRENT_DATE - INTERVAL '1 month'", one(1)),
        new Case(COUNT + "hired > CURRENT_TIMESTAMP - INTERVAL '500' DAY", one(3)),
        new Case(COUNT + "hired > CURRENT_DATE - INTERVAL '1 year 6 months'", one(3)),
        new Case(COUNT + "hired + INTERVAL '10' YEAR > CURRENT_DATE", one(4)),
        new Case(COUNT + "hired > now() - INTERVAL '2000 hours'", one(1)),
        new Case(COUNT + "hired > now() + INTERVAL '-30 day'", one(1)),
        new Case(COUNT + "hired BETWEEN CURRENT_DATE - 3650 AND CURRENT_DATE", one(4)),
        new Case(COUNT + "hired > to_timestamp(" + DatesFixture.epochDaysAgo(50) + ")", one(1)),
        new Case(COUNT + "date_trunc('month', born) = DATE '1980-01-01'", one(1)),
        new Case(COUNT + "date_trunc('year', born) = TIMESTAMP '1980-01-01 00:00:00'", one(2)),
        new Case(COUNT + "EXTRACT(YEAR FROM born) = 1980", one(2)),
        new Case(COUNT + "EXTRACT(MONTH FROM born) = 6", one(2)),
        new Case(COUNT + "EXTRACT(DOY FROM born) < 60", one(2)),
        new Case(
            COUNT + "EXTRACT(YEAR FROM born) < EXTRACT(YEAR FROM CURRENT_DATE) - 40",
            one(DatesFixture.bornBefore(40))),
        new Case(
            COUNT + "EXTRACT(YEAR FROM hired) = EXTRACT(YEAR FROM CURRENT_DATE)",
            one(DatesFixture.hiredThisYear())),
        new Case(
            "SELECT SUM(s.minutes)" + SHIFTS + "s.started > now() - INTERVAL '30 days'", one(40)),
        new Case(
            "SELECT t.region, COUNT(*)"
                + SHIFTS
                + "s.started >= CURRENT_TIMESTAMP - INTERVAL '100' DAY GROUP BY t.region",
            rows(new Object[] {"N", 3})),
        new Case("SELECT COUNT(*) FILTER (WHERE hired > CURRENT_DATE - 365) FROM staff", one(2)),
        new Case(
            "SELECT SUM(CASE WHEN EXTRACT(MONTH FROM born) = 6 THEN 1 ELSE 0 END) FROM staff",
            one(2)));
  }

  /** Above the DP boundary ({@code LIMIT ?}, HAVING, expressions) and below it, mixed. */
  Stream<Case> parameters() {
    return Stream.of(
        new Case("SELECT COUNT(*) FROM staff LIMIT ?", List.of(1), one(5)),
        new Case(
            "SELECT region, COUNT(*) FROM staff GROUP BY region ORDER BY region LIMIT ? OFFSET ?",
            List.of(1, 1),
            rows(new Object[] {"S", 2})),
        new Case(
            "SELECT region, COUNT(*) FROM staff GROUP BY region ORDER BY region"
                + " OFFSET ? ROWS FETCH FIRST ? ROWS ONLY",
            List.of(1, 1),
            rows(new Object[] {"S", 2})),
        new Case(
            "SELECT region, COUNT(*) FROM staff GROUP BY region HAVING COUNT(*) > ?",
            List.of(2),
            rows(new Object[] {"N", 3})),
        new Case("SELECT SUM(salary) / ? FROM staff", List.of(5), one(300)),
        new Case(
            "SELECT region, SUM(salary) FROM staff WHERE salary > ? GROUP BY region"
                + " HAVING SUM(salary) >= ? ORDER BY 2 DESC LIMIT ?",
            List.of(150, 100, 1),
            rows(new Object[] {"N", 800})),
        new Case(
            "SELECT region, COUNT(*) FROM staff WHERE salary > $1 GROUP BY region"
                + " HAVING COUNT(*) * 100 > $1 ORDER BY region",
            List.of(150),
            rows(new Object[] {"N", 2}, new Object[] {"S", 2})));
  }

  /**
   * {@code IS DISTINCT FROM} (Calcite expands it; the constant is NULL-tested, typed) and CASTs.
   */
  Stream<Case> distinctAndCasts() {
    return Stream.of(
        new Case(COUNT + "nick IS DISTINCT FROM 'a'", one(3)),
        new Case(COUNT + "nick IS NOT DISTINCT FROM 'a'", one(2)),
        new Case(COUNT + "nick IS DISTINCT FROM ?", List.of("a"), one(3)),
        new Case(COUNT + "nick IS DISTINCT FROM ?", java.util.Arrays.asList((Object) null), one(3)),
        new Case(COUNT + "x IS DISTINCT FROM ?", List.of(2), one(4)),
        new Case("SELECT COUNT(*)" + SHIFTS + "t.nick IS DISTINCT FROM ?", List.of("a"), one(2)),
        // the CAST truncates: '12' and '1x' start with '1'; without it no code equals '1'
        new Case(COUNT + "CAST(code AS VARCHAR(1)) = '1'", one(2)),
        new Case(COUNT + "CAST(code AS CHAR(1)) = '1'", one(2)),
        new Case(COUNT + "CAST(salary AS VARCHAR(1)) = '1'", one(1)),
        // the divisor's interval [5, 15] excludes 0: allowed, and bounded [6, 20]
        new Case("SELECT SUM(100 / (x + 10)) FROM staff", one(8 + 10 + 20 + 6)),
        // a guarded division inside the analyst's clamp; GREATEST ignores NULL as in PostgreSQL,
        // so the two NULL rows (x = 0, x NULL) count -100 each: 50 - 20 + 20 - 100 - 100
        new Case(
            "SELECT SUM(LEAST(GREATEST(CASE WHEN x <> 0 THEN 100 / x END, -100), 100)) FROM staff",
            one(-150)),
        new Case(
            "SELECT COUNT(*) FILTER (WHERE CASE WHEN x <> 0 THEN 100 / x > 10 ELSE false END)"
                + " FROM staff",
            one(2)));
  }

  Stream<Arguments> answered() {
    return Stream.of(dates(), parameters(), distinctAndCasts()).flatMap(s -> s).map(Arguments::of);
  }

  @ParameterizedTest
  @MethodSource("answered")
  void analyzer_answersExactly(Case c) throws SQLException {
    PrivacyPlan plan = analyzer.plan(c.sql());
    assertEquals(
        c.want(), DatesFixture.run(connection, plan, c.params().toArray()), plan.rewrittenSql());
  }

  /** The relational planner alone (what the analyzer does unless it falls back). */
  @ParameterizedTest
  @MethodSource("answered")
  void relational_answersExactly_withNoAnalystTextInTheSql(Case c) throws SQLException {
    PrivacyPlan plan = relational.plan(c.sql());
    assertNotNull(plan.post(), c.sql());
    assertEquals(
        c.want(), DatesFixture.run(connection, plan, c.params().toArray()), plan.rewrittenSql());
    // no quoted text before the catalog re-check (its catalog query is dpjdbc's own): every
    // literal, intervals included, is a bound parameter
    String sql = plan.rewrittenSql().split("pg_catalog", 2)[0]; // the re-check's own SQL
    assertFalse(sql.contains("'"), plan.rewrittenSql());
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of(COUNT + "CAST(code AS INTEGER) > 3", "0A000"),
        Arguments.of(COUNT + "code = 12", "0A000"),
        // clamped, so they have bounds: the error rule is what refuses them
        Arguments.of(
            "SELECT SUM(LEAST(GREATEST(CAST(code AS INTEGER), 0), 9)) FROM staff", "0A000"),
        Arguments.of(
            "SELECT COUNT(*) FILTER (WHERE CAST(code AS INTEGER) > 3) FROM staff", "0A000"),
        Arguments.of(
            "SELECT COUNT(*) FROM shifts s JOIN staff t"
                + " ON s.staff_id = t.id AND CAST(t.code AS INTEGER) = s.minutes",
            "0A000"),
        Arguments.of("SELECT SUM(LEAST(GREATEST(100 / x, -100), 100)) FROM staff", "0A000"),
        Arguments.of("SELECT AVG(LEAST(GREATEST(salary / x, 0), 1000)) FROM staff", "0A000"),
        // unclamped, they have no bound first
        Arguments.of("SELECT SUM(100 / x) FROM staff", "ZD001"),
        Arguments.of("SELECT COUNT(*) FILTER (WHERE 100 / x > 1) FROM staff", "0A000"),
        // PostgreSQL may evaluate 100 / x before x <> 0: AND does not guard, CASE does
        Arguments.of("SELECT COUNT(*) FILTER (WHERE x <> 0 AND 100 / x > 1) FROM staff", "0A000"),
        Arguments.of("SELECT SUM(CASE WHEN x <> 0 THEN 100 / x END) FROM staff", "ZD001"));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void dataDependentError_refusedByBothPlanners(String sql, String state) {
    SQLException viaAnalyzer = assertThrows(SQLException.class, () -> analyzer.plan(sql));
    assertEquals(state, viaAnalyzer.getSQLState(), viaAnalyzer.getMessage());
    SQLException viaRelational = assertThrows(SQLException.class, () -> relational.plan(sql));
    assertEquals(state, viaRelational.getSQLState(), viaRelational.getMessage());
  }

  /**
   * VAR_POP of a float8 with a value 1e-200 from the midpoint: the rewrite squares deviations
   * floored at 1e-150, as PostgreSQL raises an underflow for (1e-200)² (see the PostgreSQL
   * subclass); the answer is unchanged (1/6 within 1e-12).
   */
  @Test
  void varianceOfATinyDeviation_answered() throws SQLException {
    for (PrivacyPlan plan :
        List.of(
            analyzer.plan("SELECT VAR_POP(reading) FROM gauges"),
            relational.plan("SELECT VAR_POP(reading) FROM gauges"))) {
      double v = (Double) DatesFixture.run(connection, plan).get(0).get(0);
      assertEquals(1.0 / 6, v, 1e-12, plan.rewrittenSql());
    }
  }

  static Stream<Arguments> badLimits() {
    return Stream.of(
        Arguments.of(-1, "2201W"), Arguments.of("x", "22023"), Arguments.of(1.5, "22023"));
  }

  @ParameterizedTest
  @MethodSource("badLimits")
  void limitParameter_badValue_refusedWhenBound(Object value, String state) throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT region, COUNT(*) FROM staff GROUP BY region LIMIT ?");
    assertEquals(1, plan.parameterCount());
    SQLException e =
        assertThrows(
            SQLException.class, () -> plan.post().processor().bind(java.util.Arrays.asList(value)));
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  @Test
  void limitParameter_zero_returnsNoRowWithoutRunning() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT region, COUNT(*) FROM staff GROUP BY region LIMIT ?");
    assertTrue(plan.post().processor().bind(List.of(0)).returnsNoRows());
    assertEquals(false, plan.post().processor().bind(List.of(1)).returnsNoRows());
  }
}
