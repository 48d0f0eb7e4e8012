package dev.dpjdbc.it.proxy;

import dev.dpjdbc.it.clients.Psql;
import dev.dpjdbc.proxy.auth.ScramVerifier;
import dev.dpjdbc.proxy.cli.ProxyMain;
import dev.dpjdbc.proxy.demo.DemoData;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

/**
 * A real embedded PostgreSQL (zonky) holding the demo schema, behind an in-process proxy on a free
 * port that runs on the two least-privileged roles of {@link BackendRoles}, with a policy naming
 * analyst {@value #ANALYST} / {@value #PASSWORD} (a real SCRAM verifier) and an in-memory ledger of
 * its own. One per test class.
 */
final class ProxyFixture implements AutoCloseable {
  static final String ANALYST = "alice";
  static final String PASSWORD = "s3cret-pw";

  final EmbeddedPostgres postgres;
  final ProxyMain.Running proxy;
  final Path policy;
  final BackendRoles roles;

  private ProxyFixture(
      EmbeddedPostgres postgres, ProxyMain.Running proxy, Path policy, BackendRoles roles) {
    this.postgres = postgres;
    this.proxy = proxy;
    this.policy = policy;
    this.roles = roles;
  }

  String backendUrl() {
    return "jdbc:postgresql://localhost:" + postgres.getPort() + "/demo";
  }

  static ProxyFixture start(double budgetEpsilon) throws Exception {
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
      s.execute("CREATE DATABASE demo");
    }
    try (Connection c = pg.getDatabase("postgres", "demo").getConnection()) {
      DemoData.create(c);
    }
    Path policy = Files.createTempFile("dpjdbc-proxy-it", ".yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: "
            + budgetEpsilon
            + ", delta: 1.0e-3}\n"
            + "query: {epsilon: 0.5, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
            + "ledger: \"jdbc:h2:mem:proxy-it-"
            + UUID.randomUUID()
            + ";DB_CLOSE_DELAY=-1\"\n"
            + "analysts:\n"
            + "  "
            + ANALYST
            + ":\n"
            + "    password: \""
            + ScramVerifier.hash(PASSWORD, 4096).format()
            + "\"\n"
            + "  nopassword: {}\n"
            + "tables:\n"
            + "  public.employees: {privacy_unit: id}\n"
            + "  public.departments: {public: true}\n");
    BackendRoles roles;
    try (Connection c = pg.getDatabase("postgres", "demo").getConnection()) {
      roles = BackendRoles.create(c, policy);
    }
    String backend = "jdbc:postgresql://localhost:" + pg.getPort() + "/demo";
    ProxyMain.Running proxy =
        ProxyMain.start(proxyArgs(backend, policy, roles, "--max-connections", "40"));
    return new ProxyFixture(pg, proxy, policy, roles);
  }

  /**
   * The command line of a proxy on this fixture's backend, roles and policy, plus {@code extra}.
   */
  String[] proxyArgs(String... extra) {
    return proxyArgs(backendUrl(), policy, roles, extra);
  }

  private static String[] proxyArgs(
      String backend, Path policy, BackendRoles roles, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of("--port", "0", "--backend", backend, "--policy", policy.toString()));
    args.addAll(roles.proxyArgs());
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  int port() {
    return proxy.port();
  }

  /** A copy of this fixture's policy whose ledger is {@code ledgerUrl}. */
  Path policyWithLedger(String ledgerUrl) throws IOException {
    String yaml =
        Files.readString(policy)
            .replaceFirst(
                "(?m)^ledger: .*$",
                java.util.regex.Matcher.quoteReplacement("ledger: \"" + ledgerUrl + "\""));
    Path copy = Files.createTempFile("dpjdbc-proxy-it-ledger", ".yaml");
    Files.writeString(copy, yaml);
    copy.toFile().deleteOnExit();
    return copy;
  }

  /** A pgJDBC connection to the proxy (the client side: plain jdbc:postgresql). */
  Connection pgjdbc(String extraProperties) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", ANALYST);
    p.setProperty("password", PASSWORD);
    return DriverManager.getConnection(
        "jdbc:postgresql://localhost:" + port() + "/demo" + extraProperties, p);
  }

  Psql.Result psql(String script) throws Exception {
    return Psql.run(port(), ANALYST, PASSWORD, script);
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.close();
    } finally {
      postgres.close();
      Files.deleteIfExists(policy);
    }
  }
}
