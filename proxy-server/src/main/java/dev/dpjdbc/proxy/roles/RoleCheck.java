package dev.dpjdbc.proxy.roles;

import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The proxy's start-up check of its two PostgreSQL logins (the first layer of the privacy boundary,
 * see docs/security.md): it connects as each role and asks PostgreSQL what the role may do, and
 * refuses to start ({@link Refused}, every problem with the role, what is wrong and the fix) when
 *
 * <ul>
 *   <li>either role is a superuser or has CREATEROLE, CREATEDB or REPLICATION, or is a member of
 *       {@code pg_read_server_files}, {@code pg_write_server_files}, {@code
 *       pg_execute_server_program} or {@code pg_write_all_data};
 *   <li>either role holds a write privilege: INSERT, UPDATE, DELETE, TRUNCATE or TRIGGER on a
 *       table, view or column outside {@code pg_catalog}/{@code information_schema} (owning one
 *       counts), CREATE on a schema other than the temporary ones, or CREATE on the database;
 *   <li>the catalog role has any privilege on a table the policy names ({@code
 *       has_table_privilege}, {@code has_any_column_privilege}, so grants to PUBLIC and inherited
 *       ones count), or is a member of {@code pg_read_all_data}, {@code pg_read_all_stats} (other
 *       sessions' SQL) or {@code pg_signal_backend} (cancelling other roles);
 *   <li>both logins are one role;
 *   <li>the policy's ledger is on PostgreSQL and either role, connecting to the ledger URL with its
 *       own credentials, may write the ledger's tables (it could then reset a budget).
 * </ul>
 *
 * <p>It assumes the backend is PostgreSQL 10 or later and reads only the system catalogs and the
 * privilege functions; it changes nothing.
 */
public final class RoleCheck {
  private static final List<String> DANGEROUS_MEMBERSHIPS =
      List.of(
          "pg_read_server_files",
          "pg_write_server_files",
          "pg_execute_server_program",
          "pg_write_all_data");
  private static final List<String> CATALOG_MEMBERSHIPS =
      List.of("pg_read_all_data", "pg_read_all_stats", "pg_signal_backend");

  private static final String USER_RELATIONS =
      " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')"
          + " AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
          + " AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast%'";

  private static final String FIX =
      "create least-privileged roles with: java -jar dpjdbc-proxy.jar setup-roles --policy"
          + " <policy> --backend <url> (prints the SQL; --apply runs it) and start the proxy with"
          + " --backend-user/--catalog-user naming them";

  /** One thing wrong with one role. */
  public record Problem(String role, String problem, String fix) {
    @Override
    public String toString() {
      return role + " " + problem + ". Fix: " + fix;
    }
  }

  /** The proxy must not start: {@link #problems()} says why. */
  public static final class Refused extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final transient List<Problem> problems;

    Refused(List<Problem> problems) {
      super(
          "refusing to start: the backend roles are not least-privileged:\n"
              + problems.stream().map(p -> "  - " + p).collect(Collectors.joining("\n"))
              + "\nOr start over: "
              + FIX
              + ".");
      this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
      return problems;
    }
  }

  private RoleCheck() {}

  /**
   * Checks both roles against {@code policy}; returns when nothing is wrong.
   *
   * @throws Refused listing every problem found
   * @throws SQLException when a role cannot connect or PostgreSQL cannot answer
   */
  public static void verify(String backendUrl, Login data, Login catalog, Policy policy)
      throws SQLException {
    List<Problem> problems = new ArrayList<>();
    String dataRole = "data role \"" + data.user() + "\"";
    String catalogRole = "catalog role \"" + catalog.user() + "\"";
    try (Connection d = connect(backendUrl, data, "data role (--backend-user)");
        Connection c = connect(backendUrl, catalog, "catalog role (--catalog-user)")) {
      String dataName = currentUser(d);
      String catalogName = currentUser(c);
      if (dataName.equals(catalogName)) {
        problems.add(
            new Problem(
                dataRole,
                "is also the catalog role: catalog pass-through would run with the data role's"
                    + " SELECT privileges",
                "give --catalog-user a role of its own (setup-roles creates dp_catalog)"));
      }
      if (!attributes(d, dataRole, DANGEROUS_MEMBERSHIPS, problems)) {
        writes(d, dataRole, problems);
      }
      if (!attributes(
          c, catalogRole, concat(DANGEROUS_MEMBERSHIPS, CATALOG_MEMBERSHIPS), problems)) {
        writes(c, catalogRole, problems);
        policyTables(c, catalogRole, policy, problems);
      }
    }
    if (policy.ledgerUrl().startsWith("jdbc:postgresql:")) {
      ledgerWrites(policy.ledgerUrl(), data, dataRole, problems);
      ledgerWrites(policy.ledgerUrl(), catalog, catalogRole, problems);
    }
    if (!problems.isEmpty()) {
      throw new Refused(problems);
    }
  }

  /** Adds the role's dangerous attributes and memberships; true when it is a superuser. */
  private static boolean attributes(
      Connection c, String role, List<String> memberships, List<Problem> problems)
      throws SQLException {
    try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication"
                    + " FROM pg_catalog.pg_roles WHERE rolname = current_user");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      if (rs.getBoolean(1)) {
        // a superuser holds every attribute and privilege: listing them would bury the point
        problems.add(
            new Problem(
                role,
                "is a superuser: it bypasses every privilege check and can read server files",
                "use a role that is not (ALTER ROLE ... NOSUPERUSER, or a new one)"));
        return true;
      }
      String[] names = {null, "CREATEROLE", "CREATEDB", "REPLICATION"};
      String[] why = {
        null,
        "it can create roles and grant itself their privileges",
        "it can create databases",
        "it can stream every row of the cluster over a replication connection"
      };
      for (int i = 1; i < names.length; i++) {
        if (rs.getBoolean(i + 1)) {
          problems.add(
              new Problem(role, "has " + names[i] + ": " + why[i], "ALTER ROLE ... NO" + names[i]));
        }
      }
    }
    for (String member : names(c, memberships)) {
      problems.add(
          new Problem(
              role,
              "is a member of " + member,
              "REVOKE " + member + " FROM the role (and from roles it belongs to)"));
    }
    return false;
  }

  /** Members of {@code roles} among those that exist on this server (older versions lack some). */
  private static List<String> names(Connection c, List<String> roles) throws SQLException {
    List<String> found = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT r.rolname FROM pg_catalog.pg_roles r WHERE r.rolname = ANY (?)"
                + " AND pg_catalog.pg_has_role(current_user, r.oid, 'MEMBER') ORDER BY 1")) {
      ps.setArray(1, c.createArrayOf("text", roles.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.add(rs.getString(1));
        }
      }
    }
    return found;
  }

  private static void writes(Connection c, String role, List<Problem> problems)
      throws SQLException {
    List<String> tables =
        strings(
            c,
            "SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname)"
                + USER_RELATIONS
                + " AND (pg_catalog.has_table_privilege(c.oid,"
                + " 'INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER')"
                + " OR pg_catalog.has_any_column_privilege(c.oid, 'INSERT, UPDATE'))"
                + " ORDER BY 1 LIMIT 11");
    if (!tables.isEmpty()) {
      problems.add(
          new Problem(
              role,
              "may write (INSERT/UPDATE/DELETE/TRUNCATE/TRIGGER) " + list(tables),
              "REVOKE those privileges from the role and from PUBLIC (an owner holds them all:"
                  + " let another role own the tables)"));
    }
    List<String> schemas =
        strings(
            c,
            "SELECT pg_catalog.quote_ident(n.nspname) FROM pg_catalog.pg_namespace n"
                + " WHERE pg_catalog.has_schema_privilege(n.oid, 'CREATE')"
                + " AND n.oid <> pg_catalog.pg_my_temp_schema()"
                + " AND n.nspname NOT LIKE 'pg\\_temp\\_%'"
                + " AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%' ORDER BY 1 LIMIT 11");
    if (!schemas.isEmpty()) {
      problems.add(
          new Problem(
              role,
              "may CREATE in schema " + list(schemas),
              "REVOKE CREATE ON SCHEMA ... FROM PUBLIC and from the role (PostgreSQL before 15"
                  + " grants CREATE on public to PUBLIC)"));
    }
    if (!strings(
            c, "SELECT 1 WHERE pg_catalog.has_database_privilege(current_database(), 'CREATE')")
        .isEmpty()) {
      problems.add(
          new Problem(
              role,
              "may CREATE schemas in the database",
              "REVOKE CREATE ON DATABASE ... FROM PUBLIC and from the role"));
    }
  }

  private static void policyTables(Connection c, String role, Policy policy, List<Problem> problems)
      throws SQLException {
    List<String> readable = new ArrayList<>();
    for (String key : policy.tables().keySet()) {
      int dot = key.lastIndexOf('.');
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname)"
                  + USER_RELATIONS
                  + " AND lower(c.relname) = ? AND (? IS NULL OR lower(n.nspname) = ?)"
                  + " AND (pg_catalog.has_table_privilege(c.oid,"
                  + " 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')"
                  + " OR pg_catalog.has_any_column_privilege(c.oid,"
                  + " 'SELECT, INSERT, UPDATE, REFERENCES'))")) {
        String schema = dot < 0 ? null : key.substring(0, dot);
        ps.setString(1, key.substring(dot + 1));
        ps.setString(2, schema);
        ps.setString(3, schema);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            readable.add(rs.getString(1));
          }
        }
      }
    }
    if (!readable.isEmpty()) {
      problems.add(
          new Problem(
              role,
              "has privileges on the policy's table "
                  + list(readable)
                  + ": pass-through could read raw rows",
              "REVOKE ALL ON TABLE ... FROM the role and FROM PUBLIC (grants to PUBLIC reach"
                  + " every role), and from any role it is a member of"));
    }
  }

  private static void ledgerWrites(
      String ledgerUrl, Login login, String role, List<Problem> problems) throws SQLException {
    Connection c;
    try {
      c = connectQuietly(withoutCredentials(ledgerUrl), login);
    } catch (SQLException e) {
      return; // the role cannot even log in to the ledger's database: fine
    }
    try (c) {
      List<String> tables =
          strings(
              c,
              "SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname)"
                  + USER_RELATIONS
                  + " AND c.relname IN ('dpjdbc_ledger_meta', 'dpjdbc_ledger_analyst',"
                  + " 'dpjdbc_ledger_charge')"
                  + " AND (pg_catalog.has_table_privilege(c.oid,"
                  + " 'INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER')"
                  + " OR pg_catalog.has_any_column_privilege(c.oid, 'INSERT, UPDATE'))"
                  + " ORDER BY 1");
      if (!tables.isEmpty()) {
        problems.add(
            new Problem(
                role,
                "may write the privacy ledger's " + list(tables) + ": it could reset a budget",
                "keep the ledger in a database or under a role the proxy's backend roles cannot"
                    + " write (REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON the ledger tables FROM"
                    + " them and FROM PUBLIC)"));
      }
    }
  }

  /**
   * {@code url} without {@code user=}/{@code password=} query parameters, which pgJDBC would prefer
   * over the credentials we pass.
   */
  static String withoutCredentials(String url) {
    int q = url.indexOf('?');
    if (q < 0) {
      return url;
    }
    String kept =
        java.util.Arrays.stream(url.substring(q + 1).split("&"))
            .filter(p -> !p.startsWith("user=") && !p.startsWith("password="))
            .collect(Collectors.joining("&"));
    return url.substring(0, q) + (kept.isEmpty() ? "" : "?" + kept);
  }

  private static Connection connect(String url, Login login, String which) throws SQLException {
    try {
      return connectQuietly(url, login);
    } catch (SQLException e) {
      throw new SQLException(
          "cannot check the " + which + " \"" + login.user() + "\": " + firstLine(e.getMessage()),
          e.getSQLState(),
          e);
    }
  }

  private static Connection connectQuietly(String url, Login login) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", login.user());
    if (login.password() != null) {
      p.setProperty("password", login.password());
    }
    p.setProperty("connectTimeout", "10");
    p.setProperty("socketTimeout", "60");
    return DriverManager.getConnection(url, p);
  }

  private static String currentUser(Connection c) throws SQLException {
    return strings(c, "SELECT current_user::text").get(0);
  }

  private static List<String> strings(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** At most 10 names, then "and more". */
  private static String list(List<String> names) {
    return names.size() <= 10
        ? String.join(", ", names)
        : String.join(", ", names.subList(0, 10)) + " and more";
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "no message";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
