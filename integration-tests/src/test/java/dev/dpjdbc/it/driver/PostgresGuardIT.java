package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** {@link GuardScenarios} on embedded PostgreSQL, plus PostgreSQL's statistics views. */
class PostgresGuardIT extends GuardScenarios {
  @Override
  Backend backend() throws Exception {
    return TestBackends.postgres();
  }

  @Test
  void statisticsViews_refused() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      SQLException e =
          Refusal.expect(
              () -> s.executeQuery("SELECT * FROM pg_stats WHERE tablename = 'employees'"));
      assertEquals("42501", e.getSQLState(), e.getMessage());
    }
  }
}
