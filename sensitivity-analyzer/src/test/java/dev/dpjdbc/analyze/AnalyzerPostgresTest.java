package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The analyzer against a real PostgreSQL (zonky embedded, one server per class): the contract tests
 * plus what only PostgreSQL has — NOT VALID constraints (ignored), enum types, domains with CHECKs,
 * and {@code = ANY (ARRAY[...])}, PostgreSQL's print form of IN lists.
 */
class AnalyzerPostgresTest extends AnalyzerContractTest {
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
  void createExtra(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
      s.execute("CREATE DOMAIN percent AS NUMERIC CHECK (VALUE >= 0 AND VALUE <= 100)");
      s.execute(
          "CREATE TABLE survey (id INTEGER PRIMARY KEY, feeling mood NOT NULL, pct percent,"
              + " level INTEGER, weight INTEGER)");
      s.execute(
          "INSERT INTO survey VALUES (1, 'sad', 10, 5, 3), (2, 'happy', 90, 1, 4),"
              + " (3, 'happy', 55.5, 2, 5)");
      s.execute("ALTER TABLE survey ADD CONSTRAINT level_ok CHECK (level BETWEEN 1 AND 5)");
      s.execute(
          "ALTER TABLE survey ADD CONSTRAINT weight_unchecked CHECK (weight BETWEEN 0 AND 1)"
              + " NOT VALID");
    }
  }

  @Override
  Stream<String> exactQueries() {
    return Stream.concat(super.exactQueries(), AnalyzerFixture.postgresOnlyQueries().stream());
  }

  @AfterAll
  void stopPostgres() throws IOException {
    postgres.close();
  }

  @Test
  void catalog_notValidConstraint_doesNotBound() {
    SQLException e =
        assertThrows(SQLException.class, () -> analyzer.plan("SELECT SUM(weight) FROM survey"));
    assertEquals("ZD001", e.getSQLState());
    assertTrue(e.getMessage().contains("survey.weight"), e.getMessage());
  }

  @Test
  void catalog_pgInListPrintForm_isAValueSet() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT kind, SUM(amount) FROM visits GROUP BY kind");
    assertEquals(List.of("web", "shop"), plan.groupKeys().get(0).domain());
  }
}
