package dev.dpjdbc.it.corpus;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A real backend holding the corpus schema: embedded PostgreSQL (zonky) or an H2 file database in
 * PostgreSQL mode with lower-case names ({@code DATABASE_TO_LOWER}), so that the quoted lower-case
 * identifiers BI tools generate ({@code "public"."employees"}) resolve on both, as they do on
 * PostgreSQL. Separate from the driver ITs' backends: the corpus has tables of the same names.
 */
abstract class CorpusBackend implements AutoCloseable {

  /** {@code postgres} or {@code h2}: the name queries.yaml's {@code backends:} uses. */
  abstract String name();

  abstract String jdbcUrl();

  abstract String user();

  abstract String password();

  @Override
  public abstract void close() throws IOException;

  /** A direct connection: schema set-up and the exact answers only. */
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
    return DriverManager.getConnection("jdbc:dp:" + jdbcUrl().substring("jdbc:".length()), p);
  }

  static CorpusBackend h2(Path dir) {
    String url =
        "jdbc:h2:file:"
            + dir.resolve("corpus").toAbsolutePath()
            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    return new CorpusBackend() {
      @Override
      String name() {
        return "h2";
      }

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
      public void close() {}
    };
  }

  static CorpusBackend postgres() throws IOException {
    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
    String url = "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
    return new CorpusBackend() {
      @Override
      String name() {
        return "postgres";
      }

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
      public void close() throws IOException {
        pg.close();
      }
    };
  }
}
