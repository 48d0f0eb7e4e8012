package dev.dpjdbc.benchmarks.throughput;

import dev.dpjdbc.benchmarks.latency.LatencyData;
import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.auth.ScramVerifier;
import dev.dpjdbc.proxy.cli.ProxyMain;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleSetup;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

/**
 * One database of the latency benchmark's schema ({@link LatencyData}) on a shared embedded
 * PostgreSQL, and the proxy serving it in this JVM: the two least-privileged backend roles ({@link
 * RoleSetup}, as {@code setup-roles --apply} creates them), a policy with analyst {@value #SHARED}
 * and analysts {@code bench1 … benchN} (one per pgbench client), every one with budget ε = 10^9 and
 * a real SCRAM verifier, and an H2 file ledger next to the policy. Closing stops the proxy only;
 * the database stays for the direct runs.
 */
final class ProxyBench implements AutoCloseable {
  static final String SHARED = "bench";
  static final String PASSWORD = "bench-pw";

  final String database;
  final int rows;
  final ProxyMain.Running proxy;
  private final int pgPort;

  private ProxyBench(String database, int rows, ProxyMain.Running proxy, int pgPort) {
    this.database = database;
    this.rows = rows;
    this.proxy = proxy;
    this.pgPort = pgPort;
  }

  /** Creates database {@code dp_bench_<rows>}, loads it, and starts a proxy on a free port. */
  static ProxyBench start(EmbeddedPostgres pg, int rows, int analysts, Path work) throws Exception {
    String db = "dp_bench_" + rows;
    String admin = "jdbc:postgresql://localhost:" + pg.getPort() + "/";
    try (Connection c = DriverManager.getConnection(admin + "postgres", "postgres", "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + db);
    }
    Path policy = writePolicy(work.resolve(db), analysts);
    Login data = new Login(RoleSetup.DATA_USER, RoleSetup.generatePassword());
    Login catalog = new Login(RoleSetup.CATALOG_USER, RoleSetup.generatePassword());
    try (Connection c = DriverManager.getConnection(admin + db, "postgres", "")) {
      LatencyData.load(c, rows);
      RoleSetup.forPolicy(Policy.load(policy), db, data, catalog, List.of()).apply(c);
    }
    ProxyMain.Running proxy =
        ProxyMain.start(
            "--port",
            "0",
            "--backend",
            admin + db,
            "--policy",
            policy.toString(),
            "--backend-user",
            data.user(),
            "--backend-password",
            data.password(),
            "--catalog-user",
            catalog.user(),
            "--catalog-password",
            catalog.password(),
            "--init-ledger",
            "--max-connections",
            "100");
    return new ProxyBench(db, rows, proxy, pg.getPort());
  }

  /** pgbench through the proxy as {@code analyst}. */
  Pgbench.Target viaProxy(String analyst) {
    return new Pgbench.Target(proxy.port(), database, analyst, PASSWORD);
  }

  /** pgbench straight to PostgreSQL as its superuser (trust authentication). */
  Pgbench.Target direct() {
    return new Pgbench.Target(pgPort, database, "postgres", "");
  }

  private static Path writePolicy(Path dir, int analysts) throws IOException {
    Files.createDirectories(dir);
    String verifier = ScramVerifier.hash(PASSWORD, ScramVerifier.DEFAULT_ITERATIONS).format();
    StringBuilder yaml =
        new StringBuilder(
            "budget: {epsilon: 1.0e9, delta: 0.5}\n"
                + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
                + "ledger: jdbc:h2:file:./throughput-ledger\n"
                + "analysts:\n");
    for (int i = 0; i <= analysts; i++) {
      String name = i == 0 ? SHARED : SHARED + i;
      yaml.append("  ").append(name).append(": {password: \"").append(verifier).append("\"}\n");
    }
    yaml.append("tables:\n")
        .append("  public.employees: {privacy_unit: id}\n")
        .append("  public.departments: {public: true}\n");
    Path policy = dir.resolve("throughput-policy.yaml");
    Files.writeString(policy, yaml.toString());
    return policy;
  }

  @Override
  public void close() throws Exception {
    proxy.close();
  }
}
