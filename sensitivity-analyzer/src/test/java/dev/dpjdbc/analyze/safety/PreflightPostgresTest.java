package dev.dpjdbc.analyze.safety;

import dev.dpjdbc.analyze.rewrite.Backend;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The preflight emitted for and run on PostgreSQL 14 (zonky embedded). */
class PreflightPostgresTest extends PreflightTest {
  private EmbeddedPostgres postgres;

  @Override
  Connection open() throws SQLException {
    postgres = Postgres.start();
    return postgres.getPostgresDatabase().getConnection();
  }

  @Override
  Backend backend() {
    return Backend.POSTGRESQL;
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }
}
