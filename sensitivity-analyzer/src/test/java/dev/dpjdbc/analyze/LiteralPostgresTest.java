package dev.dpjdbc.analyze;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;

/**
 * {@link LiteralContractTest} on a real PostgreSQL, with {@code plan_cache_mode =
 * force_generic_plan}: every statement gets the plan a server-prepared statement gets after a few
 * executions, where parameters are not folded into constants but evaluated per row.
 */
class LiteralPostgresTest extends LiteralContractTest {
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
