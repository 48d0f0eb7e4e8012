package dev.dpjdbc.analyze.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shape cache against a real PostgreSQL catalog: a plan served by shape is the plan the
 * statement gets by its text (compared component by component with a fresh analyzer's), a literal
 * the analysis reads (narrowing, CHAR(n) comparison) makes no template, a value that does not bind
 * exactly is planned by its text, and a catalog refresh forgets the templates.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShapeCachePostgresTest {
  private EmbeddedPostgres postgres;
  private Connection connection;
  private SensitivityAnalyzer analyzer;

  @BeforeAll
  void start() throws IOException, SQLException {
    postgres = EmbeddedPostgres.builder().start();
    connection = postgres.getPostgresDatabase().getConnection();
    try (Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE emp (id INTEGER PRIMARY KEY,"
              + " age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 99),"
              + " salary NUMERIC(8,2) NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
              + " hired DATE NOT NULL CHECK (hired BETWEEN '2015-01-01' AND '2025-12-31'),"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N','S','E','W')), name CHAR(5))");
    }
  }

  @BeforeEach
  void freshAnalyzer() throws SQLException {
    analyzer = SensitivityAnalyzer.create(connection, Policy.defaults());
  }

  @AfterAll
  void stop() throws IOException, SQLException {
    connection.close();
    postgres.close();
  }

  static Stream<Arguments> dashboards() {
    return Stream.of(
        Arguments.of("SELECT COUNT(*) FROM emp WHERE age > %s", List.of("37", "41", "-3", "120")),
        Arguments.of(
            "SELECT region, COUNT(*), SUM(salary) FROM emp WHERE hired >= '%s' GROUP BY region",
            List.of("2024-01-01", "2019-07-15", "2030-02-28")),
        Arguments.of(
            "SELECT region, AVG(salary) FROM emp WHERE hired >= DATE '%s' AND region <> 'N'"
                + " GROUP BY region",
            List.of("2024-01-01", "2016-02-29")),
        Arguments.of(
            "SELECT COUNT(*) FROM emp WHERE salary > %s", List.of("37.50", "1000.25", "0.01")),
        Arguments.of(
            "SELECT date_trunc('year', hired), COUNT(*) FROM emp WHERE age BETWEEN %s GROUP BY 1",
            List.of("20 AND 30", "31 AND 65")));
  }

  @ParameterizedTest
  @MethodSource("dashboards")
  void shapeHit_isThePlanTheTextGets(String template, List<String> values) throws SQLException {
    analyzer.plan(template.formatted(values.get(0)));
    assertEquals(1, analyzer.planCacheStats().templates(), "the first statement makes a template");
    for (String v : values.subList(1, values.size())) {
      String sql = template.formatted(v);
      PrivacyPlan served = analyzer.plan(sql);
      PrivacyPlan cold = SensitivityAnalyzer.create(connection, Policy.defaults()).plan(sql);
      assertSamePlan(cold, served);
    }
    PlanCache.Stats stats = analyzer.planCacheStats();
    assertEquals(values.size() - 1, stats.shapeHits(), stats.toString());
    assertEquals(1, stats.plannedStatements(), stats.toString());
    assertEquals(1, stats.plannedShapes(), stats.toString());
  }

  @Test
  void analystParameters_interleaveWithLiterals() throws SQLException {
    String sql = "SELECT COUNT(*) FROM emp WHERE region = ? AND age > %s AND salary < ?";
    analyzer.plan(sql.formatted(30));
    PrivacyPlan served = analyzer.plan(sql.formatted(50));
    assertEquals(1, analyzer.planCacheStats().shapeHits());
    assertEquals(2, served.parameterCount());
    assertEquals(
        List.of(
            new ParameterSource.Analyst(0),
            new ParameterSource.Constant(50, java.sql.Types.INTEGER),
            new ParameterSource.Analyst(1)),
        served.parameters());
    assertSamePlan(
        SensitivityAnalyzer.create(connection, Policy.defaults()).plan(sql.formatted(50)), served);
  }

  @Test
  void narrowingLiteral_keepsItsOwnPlan_andMakesNoTemplate() throws SQLException {
    PrivacyPlan narrowed = analyzer.plan("SELECT SUM(age) FROM emp WHERE age > 37");
    assertTrue(narrowed.outputs().get(0).toString().contains("lower=38.0"), narrowed.toString());
    assertEquals(0, analyzer.planCacheStats().templates());
    analyzer.plan("SELECT SUM(age) FROM emp WHERE age > 40");
    assertEquals(0, analyzer.planCacheStats().shapeHits(), "each narrowing statement plans itself");
    assertEquals(1, analyzer.planCacheStats().plannedShapes(), "the shape is planned once");
  }

  @Test
  void charColumnComparison_makesNoTemplate() throws SQLException {
    // the literal compares as varchar against the CHAR(5) column, a parameter as bpchar
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE name = 'abc'");
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE name = 'abcd'");
    assertEquals(0, analyzer.planCacheStats().templates());
    assertEquals(0, analyzer.planCacheStats().shapeHits());
  }

  @Test
  void valueThatDoesNotBindExactly_isPlannedByItsText() throws SQLException {
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE salary > 10.50");
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE salary > 99999999.99"); // beyond NUMERIC(8,2)
    assertEquals(0, analyzer.planCacheStats().shapeHits());
    assertEquals(2, analyzer.planCacheStats().plannedStatements());
  }

  @Test
  void refreshCatalog_forgetsTemplates() throws SQLException {
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE age > 30");
    assertEquals(1, analyzer.planCacheStats().templates());
    analyzer.refreshCatalog();
    assertEquals(0, analyzer.planCacheStats().templates());
    analyzer.plan("SELECT COUNT(*) FROM emp WHERE age > 31");
    assertEquals(0, analyzer.planCacheStats().shapeHits());
  }

  /** Every component but the post-processor object, which is compared by its explain text. */
  static void assertSamePlan(PrivacyPlan expected, PrivacyPlan actual) {
    assertEquals(expected.originalSql(), actual.originalSql());
    assertEquals(expected.rewritten(), actual.rewritten());
    assertEquals(expected.preflight(), actual.preflight());
    assertEquals(expected.parameterCount(), actual.parameterCount());
    assertEquals(expected.groupKeys(), actual.groupKeys());
    assertEquals(expected.coordinates(), actual.coordinates());
    assertEquals(expected.outputs(), actual.outputs());
    assertEquals(expected.bounds(), actual.bounds());
    assertEquals(expected.selection(), actual.selection());
    assertEquals(expected.quantiles(), actual.quantiles());
    assertEquals(expected.maxGroupsPerUnit(), actual.maxGroupsPerUnit());
    assertEquals(expected.post() == null, actual.post() == null);
    if (expected.post() != null) {
      assertEquals(expected.post().processor().describe(), actual.post().processor().describe());
    }
  }
}
