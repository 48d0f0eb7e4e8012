package dev.dpjdbc.driver.execute;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;

/**
 * {@link PlanExecutorContract} on a real PostgreSQL with {@code plan_cache_mode =
 * force_generic_plan} (the plan a server-prepared statement gets after a few executions, where
 * parameters are evaluated per row, not folded).
 */
class PlanExecutorPostgresTest extends PlanExecutorContract {
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

  @Override
  void evaluateParametersPerRow(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("SET plan_cache_mode = force_generic_plan");
    }
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }
}
