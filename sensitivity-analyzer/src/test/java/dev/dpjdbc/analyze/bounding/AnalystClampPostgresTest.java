package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.rewrite.Backend;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * The analyst's clamps on PostgreSQL 14, whose numeric also holds NaN and ±Infinity, and numbers of
 * a thousand digits.
 */
class AnalystClampPostgresTest extends AnalystClampTest {
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
  boolean leastIgnoresNull() {
    return true;
  }

  @Override
  Backend backend() {
    return Backend.POSTGRESQL;
  }

  @Override
  List<String> amounts() {
    List<String> out = new ArrayList<>(super.amounts());
    out.addAll(List.of("NaN", "Infinity", "-Infinity", "1e1000", "-1e1000"));
    return out;
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }
}
