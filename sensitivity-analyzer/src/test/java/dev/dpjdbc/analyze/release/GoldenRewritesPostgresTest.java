package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.rewrite.Backend;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/** The golden rewrites on embedded PostgreSQL (zonky, one server for the class). */
class GoldenRewritesPostgresTest extends GoldenRewritesContractTest {
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
  Backend backend() {
    return Backend.POSTGRESQL;
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }
}
