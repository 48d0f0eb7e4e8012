package dev.dpjdbc.it.driver;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A real backend database for the driver's integration tests: an H2 file database in AUTO_SERVER
 * mode (so child JVMs can reach it too) or an embedded PostgreSQL (zonky; one per test class).
 * Holds the test schema ({@link TestSchema}).
 */
abstract class Backend implements AutoCloseable {

  /** The real JDBC URL. */
  abstract String jdbcUrl();

  abstract String user();

  abstract String password();

  abstract boolean isPostgres();

  @Override
  public abstract void close() throws IOException;

  /** The {@code jdbc:dp:} URL over this backend. */
  final String dpUrl() {
    return "jdbc:dp:" + jdbcUrl().substring("jdbc:".length());
  }

  /** A direct connection (test set-up and ground truth only). */
  final Connection direct() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), user(), password());
  }

  /** A {@code jdbc:dp:} connection for {@code analyst} under {@code policy}. */
  final Connection dp(Path policy, String analyst) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", user());
    p.setProperty("password", password());
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", analyst);
    return DriverManager.getConnection(dpUrl(), p);
  }

  static Backend h2(Path dir) {
    String url = "jdbc:h2:file:" + dir.resolve("itdb").toAbsolutePath() + ";AUTO_SERVER=TRUE";
    return new Backend() {
      @Override
      String jdbcUrl() {
        return url;
      }

      @Override
      String user() {
        return "sa";
      }

      @Override
      String password() {
        return "secret";
      }

      @Override
      boolean isPostgres() {
        return false;
      }

      @Override
      public void close() {}
    };
  }

  static Backend postgres() throws IOException {
    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
    String url = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
    return new Backend() {
      @Override
      String jdbcUrl() {
        return url;
      }

      @Override
      String user() {
        return "postgres";
      }

      @Override
      String password() {
        return "postgres";
      }

      @Override
      boolean isPostgres() {
        return true;
      }

      @Override
      public void close() throws IOException {
        pg.close();
      }
    };
  }
}
