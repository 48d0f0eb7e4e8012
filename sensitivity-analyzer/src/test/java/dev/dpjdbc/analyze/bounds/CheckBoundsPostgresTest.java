package dev.dpjdbc.analyze.bounds;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;

/**
 * {@link CheckBoundsContractTest} on a real PostgreSQL (zonky embedded), whose {@code
 * pg_get_constraintdef} prints negative numbers and dates as quoted, cast constants ({@code
 * '-2'::integer}, {@code '2015-01-01'::date}).
 */
class CheckBoundsPostgresTest extends CheckBoundsContractTest {
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

  @Override
  boolean reportsTimestampWithTimeZone() {
    return false;
  }
}
