package dev.dpjdbc.proxy.roles;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * An embedded PostgreSQL (zonky) with a database {@code hr}: {@code employees} (private) and {@code
 * departments} (public), for the role tests. Superuser {@code postgres}, no password.
 */
public final class PgBackend implements AutoCloseable {
  final EmbeddedPostgres pg;

  private PgBackend(EmbeddedPostgres pg) {
    this.pg = pg;
  }

  public static PgBackend start() throws IOException, SQLException {
    EmbeddedPostgres pg;
    try {
      pg = EmbeddedPostgres.builder().start();
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start; as root it needs user namespaces (check `unshare -U"
              + " id -u`): "
              + e,
          e);
    }
    try (Connection c = pg.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE hr");
    }
    PgBackend backend = new PgBackend(pg);
    backend.admin(
        "CREATE TABLE departments (name text PRIMARY KEY)",
        "CREATE TABLE employees (id integer PRIMARY KEY, salary integer NOT NULL"
            + " CHECK (salary BETWEEN 0 AND 200000), department text REFERENCES departments)",
        "INSERT INTO departments VALUES ('Sales')",
        "INSERT INTO employees VALUES (1, 1000, 'Sales'), (2, 2000, 'Sales')");
    return backend;
  }

  public String url() {
    return "jdbc:postgresql://localhost:" + pg.getPort() + "/hr";
  }

  /** Runs {@code sql} as the superuser on {@code hr}. */
  public void admin(String... sql) throws SQLException {
    try (Connection c = pg.getDatabase("postgres", "hr").getConnection();
        Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  public Connection superuser() throws SQLException {
    return pg.getDatabase("postgres", "hr").getConnection();
  }

  public Connection as(Login login) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", login.user());
    p.setProperty("password", login.password());
    return DriverManager.getConnection(url(), p);
  }

  @Override
  public void close() throws IOException {
    pg.close();
  }
}
