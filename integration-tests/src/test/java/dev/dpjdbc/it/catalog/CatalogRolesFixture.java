package dev.dpjdbc.it.catalog;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;

/**
 * An embedded PostgreSQL with a data table holding a canary person, and the two least-privileged
 * logins the boundary needs: {@code dp_data} (SELECT on the data table only) and {@code dp_catalog}
 * (CONNECT and TEMPORARY, nothing on user tables). One per test class.
 */
final class CatalogRolesFixture implements AutoCloseable {
  static final String CANARY_NAME = "CANARY-ZQX-4417";
  static final int CANARY_SALARY = 7391737;
  static final String DATA_PASSWORD = "data-" + UUID.randomUUID();
  static final String CATALOG_PASSWORD = "catalog-" + UUID.randomUUID();

  final EmbeddedPostgres pg;
  final Path policy;

  private CatalogRolesFixture(EmbeddedPostgres pg, Path policy) {
    this.pg = pg;
    this.policy = policy;
  }

  static CatalogRolesFixture start() throws IOException, SQLException {
    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
    try (Connection c = pg.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE staff (id int PRIMARY KEY, name text NOT NULL,"
              + " salary int NOT NULL CHECK (salary BETWEEN 0 AND 10000000))");
      s.execute(
          "INSERT INTO staff SELECT g, 'person' || g, 1000 + g FROM generate_series(1, 200) g");
      s.execute("INSERT INTO staff VALUES (999, '" + CANARY_NAME + "', " + CANARY_SALARY + ")");
      s.execute("ANALYZE staff");
      s.execute("REVOKE ALL ON staff FROM PUBLIC");
      s.execute(
          "CREATE ROLE dp_data LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '"
              + DATA_PASSWORD
              + "'");
      s.execute("GRANT SELECT ON staff TO dp_data");
      s.execute(
          "CREATE ROLE dp_catalog LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '"
              + CATALOG_PASSWORD
              + "'");
      s.execute("GRANT CONNECT, TEMPORARY ON DATABASE postgres TO dp_catalog");
    }
    Path policy = Files.createTempFile("dpjdbc-catalog-it", ".yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1000, delta: 1.0e-3}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7}\n"
            + "ledger: \"jdbc:h2:mem:catalog-it-"
            + UUID.randomUUID()
            + ";DB_CLOSE_DELAY=-1\"\n"
            + "tables:\n"
            + "  public.staff: {privacy_unit: id}\n");
    return new CatalogRolesFixture(pg, policy);
  }

  String backendUrl() {
    return "jdbc:postgresql://localhost:" + pg.getPort() + "/postgres";
  }

  /** A {@code jdbc:dp:} connection with both roles (and the test-only switch when asked). */
  Connection driver(String analyst, boolean passAll) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "dp_data");
    p.setProperty("password", DATA_PASSWORD);
    p.setProperty("dp.catalogUser", "dp_catalog");
    p.setProperty("dp.catalogPassword", CATALOG_PASSWORD);
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", analyst);
    if (passAll) {
      p.setProperty("dp.testing.passAllToCatalog", "true");
    }
    return DriverManager.getConnection("jdbc:dp:" + backendUrl().substring(5), p);
  }

  @Override
  public void close() throws IOException {
    pg.close();
    Files.deleteIfExists(policy);
  }
}
