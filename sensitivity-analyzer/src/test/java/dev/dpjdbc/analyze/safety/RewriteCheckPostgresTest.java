package dev.dpjdbc.analyze.safety;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** {@link RewriteCheckTest} over the schema read from PostgreSQL (zonky embedded). */
class RewriteCheckPostgresTest extends RewriteCheckTest {
  private EmbeddedPostgres postgres;

  @Override
  Connection open() throws SQLException {
    postgres = Postgres.start();
    return postgres.getPostgresDatabase().getConnection();
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }
}
