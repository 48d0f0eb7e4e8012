package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalCalc;
import org.apache.calcite.rex.RexProgram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Details of the rule: where its facts come from, what it refuses besides expressions. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ErrorFreedomDetailsTest {
  private SafetyFixture fixture;

  @BeforeAll
  void setUp() throws SQLException {
    fixture =
        new SafetyFixture(
            DriverManager.getConnection(
                "jdbc:h2:mem:errordetails" + System.nanoTime() + ";DB_CLOSE_DELAY=-1"));
  }

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
  }

  private SQLException refusal(SafetyFixture.Split s) {
    return assertThrows(
        SQLException.class, () -> ErrorFreedom.check(s.boundary().below(), s.analysis()));
  }

  @Test
  void dateTruncPastAWeek_needsTheTimestampsBound_readFromItsCheck() throws SQLException {
    SafetyFixture.Split bounded =
        fixture.split(
            "SELECT COUNT(*) FROM orders WHERE date_trunc('month', placed) = DATE '2021-01-01'");
    ErrorFreedom.check(bounded.boundary(), bounded.analysis());
    SQLException e =
        refusal(
            fixture.split(
                "SELECT COUNT(*) FROM readings WHERE date_trunc('month', taken) = DATE '2021-01-01'"));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("taken has no bound"), e.getMessage());
    assertTrue(e.getMessage().contains("CHECK constraint"), e.getMessage());
  }

  @Test
  void policyBounds_areClampBounds_notFactsAboutStoredValues() throws SQLException {
    SQLException e = refusal(fixture.split("SELECT SUM(capped * 100000) FROM readings"));
    assertTrue(e.getMessage().contains("leaves the range of integer"), e.getMessage());
    SafetyFixture.Split clamped =
        fixture.split("SELECT SUM(LEAST(GREATEST(capped, 0), 100) * 100000) FROM readings");
    ErrorFreedom.check(clamped.boundary(), clamped.analysis());
  }

  @Test
  void filters_narrowNothing_aCaseDoes() throws SQLException {
    SQLException e = refusal(fixture.split("SELECT SUM(1000 / raw) FROM readings WHERE raw > 0"));
    assertTrue(e.getMessage().contains("NULLIF(d, 0)"), e.getMessage());
    SafetyFixture.Split guarded =
        fixture.split("SELECT SUM(CASE WHEN raw > 0 THEN 1000 / raw END) FROM readings");
    ErrorFreedom.check(guarded.boundary(), guarded.analysis());
  }

  @Test
  void message_namesTheConstruct_thePlace_andARewrite() throws SQLException {
    SQLException e =
        refusal(fixture.split("SELECT COUNT(*) FROM employees WHERE 1/(salary-50000) > 0"));
    assertEquals(
        "dpjdbc refuses division by salary - 50000 (1 / (salary - 50000)) in WHERE: the divisor"
            + " can be 0 for some rows, and the backend raises a division-by-zero error, and an error"
            + " is released without noise. Guard the divisor: x / NULLIF(d, 0), or CASE WHEN d <>"
            + " 0 THEN x / d END.",
        e.getMessage());
  }

  @Test
  void aCastOfAPossibleNaN_isRefused_withAGuardThatExcludesIt() throws SQLException {
    SQLException e = refusal(fixture.split("SELECT SUM(CAST(fixed AS INTEGER)) FROM readings"));
    assertEquals("0A000", e.getSQLState());
    assertTrue(
        e.getMessage().startsWith("dpjdbc refuses CAST from numeric to integer"), e.getMessage());
    assertTrue(e.getMessage().contains("\"cannot convert NaN to integer\""), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains("CASE WHEN fixed BETWEEN lo AND hi THEN CAST(fixed AS integer) END"),
        e.getMessage());
    SafetyFixture.Split guarded =
        fixture.split(
            "SELECT SUM(CASE WHEN fixed BETWEEN -10 AND 10 THEN CAST(fixed AS INTEGER) END) FROM"
                + " readings");
    ErrorFreedom.check(guarded.boundary(), guarded.analysis());
  }

  @Test
  void onH2_aNumericHoldsNoNaN() throws SQLException {
    SafetyFixture.Split s = fixture.split("SELECT SUM(CAST(fixed AS INTEGER)) FROM readings");
    ErrorFreedom.check(s.boundary(), s.analysis(), Backend.H2);
    assertThrows(
        SQLException.class,
        () -> ErrorFreedom.check(s.boundary(), s.analysis(), Backend.POSTGRESQL));
  }

  @Test
  void suggestedRewrites_donotFailThemselves() throws SQLException {
    assertTrue(
        refusal(fixture.split("SELECT SUM(ABS(raw)) FROM readings"))
            .getMessage()
            .contains("ABS(CAST(x AS bigint))"));
    assertTrue(
        refusal(fixture.split("SELECT SUM(ABS(big)) FROM readings"))
            .getMessage()
            .contains("ABS(CAST(x AS numeric))"));
    for (String sql :
        List.of(
            "SELECT SUM(ratio * 2) FROM readings",
            "SELECT SUM(CAST(ratio AS INTEGER)) FROM readings",
            "SELECT SUM(CAST(fixed AS INTEGER)) FROM readings",
            "SELECT SUM(FLOOR(amount)) FROM readings")) {
      String m = refusal(fixture.split(sql)).getMessage();
      assertFalse(m.contains("AS bigint"), m); // a cast to bigint fails on NaN and ±Infinity
      assertTrue(m.contains("BETWEEN lo AND hi"), m);
    }
  }

  @Test
  void anOperatorTheRuleDoesNotKnow_isRefused() throws SQLException {
    SafetyFixture.Split s = fixture.split("SELECT SUM(price * qty) FROM orders");
    Project p = (Project) s.boundary().below();
    RexProgram program =
        RexProgram.create(
            p.getInput().getRowType(),
            p.getProjects(),
            null,
            p.getRowType(),
            p.getCluster().getRexBuilder());
    RelNode calc = LogicalCalc.create(p.getInput(), program);
    SQLException e = assertThrows(SQLException.class, () -> ErrorFreedom.check(calc, s.analysis()));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("the operator Calc"), e.getMessage());
  }

  @Test
  void aPublicPlan_hasNothingToCheck() throws SQLException {
    SafetyFixture.Split s = fixture.split("SELECT COUNT(*) FROM departments WHERE budget / 0 > 1");
    assertTrue(s.boundary().isPublic());
    ErrorFreedom.check(s.boundary(), s.analysis());
    assertNull(Preflight.of(s.boundary(), Backend.H2));
  }
}
