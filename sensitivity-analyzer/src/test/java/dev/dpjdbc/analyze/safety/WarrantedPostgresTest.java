package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refused shape of the sample is refused for a reason: the plan below the boundary, emitted
 * for PostgreSQL as the rewrite emits it ({@link RelSql}), runs without error on empty tables and
 * (unless PostgreSQL rejects the construct on every row) on ordinary rows, and raises an error — a
 * data exception (SQLState class 22) or an unsupported feature (0A000) — once the witness rows are
 * added. So whether the error happens depends on the data: it would leak.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarrantedPostgresTest {
  private static final String[] BASE = {
    "INSERT INTO departments VALUES (1, 'D1', 100.00)",
    "INSERT INTO employees VALUES (1, 1, 1000, 40, DATE '2020-01-01', TRUE, 'N', 1, 'F', 10)",
    "INSERT INTO visits VALUES (1, 1, DATE '2021-01-01', 30)",
    "INSERT INTO customers VALUES (1, 'N', DATE '2020-01-01')",
    "INSERT INTO orders VALUES (1, 1, 10.00, 2, TIMESTAMP '2021-01-01 10:00:00')",
    "INSERT INTO readings (id, employee_id, raw, big, small, ratio, gauge, amount, code, taken,"
        + " due, capped) VALUES (1, 1, 5, 5, 5, 5, 5, 5, NULL, TIMESTAMP '2021-01-01 10:00:00',"
        + " DATE '2021-01-01', 5)"
  };

  private EmbeddedPostgres postgres;
  private SafetyFixture fixture;
  private Connection c;

  @BeforeAll
  void setUp() throws SQLException {
    postgres = Postgres.start();
    c = postgres.getPostgresDatabase().getConnection();
    // no constant folding of the bound values: the plan a server-prepared statement gets after a
    // few executions, where an error is raised only when a row reaches the expression
    execute("SET plan_cache_mode = force_generic_plan");
    fixture = new SafetyFixture(postgres.getPostgresDatabase().getConnection());
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    c.close();
    fixture.close();
    postgres.close();
  }

  static Stream<ErrorCases.Refused> sample() {
    return ErrorCases.refused().stream().filter(r -> r.witness() != null);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sample")
  void refusedShape_failsOnPostgres_forSomeRows(ErrorCases.Refused r) throws SQLException {
    SafetyFixture.Split s = fixture.split(r.sql());
    BoundSql below = Postgres.emit(s.boundary().below());
    String what = r.sql() + "\n  ran as: " + below.sql();
    execute(
        "TRUNCATE readings, orders, customers, visits, hr.payroll, employees, departments CASCADE");
    noError(below, r, what, "with no rows");
    execute(BASE);
    if (!r.anyRow()) {
      noError(below, r, what, "with ordinary rows");
    }
    execute(r.witness().toArray(String[]::new));
    SQLException e =
        assertThrows(SQLException.class, () -> Postgres.run(c, below, r.params()), what);
    String state = e.getSQLState();
    assertTrue(state.startsWith("22") || state.equals("0A000"), state + " " + e + "\n" + what);
  }

  private void noError(BoundSql below, ErrorCases.Refused r, String what, String when) {
    try {
      Postgres.run(c, below, r.params());
    } catch (SQLException e) {
      throw new AssertionError("failed " + when + ": " + e.getMessage() + "\n" + what, e);
    }
  }

  private void execute(String... statements) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
      }
    }
  }
}
