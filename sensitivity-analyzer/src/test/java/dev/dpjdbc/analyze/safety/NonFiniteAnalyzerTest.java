package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
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

/**
 * The NaN channel end to end, through the analyzer's entry point (the relational analyzer, then the
 * one-table planner on 0A000) on PostgreSQL 14 holding a 'NaN' row and an 'infinity' date: the
 * forms whose statement would fail on that row ("cannot convert NaN to integer") are refused before
 * anything runs, and the guarded forms the refusal suggests are planned, and their statements run
 * without error on the same rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NonFiniteAnalyzerTest {
  private EmbeddedPostgres postgres;
  private SafetyFixture fixture;
  private SensitivityAnalyzer analyzer;

  @BeforeAll
  void setUp() throws SQLException {
    postgres = Postgres.start();
    fixture = new SafetyFixture(postgres.getPostgresDatabase().getConnection());
    try (Statement st = fixture.connection.createStatement()) {
      st.execute("INSERT INTO departments VALUES (1, 'D1', 0)");
      st.execute(
          "INSERT INTO employees VALUES (1, 1, 1000, 40, DATE '2020-01-01', TRUE, 'N', 1, 'F',"
              + " 10)");
      st.execute(
          "INSERT INTO readings (id, employee_id, fixed, pos, half, due) VALUES"
              + " (1, 1, 'NaN', 'NaN', 'NaN', 'infinity'), (2, 1, 2.5, 3, 1.5, DATE '2020-01-01')");
    }
    analyzer =
        SensitivityAnalyzer.create(
            fixture.connection, Policy.parse(SafetyFixture.POLICY, "non-finite test policy"));
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    fixture.close();
    postgres.close();
  }

  @Test
  void formsThatFailOnNaN_areRefusedBeforeAnythingRuns() throws SQLException {
    for (String sql :
        List.of(
            "SELECT SUM(CAST(fixed AS INTEGER)) FROM readings",
            "SELECT COUNT(*) FROM readings WHERE CAST(pos AS INTEGER) > 3",
            "SELECT SUM(CASE WHEN pos >= 0 THEN CAST(pos AS INTEGER) END) FROM readings",
            "SELECT COUNT(*) FROM readings WHERE CAST(EXTRACT(YEAR FROM due) AS INTEGER) > 2000")) {
      try (Statement st = fixture.connection.createStatement()) {
        // the channel: run as written, the statement fails because of the one 'NaN' row
        assertThrows(SQLException.class, () -> st.executeQuery(sql).next(), "the leak: " + sql);
      }
      SQLException e = assertThrows(SQLException.class, () -> analyzer.plan(sql), sql);
      assertEquals("0A000", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("BETWEEN lo AND hi"), e.getMessage());
    }
  }

  @Test
  void guardedForms_arePlanned_andRunOnTheSameRows() throws SQLException {
    for (String sql :
        List.of(
            "SELECT SUM(CASE WHEN fixed BETWEEN -100 AND 100 THEN CAST(fixed AS INTEGER) END) FROM"
                + " readings",
            "SELECT SUM(CAST(LEAST(GREATEST(pos, 0), 100) AS INTEGER)) FROM readings",
            "SELECT SUM(CASE WHEN half <= 10 THEN CAST(half AS INTEGER) END) FROM readings",
            "SELECT COUNT(*) FROM readings WHERE ABS(half) > 1 AND FLOOR(half) < 5")) {
      PrivacyPlan plan = analyzer.plan(sql);
      Connection c = fixture.connection;
      if (plan.preflight() != null) {
        Postgres.run(c, plan.preflight(), List.of());
      }
      Postgres.run(c, plan.rewritten(), List.of());
    }
  }
}
