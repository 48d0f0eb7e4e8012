package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * On PostgreSQL the bounded rewrite leaves out a row clamp exactly when the database's validated
 * constraints (or the column's type, or the expression itself) keep every value inside the clamp's
 * bounds, answers exactly as the clamped rewrite would, and re-checks the catalog in the statement:
 * a plan made before a CHECK was dropped fails instead of running unclamped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnclampedPostgresTest {
  private EmbeddedPostgres postgres;
  private Connection c;
  private Policy policy;
  private RelationalPlanner planner;

  @BeforeAll
  void start() throws IOException, SQLException {
    postgres = EmbeddedPostgres.builder().start();
    c = postgres.getPostgresDatabase().getConnection();
    Gauges.create(
        c,
        Gauges.POSTGRES_ROWS,
        "ALTER TABLE gauges ADD CONSTRAINT late_check CHECK (late BETWEEN 0 AND 100) NOT VALID");
    policy = Policy.parse(Gauges.POLICY, "gauges");
    planner = new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL);
  }

  @AfterAll
  void stop() throws IOException, SQLException {
    c.close();
    postgres.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // a validated CHECK bounds the column: no clamp
        "SELECT SUM(checked) FROM gauges | | true",
        "SELECT AVG(checked) FROM gauges | | true",
        // the CHECK lies inside wider policy bounds: no clamp, λ from the policy
        "SELECT SUM(wide) FROM gauges | | true",
        // SMALLINT's own range
        "SELECT SUM(small) FROM gauges | | true",
        // the expression bounds itself (given its columns' types): no clamp
        "SELECT SUM(CASE WHEN remote THEN 1 ELSE 0 END) FROM gauges | | true",
        "SELECT SUM(LEAST(GREATEST(capped, 0), 100)) FROM gauges | | true",
        "SELECT SUM(CAST(remote AS INTEGER)) FROM gauges | | true",
        // bounds only from the policy: clamped
        "SELECT SUM(capped) FROM gauges | capped | false",
        // policy bounds narrower than the CHECK: clamped
        "SELECT SUM(narrow) FROM gauges | narrow | false",
        // a NOT VALID CHECK is no fact: clamped to the policy's bounds
        "SELECT SUM(late) FROM gauges | late | false",
        "SELECT kind, SUM(checked), AVG(capped) FROM gauges GROUP BY kind | capped | true",
      })
  void clampIsLeftOut_exactlyWhereConstraintsGuaranteeIt(
      String sql, String clamped, boolean rechecks) throws SQLException {
    PrivacyPlan plan = planner.plan(sql);
    assertEquals(
        clamped == null ? List.of() : List.of(clamped), Gauges.clamped(plan), plan.rewrittenSql());
    assertEquals(
        rechecks, plan.rewrittenSql().contains("pg_catalog.pg_class"), plan.rewrittenSql());
    assertEquals(
        rechecks,
        plan.bounds().stream().anyMatch(u -> u.source().startsWith("no clamp")),
        plan.bounds().toString());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "SELECT SUM(checked) FROM gauges | SELECT SUM(checked) FROM gauges",
        "SELECT SUM(small) FROM gauges | SELECT SUM(small) FROM gauges",
        "SELECT SUM(wide) FROM gauges | SELECT SUM(wide) FROM gauges",
        "SELECT SUM(narrow) FROM gauges | SELECT SUM(LEAST(narrow, 50)) FROM gauges",
        "SELECT SUM(capped) FROM gauges | SELECT SUM(capped) FROM gauges",
      })
  void answer_isTheClampedSum(String sql, String exact) throws SQLException {
    assertEquals(Gauges.scalar(c, exact), Gauges.run(c, planner.plan(sql))[0]);
  }

  @Test
  void droppedCheck_failsTheCachedPlan_evenOnAnEmptyTable_andANewPlanClamps() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE meters (id INTEGER PRIMARY KEY, kind VARCHAR(1) NOT NULL CHECK (kind IN"
              + " ('a', 'b')), reading INTEGER NOT NULL CONSTRAINT reading_check"
              + " CHECK (reading BETWEEN 0 AND 10))");
      s.execute("INSERT INTO meters SELECT g, 'a', g % 11 FROM generate_series(1, 100) g");
    }
    String sql = "SELECT kind, SUM(reading) FROM meters GROUP BY kind";
    RelationalPlanner cached =
        new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL);
    PrivacyPlan plan = cached.plan(sql);
    assertEquals(List.of(), Gauges.clamped(plan));
    assertEquals(496.0, Gauges.run(c, plan)[1]);
    try (Statement s = c.createStatement()) {
      s.execute("ALTER TABLE meters DROP CONSTRAINT reading_check");
      s.execute("INSERT INTO meters VALUES (1000, 'a', 1000000)");
    }
    SQLException e = assertThrows(SQLException.class, () -> Gauges.run(c, plan));
    assertTrue(CatalogGuard.isFailure(e), e.toString());
    try (Statement s = c.createStatement()) {
      s.execute("TRUNCATE meters");
      s.execute(
          "ALTER TABLE meters ADD CONSTRAINT reading_check CHECK (reading BETWEEN 0 AND 10)"
              + " NOT VALID");
    }
    e = assertThrows(SQLException.class, () -> Gauges.run(c, plan));
    assertTrue(CatalogGuard.isFailure(e), "an empty table still re-checks: " + e);
    // the catalog read again: the NOT VALID CHECK is no fact, and the column has no other bound
    SQLException refused =
        assertThrows(
            SQLException.class,
            () ->
                new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL)
                    .plan(sql));
    assertEquals("ZD001", refused.getSQLState(), refused.getMessage());
  }

  @Test
  void validatedAgain_aNewPlanLeavesTheClampOut_andTheOldOneStillFails() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE dials (id INTEGER PRIMARY KEY, turn INTEGER NOT NULL CONSTRAINT turn_check"
              + " CHECK (turn BETWEEN 0 AND 10))");
      s.execute("INSERT INTO dials SELECT g, g % 11 FROM generate_series(1, 100) g");
    }
    String sql = "SELECT SUM(turn) FROM dials";
    PrivacyPlan before =
        new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL).plan(sql);
    try (Statement s = c.createStatement()) {
      s.execute("ALTER TABLE dials DROP CONSTRAINT turn_check");
      s.execute("ALTER TABLE dials ADD CONSTRAINT turn_check CHECK (turn BETWEEN 0 AND 10)");
    }
    assertTrue(
        CatalogGuard.isFailure(assertThrows(SQLException.class, () -> Gauges.run(c, before))),
        "the same CHECK re-added is a new constraint: the plan is made again");
    PrivacyPlan after =
        new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL).plan(sql);
    assertEquals(List.of(), Gauges.clamped(after));
    assertEquals(496.0, Gauges.run(c, after)[0]);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "columns swap names | ALTER TABLE knobs RENAME COLUMN turn TO tmp;"
            + " ALTER TABLE knobs RENAME COLUMN free TO turn; ALTER TABLE knobs RENAME COLUMN tmp"
            + " TO free",
        "tables swap names | ALTER TABLE knobs RENAME TO knobs_old;"
            + " CREATE TABLE knobs (id INTEGER PRIMARY KEY, turn INTEGER NOT NULL, free INTEGER,"
            + " small INTEGER, level INTEGER)",
        "type widened | ALTER TABLE knobs ALTER COLUMN small TYPE INTEGER",
        "domain CHECK dropped | ALTER DOMAIN knob_level DROP CONSTRAINT knob_level_check",
        "child table attached | CREATE TABLE knobs_child () INHERITS (knobs)",
        "table dropped and created again | DROP TABLE knobs; CREATE TABLE knobs (id INTEGER"
            + " PRIMARY KEY, turn INTEGER NOT NULL CHECK (turn BETWEEN 0 AND 10), free INTEGER,"
            + " small SMALLINT, level knob_level)",
      })
  void catalogChange_failsTheCachedPlan(String change, String ddl) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS knobs_old");
      s.execute("DROP TABLE IF EXISTS knobs CASCADE");
      s.execute("DROP DOMAIN IF EXISTS knob_level");
      s.execute(
          "CREATE DOMAIN knob_level AS INTEGER CONSTRAINT knob_level_check"
              + " CHECK (VALUE BETWEEN 0 AND 5)");
      s.execute(
          "CREATE TABLE knobs (id INTEGER PRIMARY KEY, turn INTEGER NOT NULL CHECK (turn BETWEEN 0"
              + " AND 10), free INTEGER, small SMALLINT, level knob_level)");
      s.execute("INSERT INTO knobs SELECT g, g % 11, 1000000, 1, 2 FROM generate_series(1, 10) g");
    }
    RelationalPlanner fresh =
        new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL);
    List<PrivacyPlan> plans = new java.util.ArrayList<>();
    for (String column : List.of("turn", "small", "level")) {
      PrivacyPlan p = fresh.plan("SELECT SUM(" + column + ") FROM knobs");
      assertEquals(List.of(), Gauges.clamped(p), column);
      Gauges.run(c, p);
      plans.add(p);
    }
    try (Statement s = c.createStatement()) {
      for (String st : ddl.split(";")) {
        s.execute(st);
      }
    }
    for (PrivacyPlan p : plans) {
      SQLException e = assertThrows(SQLException.class, () -> Gauges.run(c, p), change);
      assertTrue(CatalogGuard.isFailure(e), change + ": " + e);
    }
  }

  @Test
  void tableWithChildren_keepsItsClamps() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE parents (id INTEGER PRIMARY KEY, v INTEGER NOT NULL CHECK (v BETWEEN 0"
              + " AND 10))");
      s.execute("CREATE TABLE children () INHERITS (parents)");
    }
    PrivacyPlan plan =
        new RelationalPlanner(new ConstraintCatalog(c), policy, Backend.POSTGRESQL)
            .plan("SELECT SUM(v) FROM parents");
    assertEquals(List.of("v"), Gauges.clamped(plan));
    assertFalse(plan.rewrittenSql().contains("pg_catalog"), plan.rewrittenSql());
  }
}
