package dev.dpjdbc.proxy.cli;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.auth.Authenticator;
import dev.dpjdbc.proxy.demo.DemoDatabase;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.server.BackendConnector;
import dev.dpjdbc.proxy.server.ProxyConfig;
import dev.dpjdbc.proxy.server.ProxyServer;
import dev.dpjdbc.proxy.server.TlsContexts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar dpjdbc-proxy.jar [--port 5433] [--backend <jdbc url> --backend-user U
 * --backend-password P --catalog-user C --catalog-password Q] [--policy conf/policy.yaml]}. A
 * PostgreSQL backend needs both roles: the data role ({@code --backend-user}) and the catalog role
 * ({@code --catalog-user}); {@code setup-roles} creates them. Without {@code --backend} it starts
 * the embedded demo ({@link DemoDatabase}) and prints the psql line to connect. SIGTERM/Ctrl-C
 * closes the server (running statements are cancelled) and the demo database through a shutdown
 * hook.
 */
@Command(
    name = "dpjdbc-proxy",
    mixinStandardHelpOptions = true,
    version = "dpjdbc-proxy 0.1.0",
    subcommands = {HashPasswordCommand.class, SetupRolesCommand.class},
    description = "PostgreSQL wire-protocol proxy answering with differentially private results.")
public final class ProxyMain implements Callable<Integer> {
  @Option(names = "--port", defaultValue = "5433", description = "port (default ${DEFAULT-VALUE})")
  int port;

  @Option(
      names = "--bind",
      defaultValue = "localhost",
      description = "listen address (default ${DEFAULT-VALUE}; 0.0.0.0 for all)")
  String bind;

  @Option(names = "--backend", description = "JDBC URL of the real database; none = demo")
  String backend;

  @Option(
      names = "--backend-user",
      description = "the data role: runs only SQL dpjdbc generated (SELECT on the policy's tables)")
  String backendUser;

  @Option(names = "--backend-password", description = "password of --backend-user")
  String backendPassword;

  @Option(
      names = "--catalog-user",
      description =
          "the catalog role: runs catalog/session pass-through (psql's \\d, BI metadata) and has"
              + " no privilege on any user table; required with a PostgreSQL --backend")
  String catalogUser;

  @Option(names = "--catalog-password", description = "password of --catalog-user")
  String catalogPassword;

  @Option(names = "--policy", description = "policy YAML (required with --backend)")
  Path policy;

  @Option(
      names = "--max-connections",
      defaultValue = "100",
      description = "concurrent sessions (default ${DEFAULT-VALUE})")
  int maxConnections;

  @Option(
      names = "--max-pending-connections",
      defaultValue = "64",
      description =
          "connections not yet authenticated at once; past it new sockets are closed at once"
              + " (default ${DEFAULT-VALUE}); they never take a --max-connections slot")
  int maxPendingConnections;

  @Option(
      names = "--auth-timeout",
      defaultValue = "10",
      description =
          "seconds a connection has, in total, for startup and authentication (default"
              + " ${DEFAULT-VALUE})")
  double authTimeoutSeconds;

  @Option(
      names = "--init-ledger",
      description =
          "create the policy's privacy ledger if it does not exist (without it, a missing ledger"
              + " refuses the start: budgets would begin again at zero)")
  boolean initLedger;

  @Option(names = "--tls-cert", description = "PEM certificate chain (with --tls-key)")
  Path tlsCert;

  @Option(names = "--tls-key", description = "PEM PKCS#8 private key (with --tls-cert)")
  Path tlsKey;

  @Option(names = "--tls-keystore", description = "PKCS#12 or JKS keystore instead of PEM")
  Path tlsKeyStore;

  @Option(names = "--tls-keystore-password", description = "keystore password")
  String tlsKeyStorePassword;

  /** A started proxy (and demo database, if any); closing stops both. */
  public record Running(ProxyServer server, DemoDatabase demo) implements AutoCloseable {
    public int port() {
      return server.port();
    }

    @Override
    public void close() throws Exception {
      server.close();
      if (demo != null) {
        demo.close();
      }
    }
  }

  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new ProxyMain());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          // a refusal to start is a message for the operator, not a stack trace
          System.err.println(cmd.getCommandName() + ": " + e.getMessage());
          return 1;
        });
    int code = cli.execute(args);
    if (code != 0 || args.length > 0 && isSubcommandOrHelp(args[0])) {
      System.exit(code);
    }
  }

  private static boolean isSubcommandOrHelp(String first) {
    return first.equals("hash-password")
        || first.equals("setup-roles")
        || first.startsWith("-h")
        || first.startsWith("--help")
        || first.startsWith("-V")
        || first.startsWith("--version");
  }

  /** Parses {@code args} and starts the proxy in this JVM (tests use this). */
  public static Running start(String... args) throws Exception {
    ProxyMain main = new ProxyMain();
    new CommandLine(main).parseArgs(args);
    return main.startServer();
  }

  @Override
  public Integer call() throws Exception {
    Running running = startServer();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    running.close();
                  } catch (Exception e) {
                    System.err.println("shutdown: " + e);
                  }
                },
                "dpjdbc-proxy-shutdown"));
    printBanner(running);
    new CountDownLatch(1).await();
    return 0;
  }

  Running startServer() throws Exception {
    DemoDatabase demo = null;
    String url = backend;
    Login data = new Login(backendUser, backendPassword);
    Login catalog = new Login(catalogUser, catalogPassword);
    Path policyFile = policy;
    if (url == null) {
      demo = DemoDatabase.start();
      url = demo.jdbcUrl();
      data = demo.data();
      catalog = demo.catalog();
      policyFile = policy != null ? policy : demo.policyFile();
    } else if (policyFile == null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--policy is required with --backend (it names the analysts)");
    } else if (StartupChecks.isPostgres(url) && StartupChecks.hasUrlCredentials(url)) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "give the backend credentials with --backend-user/--backend-password, not as user= or"
              + " password= in the --backend URL (pgJDBC would prefer the URL's, and the roles"
              + " checked at start would not be the roles used)");
    } else if (StartupChecks.isPostgres(url) && !catalog.isSet()) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--catalog-user is required with a PostgreSQL --backend: catalog and session"
              + " pass-through (psql's \\d, BI metadata) runs on a role of its own that cannot"
              + " read user data. Create it and a least-privileged data role with: java -jar"
              + " dpjdbc-proxy.jar setup-roles --policy <policy> --backend <url>, then pass"
              + " --backend-user/--backend-password and --catalog-user/--catalog-password");
    }
    try {
      Policy loaded = Policy.load(policyFile);
      StartupChecks.run(url, data, catalog, loaded, initLedger, System.out);
      Map<String, String> passwords = new HashMap<>();
      loaded.analysts().forEach((name, analyst) -> passwords.put(name, analyst.password()));
      ProxyConfig config =
          new ProxyConfig(
              port,
              bind,
              maxConnections,
              maxPendingConnections,
              Duration.ofMillis(Math.round(authTimeoutSeconds * 1000)),
              new BackendConnector(url, data, catalog, policyFile.toAbsolutePath(), maxConnections),
              new Authenticator(passwords),
              tls());
      return new Running(new ProxyServer(config).start(), demo);
    } catch (Exception e) {
      if (demo != null) {
        demo.close();
      }
      throw e;
    }
  }

  private SSLContext tls() {
    if (tlsKeyStore != null) {
      char[] pw = tlsKeyStorePassword == null ? new char[0] : tlsKeyStorePassword.toCharArray();
      return TlsContexts.fromKeyStore(tlsKeyStore, pw);
    }
    if (tlsCert != null || tlsKey != null) {
      if (tlsCert == null || tlsKey == null) {
        throw new IllegalArgumentException("--tls-cert and --tls-key go together");
      }
      return TlsContexts.fromPem(tlsCert, tlsKey);
    }
    return null;
  }

  private void printBanner(Running running) {
    System.out.println();
    if (running.demo() != null) {
      System.out.println(
          "dpjdbc demo is running: an embedded PostgreSQL (database 'demo',"
              + " deleted at exit) behind the DP proxy, which reaches it as the least-privileged"
              + " roles dp_data and dp_catalog (random passwords; no password-less login).");
      System.out.println("Connect with:");
      System.out.println();
      System.out.println(
          "  PGPASSWORD=analyst psql -h localhost -p " + running.port() + " -U analyst demo");
      System.out.println();
      System.out.println("Try: SELECT COUNT(*) FROM employees;");
      System.out.println("     SELECT region, AVG(salary) FROM employees GROUP BY region;");
      System.out.println(
          "     EXPLAIN PRIVACY SELECT department, COUNT(*) FROM employees GROUP BY"
              + " department;");
    } else {
      System.out.println(
          "dpjdbc proxy listening on " + bind + ":" + running.port() + " in front of " + backend);
    }
    System.out.println("Stop with Ctrl-C.");
  }
}
