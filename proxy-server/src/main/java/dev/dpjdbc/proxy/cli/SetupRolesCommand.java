package dev.dpjdbc.proxy.cli;

import dev.dpjdbc.policy.Policy;
import dev.dpjdbc.proxy.roles.Login;
import dev.dpjdbc.proxy.roles.RoleSetup;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code setup-roles}: prints (default) or applies ({@code --apply}) the SQL of {@link RoleSetup}
 * for a policy and a PostgreSQL backend. Passwords not given are generated with SecureRandom and
 * printed once, in the SQL (print mode) or in the proxy flags line ({@code --apply}, which prints
 * the SQL with the passwords masked).
 */
@Command(
    name = "setup-roles",
    mixinStandardHelpOptions = true,
    description =
        "Print (or apply, with --apply) the SQL creating the proxy's two PostgreSQL roles: the"
            + " data role (SELECT on the policy's tables only) and the catalog role (no privilege"
            + " on any user table).")
final class SetupRolesCommand implements Callable<Integer> {
  @Option(names = "--policy", required = true, description = "policy YAML naming the tables")
  Path policy;

  @Option(
      names = "--backend",
      required = true,
      description = "JDBC URL of the PostgreSQL database, e.g. jdbc:postgresql://db:5432/hr")
  String backend;

  @Option(
      names = "--data-user",
      defaultValue = RoleSetup.DATA_USER,
      description = "data role name (default ${DEFAULT-VALUE})")
  String dataUser;

  @Option(names = "--data-password", description = "data role password (default: generated)")
  String dataPassword;

  @Option(
      names = "--catalog-user",
      defaultValue = RoleSetup.CATALOG_USER,
      description = "catalog role name (default ${DEFAULT-VALUE})")
  String catalogUser;

  @Option(names = "--catalog-password", description = "catalog role password (default: generated)")
  String catalogPassword;

  @Option(
      names = "--grant-schema",
      arity = "1..*",
      description = "also let the data role read every table of these schemas")
  List<String> grantSchemas = new ArrayList<>();

  @Option(names = "--apply", description = "run the SQL instead of printing it")
  boolean apply;

  @Option(names = "--admin-user", description = "with --apply: a superuser (or CREATEROLE owner)")
  String adminUser;

  @Option(names = "--admin-password", description = "with --apply: its password")
  String adminPassword;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (apply && adminUser == null) {
      err.println("setup-roles: --apply needs --admin-user (and --admin-password)");
      return 2;
    }
    Policy loaded = Policy.load(policy);
    if (loaded.tables().isEmpty() && grantSchemas.isEmpty()) {
      err.println(
          "setup-roles: the policy names no tables and no --grant-schema was given, so the data"
              + " role could read nothing; add the tables to the policy's tables: section");
      return 2;
    }
    String database = RoleSetup.databaseOf(backend);
    Login data = new Login(dataUser, orGenerated(dataPassword));
    Login catalog = new Login(catalogUser, orGenerated(catalogPassword));
    RoleSetup setup = RoleSetup.forPolicy(loaded, database, data, catalog, grantSchemas);
    if (!apply) {
      out.print(setup.script(true));
      out.println("-- The passwords above are shown only here. Start the proxy with");
      out.println(
          "--   --backend-user "
              + data.user()
              + " --backend-password <the data role's password>"
              + " --catalog-user "
              + catalog.user()
              + " --catalog-password <the catalog role's password>");
      out.flush();
      return 0;
    }
    try (Connection admin = connect()) {
      String actual = currentDatabase(admin);
      if (!actual.equals(database)) {
        setup = RoleSetup.forPolicy(loaded, actual, data, catalog, grantSchemas);
      }
      setup.apply(admin);
    }
    out.print(setup.script(false));
    out.println("-- Applied. The passwords are shown only here; start the proxy with");
    out.println(
        "  --backend-user "
            + data.user()
            + " --backend-password "
            + data.password()
            + " --catalog-user "
            + catalog.user()
            + " --catalog-password "
            + catalog.password());
    out.flush();
    return 0;
  }

  private Connection connect() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", adminUser);
    if (adminPassword != null) {
      p.setProperty("password", adminPassword);
    }
    return DriverManager.getConnection(backend, p);
  }

  private static String currentDatabase(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT current_database()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static String orGenerated(String password) {
    return password != null ? password : RoleSetup.generatePassword();
  }
}
