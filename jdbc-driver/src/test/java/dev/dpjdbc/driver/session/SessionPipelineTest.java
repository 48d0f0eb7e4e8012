package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.SortKey;
import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The session's privacy path on a real H2 database and a real H2 ledger, with a hand-written plan
 * standing in for the analyzer: empty domain groups are released, the ledger is charged before
 * release, the cost travels as a warning, EXPLAIN and SHOW spend nothing, the budget runs out.
 */
class SessionPipelineTest {
  private static final String Q =
      "SELECT region, COUNT(*) FROM employees WHERE age > ? GROUP BY region ORDER BY region";

  private Connection backend;
  private Ledger ledger;

  /** COUNT(*) per region over employees WHERE age > ?; domain N,S,E,W (W has no rows). */
  static PrivacyPlan regionCounts() {
    return new PrivacyPlan(
        "SELECT region, COUNT(*) FROM employees WHERE age > ? GROUP BY region ORDER BY region",
        "SELECT region, COUNT(*) AS c0 FROM employees WHERE age > ? GROUP BY region",
        1,
        List.of(
            new GroupKey(
                "region", Types.VARCHAR, "varchar", List.of("N", "S", "E", "W"), "CHECK IN list")),
        List.of(new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1)),
        1,
        List.of(
            new OutputColumn("region", Types.VARCHAR, "varchar", null, new OutputExpr.KeyRef(0)),
            new OutputColumn("count", Types.BIGINT, "int8", "COUNT(*)", new OutputExpr.CountOf(0))),
        List.of(new SortKey(0, false, null)),
        null,
        null,
        List.of());
  }

  @BeforeEach
  void setUp() throws SQLException {
    String id = UUID.randomUUID().toString();
    backend = DriverManager.getConnection("jdbc:h2:mem:" + id);
    try (Statement s = backend.createStatement()) {
      s.execute(
          "CREATE TABLE employees(id INT PRIMARY KEY, age INT, region VARCHAR(1)"
              + " CHECK (region IN ('N','S','E','W')))");
      s.execute(
          "INSERT INTO employees SELECT x, 20 + MOD(x, 50), CASE MOD(x, 3) WHEN 0 THEN 'N'"
              + " WHEN 1 THEN 'S' ELSE 'E' END FROM SYSTEM_RANGE(1, 300)");
    }
    ledger = Ledger.open("jdbc:h2:mem:ledger-" + id + ";DB_CLOSE_DELAY=-1");
  }

  @AfterEach
  void tearDown() throws Exception {
    ledger.close();
    backend.close();
  }

  private Session session(double budgetEpsilon) {
    return new Session(
        "alice",
        new Ledger.Budget(budgetEpsilon, 1e-6),
        backend,
        sql -> regionCounts(),
        ledger,
        new QuerySettings(1.0, 1e-7, Mechanism.LAPLACE, Objective.ABSOLUTE),
        (c, changed) -> {},
        CatalogLink.dataConnectionOnly(backend));
  }

  @Test
  void execute_groupByPublicDomain_releasesEveryKeyWithCostWarning() throws SQLException {
    Session session = session(10);
    Outcome out = session.execute(Q, List.of(0), 0);
    Table t = out.table();
    assertEquals(List.of("N", "S", "E", "W").size(), t.rows().size());
    assertEquals("E", t.rows().get(0)[0]); // ORDER BY region after the noise
    assertEquals("W", t.rows().get(3)[0]);
    assertTrue(t.rows().get(3)[1] instanceof Long, "COUNT is released as a Long");
    assertNotNull(out.warning());
    assertEquals("01000", out.warning().getSQLState());
    String notice = out.warning().getMessage();
    assertTrue(notice.contains("laplace"), notice);
    // budget (10, 1e-6), Laplace ε = 1: basic composition admits 10, so 9 more after this one
    assertTrue(notice.contains("(basic composition); about 9 more queries like this one"), notice);
    Ledger.BudgetStatus status = ledger.status("alice", new Ledger.Budget(10, 1e-6));
    assertEquals(1.0, status.epsilonSpent(), 1e-9);
  }

  @Test
  void explainAndShow_spendNothing() throws SQLException {
    Session session = session(10);
    SQLException unbound =
        assertThrows(
            SQLException.class, () -> session.execute("EXPLAIN PRIVACY " + Q, List.of(), 0));
    assertEquals("22023", unbound.getSQLState(), "as execution: every ? must be bound");
    Table explain = session.execute("EXPLAIN PRIVACY " + Q, List.of(30), 0).table();
    assertEquals(1, explain.rows().size());
    assertEquals("count", explain.rows().get(0)[0]);
    assertEquals(1.0, (Double) explain.rows().get(0)[2]); // sensitivity
    assertEquals(1.0, (Double) explain.rows().get(0)[4], 1e-6); // Laplace b = λ/ε′
    Table budget = session.execute("SHOW dp.budget", List.of(), 0).table();
    assertEquals(0.0, (Double) budget.rows().get(0)[0]);
    assertEquals(10.0, (Double) budget.rows().get(0)[2], 1e-9);
    assertEquals(
        List.of(
            "epsilon_spent",
            "delta_spent",
            "epsilon_remaining",
            "delta_remaining",
            "queries",
            "accounting",
            "rho_spent",
            "rho_remaining",
            "queries_left"),
        budget.columns().stream().map(Table.Column::label).toList(),
        "the first six columns keep their names and order");
    assertEquals(10L, budget.rows().get(0)[8], "Laplace ε = 1 at the current settings: 10 fit");
    assertTrue((Double) budget.rows().get(0)[7] > 0, "zCDP rho remaining is shown");
    session.execute("SET dp.epsilon = 0.5", List.of(), 0);
    Table half = session.execute("SHOW dp.budget", List.of(), 0).table();
    // ε = 0.5, δ = 1e-7: basic composition stops at 10 (Σδ reaches 1e-6); zCDP admits 12
    // (CKS(12ρ, 1e-6) = 9.848, CKS(13ρ, 1e-6) = 10.326 with ρ = ε′²/2, computed independently)
    assertEquals(12L, half.rows().get(0)[8], "counted at the settings now in force");
  }

  @Test
  void set_changesSettingsAndRefusesBadValues() throws SQLException {
    Session session = session(10);
    session.execute("SET dp.epsilon = 0.25", List.of(), 0);
    session.execute("set dp.mechanism to 'gaussian'", List.of(), 0);
    assertEquals("0.25", session.execute("SHOW dp.epsilon", List.of(), 0).table().rows().get(0)[0]);
    assertEquals(Mechanism.GAUSSIAN, session.settings().mechanism());
    SQLException e =
        assertThrows(
            SQLException.class, () -> session.execute("SET dp.epsilon = -1", List.of(), 0));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains("dp.epsilon"), e.getMessage());
  }

  @Test
  void reset_restoresPolicyDefault() throws SQLException {
    Session session = session(10);
    session.execute("SET dp.epsilon = 0.25", List.of(), 0);
    session.execute("SET dp.mechanism = gaussian", List.of(), 0);
    session.execute("RESET dp.epsilon", List.of(), 0);
    session.execute("SET dp.mechanism TO DEFAULT", List.of(), 0);
    assertEquals(1.0, session.settings().epsilon());
    assertEquals(Mechanism.LAPLACE, session.settings().mechanism());
    SQLException e =
        assertThrows(SQLException.class, () -> session.execute("RESET dp.nope", List.of(), 0));
    assertEquals("22023", e.getSQLState());
  }

  @Test
  void execute_budgetExhausted_refusesWithZd100AndReleasesNothing() throws SQLException {
    Session session = session(2.0);
    session.execute(Q, List.of(0), 0);
    session.execute(Q, List.of(0), 0);
    SQLException e = assertThrows(SQLException.class, () -> session.execute(Q, List.of(0), 0));
    assertEquals("ZD100", e.getSQLState());
  }

  @Test
  void execute_wrongParameterCount_refused() {
    Session session = session(10);
    SQLException e = assertThrows(SQLException.class, () -> session.execute(Q, List.of(), 0));
    assertEquals("22023", e.getSQLState());
  }

  @Test
  void execute_severalStatements_refused() {
    Session session = session(10);
    SQLException e =
        assertThrows(SQLException.class, () -> session.execute("SELECT 1; SELECT 2", List.of(), 0));
    assertEquals("0A000", e.getSQLState());
  }
}
