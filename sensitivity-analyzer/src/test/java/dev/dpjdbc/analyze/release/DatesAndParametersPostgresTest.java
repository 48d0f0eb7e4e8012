package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** {@link DatesAndParametersContractTest} on PostgreSQL (zonky embedded). */
class DatesAndParametersPostgresTest extends DatesAndParametersContractTest {
  private EmbeddedPostgres postgres;

  @Override
  Connection open() throws SQLException {
    try {
      postgres = EmbeddedPostgres.builder().start();
    } catch (IOException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start (as root it needs `unshare -U`): " + e, e);
    }
    return postgres.getPostgresDatabase().getConnection();
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }

  /**
   * A NUMERIC CHECKed to [0, 100] holds 1e-400, and a sum of 1e-400 cast to double precision raises
   * an underflow (22003): its clamp, whose cast to numeric(p,s) rounds the scale, stays even though
   * the CHECK makes it a no-op for the value, and AVG is answered.
   */
  @Test
  void averageOfATinyNumeric_answered() throws SQLException {
    try (java.sql.Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE meters (id INTEGER PRIMARY KEY,"
              + " pct NUMERIC NOT NULL CHECK (pct BETWEEN 0 AND 100))");
      s.execute("INSERT INTO meters VALUES (1, 1e-400), (2, 0)");
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  s.executeQuery("SELECT CAST(SUM(pct) AS DOUBLE PRECISION) FROM meters").close());
      assertEquals("22003", e.getSQLState(), e.getMessage());
    }
    analyzer.refreshCatalog();
    PrivacyPlan plan = analyzer.plan("SELECT AVG(pct) FROM meters");
    double avg = ((Number) DatesFixture.run(connection, plan).get(0).get(0)).doubleValue();
    assertEquals(0, avg, 1e-9, plan.rewrittenSql());
  }

  /** Why the rewrite floors deviations before squaring them: PostgreSQL's float underflow. */
  @Test
  void squareOfATinyDouble_underflowsOnPostgres() throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT CAST(? AS DOUBLE PRECISION) * CAST(? AS DOUBLE PRECISION)")) {
      ps.setDouble(1, 1e-200);
      ps.setDouble(2, 1e-200);
      SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
      assertEquals("22003", e.getSQLState(), e.getMessage());
    }
  }
}
