package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * EXPLAIN PRIVACY through {@code jdbc:dp:} on embedded PostgreSQL, for queries only the relational
 * analyzer answers: the {@code bounds} column shows the path the privacy unit took (along foreign
 * keys, one or two hops, through a public dimension) and where every bound came from — each factor
 * of the rows-per-unit bound (the policy cap of the table it was taken from, the primary key), each
 * operand's CHECK constraint of an expression inside the aggregate, and a CASE of literals bounded
 * by its own constants. Nothing here is random and nothing runs on the data.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresJoinExplainIT {
  private static final String JOIN =
      " FROM fkjoin.visits v JOIN fkjoin.employees e ON v.employee_id = e.id";

  private Backend backend;
  private Path policy;

  @BeforeAll
  void setUp() throws Exception {
    backend = TestBackends.postgres();
    Path dir = TestBackends.tempDir();
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA fkjoin");
      s.execute(
          "CREATE TABLE fkjoin.departments (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL)");
      s.execute(
          "CREATE TABLE fkjoin.employees (id INTEGER PRIMARY KEY,"
              + " dept_id INTEGER NOT NULL REFERENCES fkjoin.departments (id),"
              + " remote BOOLEAN NOT NULL)");
      s.execute(
          "CREATE TABLE fkjoin.visits (id INTEGER PRIMARY KEY,"
              + " employee_id INTEGER NOT NULL REFERENCES fkjoin.employees (id),"
              + " cost INTEGER NOT NULL CHECK (cost BETWEEN 0 AND 100),"
              + " qty INTEGER NOT NULL CONSTRAINT qty_range CHECK (qty BETWEEN 1 AND 5))");
      s.execute(
          "CREATE TABLE fkjoin.visit_notes (id INTEGER PRIMARY KEY,"
              + " visit_id INTEGER NOT NULL REFERENCES fkjoin.visits (id),"
              + " stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5))");
    }
    policy = dir.resolve("fkjoin.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1000.0, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: laplace, objective: absolute}\n"
            + "ledger: jdbc:h2:file:"
            + dir.resolve("fkjoin-ledger").toAbsolutePath()
            + "\n"
            + "tables:\n"
            + "  fkjoin.departments: {public: true}\n"
            + "  fkjoin.visits: {max_rows_per_unit: 3}\n"
            + "  fkjoin.visit_notes: {max_rows_per_unit: 2}\n");
  }

  @Test
  void explain_countAlongForeignKey_showsUnitPathAndBothFactorsOfTheRowBound() throws SQLException {
    Map<String, Object> row = explain("SELECT COUNT(*)" + JOIN);
    String bounds = (String) row.get("bounds");
    assertEquals(3.0, ScenarioBase.num(row.get("sensitivity")), bounds);
    assertContains(
        bounds,
        "fkjoin.employees.id privacy unit (visits.employee_id -> employees.id (primary key);"
            + " joined on the unit fkjoin.employees.id)",
        "at most 3 row(s) per unit per group (joined on the unit fkjoin.employees.id (3 from"
            + " visits: policy max_rows_per_unit (a cap to enforce) × 1 from employees: the unit"
            + " is the primary key, one row each), enforced per unit)");
  }

  @Test
  void explain_productInsideSum_namesEachOperandsConstraint() throws SQLException {
    Map<String, Object> row = explain("SELECT SUM(v.cost * v.qty)" + JOIN + " WHERE e.remote");
    String bounds = (String) row.get("bounds");
    assertEquals(1500.0, ScenarioBase.num(row.get("sensitivity")), bounds);
    assertEquals("SUM(cost * qty)", row.get("aggregate"));
    assertContains(
        bounds,
        "cost * qty [0, 500] (cost * qty from cost: CHECK constraint visits_cost_check;"
            + " qty: CHECK constraint qty_range)",
        "visits.employee_id -> employees.id",
        "3 from visits: policy max_rows_per_unit");
  }

  @Test
  void explain_caseOfLiterals_boundedByItsOwnConstants() throws SQLException {
    Map<String, Object> row =
        explain("SELECT SUM(CASE WHEN e.remote THEN 1 ELSE 0 END) FROM fkjoin.employees e");
    String bounds = (String) row.get("bounds");
    assertEquals(1.0, ScenarioBase.num(row.get("sensitivity")), bounds);
    assertContains(
        bounds,
        "CASE WHEN remote THEN 1 ELSE 0 END [0, 1] (CASE WHEN remote THEN 1 ELSE 0 END from"
            + " its constants and operators alone)",
        "at most 1 row(s) per unit per group (employees: the unit is the primary key, one row"
            + " each)");
  }

  /**
   * Two hops (visit_notes → visits → employees): nothing bounds a visit's notes, so C is the
   * largest cap of the tables read (visits' 3, not visit_notes' 2) and EXPLAIN names that table.
   */
  @Test
  void explain_twoHopForeignKeyPath_namesThePathAndTheCapsTable() throws SQLException {
    Map<String, Object> row =
        explain(
            "SELECT SUM(n.stars) FROM fkjoin.visit_notes n JOIN fkjoin.visits v"
                + " ON n.visit_id = v.id JOIN fkjoin.employees e ON v.employee_id = e.id");
    String bounds = (String) row.get("bounds");
    assertEquals(15.0, ScenarioBase.num(row.get("sensitivity")), bounds);
    assertContains(
        bounds,
        "stars [1, 5] (CHECK constraint visit_notes_stars_check)",
        "privacy unit (visit_notes.visit_id -> visits.id, then visits.employee_id ->"
            + " employees.id (primary key); joined on the unit fkjoin.employees.id)",
        "at most 3 row(s) per unit per group (policy max_rows_per_unit of visits, enforced per"
            + " unit (a unit of fkjoin.employees.id may have any number of rows along"
            + " visit_notes.visit_id");
  }

  @Test
  void explain_joinWithPublicDimension_showsTheKeyMatchFactor() throws SQLException {
    Map<String, Object> row =
        explain(
            "SELECT COUNT(*)"
                + JOIN
                + " JOIN fkjoin.departments d ON e.dept_id = d.id WHERE d.name = 'x'");
    String bounds = (String) row.get("bounds");
    assertEquals(3.0, ScenarioBase.num(row.get("sensitivity")), bounds);
    assertContains(
        bounds,
        "join with public departments (3 from",
        "3 from visits: policy max_rows_per_unit (a cap to enforce)",
        "× 1 from joined on a primary or unique key of departments)");
  }

  private Map<String, Object> explain(String sql) throws SQLException {
    try (Connection c = backend.dp(policy, "fkjoin-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      return ScenarioBase.oneRow(s, "EXPLAIN PRIVACY " + sql);
    }
  }

  private static void assertContains(String bounds, String... parts) {
    for (String part : parts) {
      assertTrue(bounds.contains(part), () -> "missing «" + part + "» in: " + bounds);
    }
  }
}
