package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * On H2 the bounded rewrite keeps every clamp: the facts that would make one redundant rest on the
 * catalog (even {@code CAST(flag AS INTEGER)} is in [0, 1] only while {@code flag} is a BOOLEAN),
 * H2 cannot re-check its catalog inside the statement, and it lists a CHECK added with {@code
 * NOCHECK} (which older rows may violate) like any other. The answer is the clamped one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnclampedH2Test {
  private Connection c;
  private RelationalPlanner planner;

  @BeforeAll
  void start() throws SQLException {
    c = DriverManager.getConnection("jdbc:h2:mem:unclamped" + System.nanoTime());
    Gauges.create(
        c,
        Gauges.H2_ROWS,
        "INSERT INTO gauges VALUES (5000, 0, 0, 1000, 0, 0, 0, FALSE, 'a')",
        "ALTER TABLE gauges ADD CONSTRAINT late_check CHECK (late BETWEEN 0 AND 100) NOCHECK");
    planner =
        new RelationalPlanner(
            new ConstraintCatalog(c), Policy.parse(Gauges.POLICY, "gauges"), Backend.H2);
  }

  @AfterAll
  void stop() throws SQLException {
    c.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "SELECT SUM(checked) FROM gauges | checked",
        "SELECT SUM(wide) FROM gauges | wide",
        "SELECT SUM(small) FROM gauges | small",
        "SELECT SUM(capped) FROM gauges | capped",
        "SELECT SUM(late) FROM gauges | late",
        "SELECT SUM(CASE WHEN remote THEN 1 ELSE 0 END) FROM gauges | expr",
        "SELECT SUM(LEAST(GREATEST(capped, 0), 100)) FROM gauges | expr",
      })
  void everyClampStays(String sql, String clamped) throws SQLException {
    PrivacyPlan plan = planner.plan(sql);
    assertEquals(List.of(clamped), Gauges.clamped(plan), plan.rewrittenSql());
    assertFalse(plan.rewrittenSql().contains("pg_catalog"), plan.rewrittenSql());
  }

  @Test
  void nocheckConstraint_isViolatedByAnOlderRow_andTheClampHoldsTheBound() throws SQLException {
    double raw = Gauges.scalar(c, "SELECT SUM(late) FROM gauges");
    double clamped = Gauges.scalar(c, "SELECT SUM(LEAST(late, 100)) FROM gauges");
    assertEquals(900.0, raw - clamped, "the row added before the NOCHECK constraint: 1000");
    assertEquals(clamped, Gauges.run(c, planner.plan("SELECT SUM(late) FROM gauges"))[0]);
  }
}
