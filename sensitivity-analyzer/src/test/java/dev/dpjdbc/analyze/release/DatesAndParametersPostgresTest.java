package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
