package dev.dpjdbc.proxy.demo;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleSetup;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * The embedded demo: a real PostgreSQL (zonky's embedded binaries, so psql's {@code \d} works) with
 * an ephemeral data directory deleted at {@link #close()} — the demo's "in-memory" database —
 * holding a database {@code demo} with {@link DemoData}, and the demo policy copied from the
 * classpath ({@code /demo/policy.yaml}, built from {@code conf/demo/policy.yaml}) to a temporary
 * file the driver can read.
 *
 * <p>It is set up as a real deployment should be: the proxy runs on a least-privileged data role
 * and catalog role made by {@link RoleSetup} with random passwords ({@link #data()}, {@link
 * #catalog()}), never on the superuser. Once set up, the superuser gets a random password nobody is
 * told, {@code pg_hba.conf} is rewritten to demand {@code scram-sha-256} for every local and host
 * login, and the configuration is reloaded; {@link #start()} returns only after a password-less
 * login has been refused.
 */
public final class DemoDatabase implements AutoCloseable {
  public static final String DATABASE = "demo";

  private static final String SUPERUSER = "postgres";
  private static final String HBA =
      "# dpjdbc demo (written at start): every login needs a password\n"
          + "local   all   all                  scram-sha-256\n"
          + "host    all   all   127.0.0.1/32   scram-sha-256\n"
          + "host    all   all   ::1/128        scram-sha-256\n";

  private final EmbeddedPostgres postgres;
  private final Path policyFile;
  private final Login data;
  private final Login catalog;

  private DemoDatabase(EmbeddedPostgres postgres, Path policyFile, Login data, Login catalog) {
    this.postgres = postgres;
    this.policyFile = policyFile;
    this.data = data;
    this.catalog = catalog;
  }

  /**
   * Starts PostgreSQL on a free port, creates and fills {@code demo}, writes the policy, creates
   * the two roles and locks password-less logins out.
   */
  public static DemoDatabase start() throws IOException, SQLException {
    EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
    Path policyFile = null;
    try {
      try (Connection c = pg.getPostgresDatabase().getConnection();
          Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + DATABASE);
      }
      policyFile = copyPolicy();
      Login data = new Login(RoleSetup.DATA_USER, RoleSetup.generatePassword());
      Login catalog = new Login(RoleSetup.CATALOG_USER, RoleSetup.generatePassword());
      try (Connection c = pg.getDatabase(SUPERUSER, DATABASE).getConnection()) {
        DemoData.create(c);
        RoleSetup.forPolicy(Policy.load(policyFile), DATABASE, data, catalog, List.of()).apply(c);
        requirePasswords(c);
      }
      DemoDatabase demo = new DemoDatabase(pg, policyFile, data, catalog);
      demo.awaitPasswordlessLoginRefused();
      return demo;
    } catch (IOException | SQLException | RuntimeException e) {
      pg.close();
      if (policyFile != null) {
        Files.deleteIfExists(policyFile);
      }
      throw e;
    }
  }

  /** A random superuser password nobody keeps, scram-sha-256 everywhere, configuration reloaded. */
  private static void requirePasswords(Connection superuser) throws SQLException, IOException {
    try (Statement s = superuser.createStatement()) {
      s.execute("SET password_encryption = 'scram-sha-256'");
      s.execute(
          "ALTER ROLE "
              + RoleSetup.quoteIdent(SUPERUSER)
              + " PASSWORD "
              + RoleSetup.quoteLiteral(RoleSetup.generatePassword()));
      Path hba;
      try (ResultSet rs = s.executeQuery("SHOW hba_file")) {
        rs.next();
        hba = Path.of(rs.getString(1));
      }
      Files.writeString(hba, HBA);
      try (ResultSet rs = s.executeQuery("SELECT pg_catalog.pg_reload_conf()")) {
        rs.next();
        if (!rs.getBoolean(1)) {
          throw new SQLException("the demo PostgreSQL did not reload pg_hba.conf", "58000");
        }
      }
    }
  }

  /** pg_reload_conf() only signals the postmaster: wait until the new rules are in force. */
  private void awaitPasswordlessLoginRefused() throws SQLException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Properties p = new Properties();
      p.setProperty("user", SUPERUSER);
      try (Connection ignored = DriverManager.getConnection(jdbcUrl(), p)) {
        if (System.nanoTime() > deadline) {
          throw new SQLException(
              "the demo PostgreSQL still accepts password-less logins after reloading"
                  + " pg_hba.conf; refusing to run the demo",
              "28000");
        }
      } catch (SQLException refused) {
        return;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while starting the demo database", "57014", e);
      }
    }
  }

  private static Path copyPolicy() throws IOException {
    Path file = Files.createTempFile("dpjdbc-demo-policy", ".yaml");
    file.toFile().deleteOnExit();
    try (InputStream in = DemoDatabase.class.getResourceAsStream("/demo/policy.yaml")) {
      if (in == null) {
        throw new IOException("demo policy /demo/policy.yaml missing from the classpath");
      }
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    }
    return file;
  }

  /** {@code jdbc:postgresql://localhost:<port>/demo}. */
  public String jdbcUrl() {
    return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
  }

  public Path policyFile() {
    return policyFile;
  }

  /** The data role the proxy runs generated SQL on: SELECT on the demo tables only. */
  public Login data() {
    return data;
  }

  /** The catalog role the proxy runs pass-through on: no privilege on any demo table. */
  public Login catalog() {
    return catalog;
  }

  /** Stops PostgreSQL; zonky deletes its data directory. */
  @Override
  public void close() throws IOException {
    postgres.close();
    Files.deleteIfExists(policyFile);
  }
}
