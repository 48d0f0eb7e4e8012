package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Generated SQL carries no analyst text, on every backend: each literal of the analyst's WHERE is a
 * bind parameter holding the value the parser decoded, so no setting of the backend's string syntax
 * can make a literal escape its quotes; identifiers are the catalog's; the answers are those of the
 * analyst's query run as written; constant expressions that can fail fail whatever the data holds;
 * and anything thrown at the analyzer — the statements psql and pgJDBC send, attack literals — is
 * either refused with a SQLState or planned without analyst text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LiteralContractTest {
  Connection connection;
  SensitivityAnalyzer analyzer;
  Set<String> catalog;

  abstract Connection open() throws SQLException;

  /** Makes the backend evaluate parameters per row where it can (PostgreSQL: generic plans). */
  void evaluateParametersPerRow(Connection c) throws SQLException {}

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    AnalyzerFixture.createCommon(connection);
    LiteralFixture.create(connection);
    evaluateParametersPerRow(connection);
    analyzer = SensitivityAnalyzer.create(connection, AnalyzerFixture.policy());
    catalog = LiteralFixture.catalogNames(connection);
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  PrivacyPlan notes(String where) throws SQLException {
    return analyzer.plan("SELECT COUNT(*) FROM notes WHERE " + where);
  }

  @ParameterizedTest
  @MethodSource("dev.dpjdbc.analyze.LiteralFixture#nastyWheres")
  void literal_neverInGeneratedSql_itsValueIsBound(String where, List<String> values)
      throws SQLException {
    PrivacyPlan plan = notes(where);
    assertNull(LiteralFixture.analystTextIn(plan.originalSql(), plan, catalog));
    List<String> bound = LiteralFixture.normalized(LiteralFixture.constants(plan));
    assertTrue(
        bound.containsAll(LiteralFixture.normalized(values)),
        "bound " + bound + ", expected " + values);
    assertEquals(0, plan.parameterCount(), "the analyst's ? count, not the generated one");
  }

  @ParameterizedTest
  @MethodSource("dev.dpjdbc.analyze.LiteralFixture#nastyWheres")
  void literal_boundAsParameter_answersAsTheQueryAsWritten(String where, List<String> values)
      throws SQLException {
    PrivacyPlan plan = notes(where);
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.viaPlan(connection, plan),
            AnalyzerFixture.plain(connection, plan.originalSql())),
        plan.rewrittenSql());
  }

  static Stream<Arguments> sameShape() {
    return Stream.of(
        Arguments.of("body = 'x\\'' OR 1=1 --'", "body = 'something else'"),
        Arguments.of("amount > 12.5", "amount > 99.9"),
        Arguments.of("id > 5 AND id <> -7", "id > 6 AND id <> 900"),
        Arguments.of("born > DATE '2021-06-15'", "born > DATE '1999-12-31'"),
        Arguments.of(
            "seen < TIMESTAMP '2021-07-02 05:06:07.891'",
            "seen < TIMESTAMP '2000-01-01 01:00:00.123'"),
        Arguments.of("body IN ('a', 'b--')", "body IN ('/*c', 'd''')"),
        Arguments.of("body LIKE '%--%' ESCAPE '!'", "body LIKE 'p%' ESCAPE '#'"),
        Arguments.of(
            "seen > DATE '2021-01-01' + INTERVAL '17' DAY",
            "seen > DATE '2020-02-02' + INTERVAL '3' DAY"),
        Arguments.of("id > 2 * 3 + 1", "id > 4 * 5 + 6"),
        Arguments.of("body = ? AND id > 1", "body = ? AND id > 9"));
  }

  @ParameterizedTest
  @MethodSource("sameShape")
  void literalValue_changesParametersNeverSql(String a, String b) throws SQLException {
    PrivacyPlan pa = notes(a);
    PrivacyPlan pb = notes(b);
    assertEquals(pa.rewrittenSql(), pb.rewrittenSql());
    assertEquals(
        pa.preflight() == null ? null : pa.preflight().sql(),
        pb.preflight() == null ? null : pb.preflight().sql());
    assertNotEquals(pa.parameters(), pb.parameters());
  }

  @Test
  void identifiers_areTheCatalogsWhateverTheAnalystsSpelling() throws SQLException {
    PrivacyPlan spelled =
        analyzer.plan(
            "select count(*) from NoTeS n where n.BODY = 'a' and \"amount\" > 1 and n.Born"
                + " IS NULL");
    PrivacyPlan plain =
        analyzer.plan(
            "SELECT COUNT(*) FROM notes WHERE body = 'b' AND amount > 2 AND born IS NULL");
    assertEquals(plain.rewrittenSql(), spelled.rewrittenSql());
    assertNull(LiteralFixture.analystTextIn(spelled.originalSql(), spelled, catalog));
  }

  @Test
  void groupKeyDomain_travelsAsParameters() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT region, dept, COUNT(*) FROM employees WHERE name <> 'x' GROUP BY region, dept");
    // the domains are released in post-processing (every key, empty groups included); the SQL
    // needs no IN list of them, and the analyst's literal travels as a parameter
    assertEquals(List.of("x"), LiteralFixture.constants(plan));
    assertEquals(List.of("N", "S", "E", "W"), plan.groupKeys().get(0).domain());
    assertNull(LiteralFixture.analystTextIn(plan.originalSql(), plan, catalog));
  }

  @Test
  void analystParameters_referToTheirOwnIndex() throws SQLException {
    PrivacyPlan plan =
        notes("body <> 'a' AND id > ? AND CASE WHEN id > 2 THEN ? ELSE 'c' END = ? AND born > ?");
    assertEquals(4, plan.parameterCount());
    List<ParameterSource> analyst =
        plan.parameters().stream().filter(ParameterSource.Analyst.class::isInstance).toList();
    assertEquals(
        List.of(
            new ParameterSource.Analyst(0),
            new ParameterSource.Analyst(1),
            new ParameterSource.Analyst(2),
            new ParameterSource.Analyst(3)),
        analyst);
    Object[] values = {3, "x", "c", java.sql.Date.valueOf("2020-06-01")};
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.viaPlan(connection, plan, values),
            AnalyzerFixture.plain(connection, plan.originalSql(), values)));
  }

  static Stream<String> failingConstants() {
    return Stream.of("amount > 2147483647 * 2", "CAST(100000 AS SMALLINT) > amount");
  }

  /**
   * An error of a constant expression does not depend on the data: it is raised on a table with
   * rows and on an empty one alike, because the preflight evaluates the expression before any row
   * is read. Premise: without the preflight, the bound expression is evaluated per row and the
   * empty table raises nothing (so the test cannot pass by accident).
   */
  @ParameterizedTest
  @MethodSource("failingConstants")
  void constantError_raisedWhetherOrNotRowsExist(String where) throws SQLException {
    PrivacyPlan withRows = notes(where);
    PrivacyPlan empty = analyzer.plan("SELECT COUNT(*) FROM empty_notes WHERE " + where);
    assertNotNull(withRows.preflight(), withRows.rewrittenSql());
    SQLException a =
        assertThrows(SQLException.class, () -> AnalyzerFixture.viaPlan(connection, withRows));
    SQLException b =
        assertThrows(SQLException.class, () -> AnalyzerFixture.viaPlan(connection, empty));
    assertEquals(a.getSQLState(), b.getSQLState());
    assertDoesNotThrow(
        () -> {
          try (PreparedStatement ps = connection.prepareStatement(empty.rewrittenSql())) {
            AnalyzerFixture.bind(ps, empty.rewritten());
            ps.executeQuery().close();
          }
        },
        "premise: the backend evaluates the bound expression per row");
  }

  @ParameterizedTest
  @MethodSource("dev.dpjdbc.analyze.LiteralFixture#catalogStatements")
  void invertedClassifier_catalogStatement_refusedOrPlannedWithoutItsText(String sql) {
    refusedOrClean(sql);
  }

  @ParameterizedTest
  @MethodSource("dev.dpjdbc.analyze.LiteralFixture#attacks")
  void invertedClassifier_attackLiteral_refusedOrPlannedWithoutItsText(String sql) {
    refusedOrClean(sql);
  }

  /** The attack table is not vacuous: most of it is planned (and so checked for analyst text). */
  @Test
  void invertedClassifier_attackLiterals_mostlyPlanned() throws java.io.IOException {
    List<String> attacks = LiteralFixture.attacks().toList();
    long planned =
        attacks.stream()
            .filter(
                sql -> {
                  try {
                    analyzer.plan(sql);
                    return true;
                  } catch (SQLException e) {
                    return false;
                  }
                })
            .count();
    assertTrue(planned * 2 > attacks.size(), planned + " of " + attacks.size() + " planned");
  }

  @ParameterizedTest
  @MethodSource("unsupportedLiterals")
  void literalWithoutFaithfulParameter_isRefused(String where) {
    SQLException e = assertThrows(SQLException.class, () -> notes(where));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
  }

  static Stream<String> unsupportedLiterals() {
    return Stream.of("seen > CURRENT_TIMESTAMP - CAST('1' AS INTERVAL DAY)");
  }

  private void refusedOrClean(String sql) {
    try {
      PrivacyPlan plan = analyzer.plan(sql);
      assertNull(LiteralFixture.analystTextIn(sql, plan, catalog), sql);
    } catch (SQLException e) {
      assertTrue(
          e.getSQLState() != null && e.getSQLState().length() == 5,
          "refusal without a SQLState: " + e);
    } catch (RuntimeException | Error e) {
      fail("the analyzer threw " + e + " for " + sql, e);
    }
  }
}
