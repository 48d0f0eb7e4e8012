package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** {@link PublicDomainsContractTest} on PostgreSQL (zonky embedded). */
class PublicDomainsPostgresTest extends PublicDomainsContractTest {
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
  boolean postgres() {
    return true;
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }

  /** A foreign key added NOT VALID may have rows violating it: its keys are no domain. */
  @Test
  void notValidForeignKey_noDomain() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE badges (id INTEGER PRIMARY KEY, dept INTEGER NOT NULL)");
      s.execute("INSERT INTO badges VALUES (1, 99)");
      s.execute(
          "ALTER TABLE badges ADD CONSTRAINT badges_dept_fk FOREIGN KEY (dept)"
              + " REFERENCES depts (id) NOT VALID");
    }
    // no public domain from a NOT VALID foreign key: partition selection instead
    assertTrue(planner.plan("SELECT dept, COUNT(*) FROM badges GROUP BY dept").selects());
  }

  /** The session's TimeZone does not move the released months: the truncation is a timestamp. */
  @Test
  void dateTruncUnderAnotherSessionTimeZone_sameKeys() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("SET TIME ZONE 'America/New_York'");
    }
    try {
      dateTruncMonthOfADate_twelveTimestamps_matchingTheBackend();
    } finally {
      try (Statement s = connection.createStatement()) {
        s.execute("SET TIME ZONE 'UTC'");
      }
    }
  }
}
