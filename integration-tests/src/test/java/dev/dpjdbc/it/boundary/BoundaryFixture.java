package dev.dpjdbc.it.boundary;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.proxy.auth.ScramVerifier;
import dev.dpjdbc.proxy.cli.ProxyMain;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * One embedded PostgreSQL per test JVM holding {@link BoundarySchema} (the canary person, the two
 * least-privileged roles) and a PostgreSQL ledger in a database of its own, with both doors over
 * it: the {@code jdbc:dp:} driver logged in as {@value BoundarySchema#DATA_ROLE} with {@code
 * dp.catalogUser} {@value BoundarySchema#CATALOG_ROLE}, and an in-process proxy started with the
 * same pair. Started on first use (the data load takes a few seconds) and stopped at JVM exit.
 */
final class BoundaryFixture {
  /** Analysts the proxy knows, with their passwords. */
  static final String ANALYST = "mallory";

  static final String ANALYST_PASSWORD = "m4llory-Pw";
  static final String OTHER_ANALYST = "eve";
  static final String OTHER_PASSWORD = "e4ve-Pw";

  private static BoundaryFixture shared;

  final EmbeddedPostgres pg;
  final Path policy;
  final ProxyMain.Running proxy;

  private BoundaryFixture(EmbeddedPostgres pg, Path policy, ProxyMain.Running proxy) {
    this.pg = pg;
    this.policy = policy;
    this.proxy = proxy;
  }

  static synchronized BoundaryFixture get() throws Exception {
    if (shared == null) {
      shared = start();
      BoundaryFixture f = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(f::closeQuietly, "boundary-fixture-stop"));
    }
    return shared;
  }

  private static BoundaryFixture start() throws Exception {
    EmbeddedPostgres pg;
    try {
      pg = EmbeddedPostgres.builder().setServerConfig("max_connections", "300").start();
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException(
          "embedded PostgreSQL did not start; as root it needs user namespaces (check `unshare -U"
              + " id -u`): "
              + e,
          e);
    }
    try (Connection c = pg.getPostgresDatabase().getConnection()) {
      BoundarySchema.createDatabases(c);
    }
    try (Connection c = pg.getDatabase("postgres", BoundarySchema.DATABASE).getConnection()) {
      BoundarySchema.createData(c);
    }
    String ledgerUrl =
        "jdbc:postgresql://localhost:"
            + pg.getPort()
            + "/"
            + BoundarySchema.LEDGER_DATABASE
            + "?user=postgres&password=postgres";
    try (Ledger ledger = Ledger.open(ledgerUrl)) {
      ledger.status("nobody", new Ledger.Budget(1, 1e-6)); // creates the ledger's tables
    }
    Path policy = Files.createTempFile("dpjdbc-boundary", ".yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1000000.0, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
            + "ledger: \""
            + ledgerUrl
            + "\"\n"
            + "analysts:\n"
            + "  "
            + ANALYST
            + ":\n    password: \""
            + ScramVerifier.hash(ANALYST_PASSWORD, 4096).format()
            + "\"\n"
            + "  "
            + OTHER_ANALYST
            + ":\n    password: \""
            + ScramVerifier.hash(OTHER_PASSWORD, 4096).format()
            + "\"\n"
            + "tables:\n"
            + "  public.people: {privacy_unit: id}\n"
            + "  public.departments: {public: true}\n");
    String backend = "jdbc:postgresql://localhost:" + pg.getPort() + "/" + BoundarySchema.DATABASE;
    List<String> base =
        List.of(
            "--port",
            "0",
            "--backend",
            backend,
            "--backend-user",
            BoundarySchema.DATA_ROLE,
            "--backend-password",
            BoundarySchema.DATA_PASSWORD,
            "--policy",
            policy.toString(),
            "--max-connections",
            "40");
    ProxyMain.Running proxy =
        ProxyMain.start(
            concat(
                base,
                "--catalog-user",
                BoundarySchema.CATALOG_ROLE,
                "--catalog-password",
                BoundarySchema.CATALOG_PASSWORD));
    return new BoundaryFixture(pg, policy, proxy);
  }

  private static String[] concat(List<String> base, String... more) {
    String[] out = base.toArray(new String[base.size() + more.length]);
    System.arraycopy(more, 0, out, base.size(), more.length);
    return out;
  }

  int port() {
    return pg.getPort();
  }

  int proxyPort() {
    return proxy.port();
  }

  String backendUrl() {
    return "jdbc:postgresql://localhost:" + pg.getPort() + "/" + BoundarySchema.DATABASE;
  }

  /** A superuser connection to the data database (set-up and ground truth only). */
  Connection superuserData() throws SQLException {
    return pg.getDatabase("postgres", BoundarySchema.DATABASE).getConnection();
  }

  /** A superuser connection to the ledger's database. */
  Connection superuserLedger() throws SQLException {
    return pg.getDatabase("postgres", BoundarySchema.LEDGER_DATABASE).getConnection();
  }

  /** A direct connection as the catalog role (what PostgreSQL lets that role do). */
  Connection catalogRole() throws SQLException {
    return DriverManager.getConnection(
        backendUrl(), BoundarySchema.CATALOG_ROLE, BoundarySchema.CATALOG_PASSWORD);
  }

  /** The driver door: data role + catalog role, charged to {@code analyst}. */
  Connection driver(String analyst) throws SQLException {
    return driver(analyst, new Properties());
  }

  /** The driver door with extra connection properties. */
  Connection driver(String analyst, Properties extra) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", BoundarySchema.DATA_ROLE);
    p.setProperty("password", BoundarySchema.DATA_PASSWORD);
    p.setProperty("dp.catalogUser", BoundarySchema.CATALOG_ROLE);
    p.setProperty("dp.catalogPassword", BoundarySchema.CATALOG_PASSWORD);
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", analyst);
    p.putAll(extra);
    return DriverManager.getConnection("jdbc:dp:" + backendUrl().substring("jdbc:".length()), p);
  }

  /** The driver door with the test-only switch that passes everything to the catalog role. */
  Connection driverPassAll(String analyst) throws SQLException {
    Properties p = new Properties();
    p.setProperty("dp.testing.passAllToCatalog", "true");
    return driver(analyst, p);
  }

  /** pgJDBC through the proxy, as {@code analyst}. */
  Connection pgjdbc(String analyst, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", analyst);
    p.setProperty("password", password);
    return DriverManager.getConnection(
        "jdbc:postgresql://localhost:" + proxyPort() + "/" + BoundarySchema.DATABASE, p);
  }

  private Connection snapshotData;
  private Connection snapshotLedger;

  synchronized List<String> dataSnapshot() throws SQLException {
    if (snapshotData == null || snapshotData.isClosed()) {
      snapshotData = superuserData();
    }
    return Snapshot.data(snapshotData);
  }

  synchronized List<String> tablesSnapshot() throws SQLException {
    if (snapshotData == null || snapshotData.isClosed()) {
      snapshotData = superuserData();
    }
    return Snapshot.tables(snapshotData);
  }

  synchronized List<String> ledgerSnapshot() throws SQLException {
    if (snapshotLedger == null || snapshotLedger.isClosed()) {
      snapshotLedger = superuserLedger();
    }
    return Snapshot.ledger(snapshotLedger);
  }

  private void closeQuietly() {
    try {
      proxy.close();
    } catch (Exception e) {
      // the JVM is exiting
    }
    try {
      pg.close();
      Files.deleteIfExists(policy);
    } catch (IOException e) {
      // the JVM is exiting
    }
  }
}
