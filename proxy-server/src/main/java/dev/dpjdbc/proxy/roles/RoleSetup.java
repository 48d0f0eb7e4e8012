package dev.dpjdbc.proxy.roles;

import dev.dpjdbc.policy.Policy;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The SQL that gives a PostgreSQL backend the two least-privileged logins the proxy runs on:
 *
 * <ul>
 *   <li>the <b>data role</b> ({@code --backend-user}): {@code LOGIN NOSUPERUSER NOCREATEDB
 *       NOCREATEROLE NOREPLICATION NOBYPASSRLS}, {@code CONNECT} on the database, {@code USAGE} on
 *       the schemas and {@code SELECT} on the tables the policy names (with {@code --grant-schema},
 *       on every table of that schema too), and no write privilege on them;
 *   <li>the <b>catalog role</b> ({@code --catalog-user}): the same attributes, {@code CONNECT} and
 *       {@code TEMPORARY} on the database, {@code USAGE} on those schemas (so names resolve and
 *       psql's {@code \d} sees them) and no privilege on any of their tables: every privilege on
 *       them is revoked from it explicitly.
 * </ul>
 *
 * <p>{@code CREATE} on those schemas is revoked from {@code PUBLIC} and both roles (PostgreSQL
 * before 15 lets every role create objects in {@code public}). The statements are idempotent: a
 * role that exists is altered (attributes and password reset), earlier grants on the database and
 * on tables of those schemas are revoked first. Grants to {@code PUBLIC} on user tables reach every
 * role, the catalog role too; they cannot be revoked per role, so {@link #script()} says to revoke
 * them and how to find them ({@link RoleCheck} refuses to start while the catalog role can read a
 * policy table).
 *
 * <p>An unqualified policy table ({@code employees}) is granted in schema {@code public}; qualify
 * it in the policy if it lives elsewhere. Identifiers are double-quoted with quotes doubled,
 * passwords are single-quoted literals with quotes doubled under {@code standard_conforming_strings
 * = on} (the first statement), so any role, schema, table or password text is safe.
 */
public final class RoleSetup {
  /** Default name of the data role. */
  public static final String DATA_USER = "dp_data";

  /** Default name of the catalog role. */
  public static final String CATALOG_USER = "dp_catalog";

  private static final String ATTRIBUTES =
      "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS";
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A table the policy names: {@code schema.name}, both folded to lower case. */
  public record Table(String schema, String name) {
    /** {@code "schema"."name"}. */
    public String sql() {
      return quoteIdent(schema) + "." + quoteIdent(name);
    }

    /** The table of a policy key: {@code schema.table}, or {@code table} in {@code public}. */
    public static Table ofPolicyKey(String key) {
      int dot = key.lastIndexOf('.');
      return dot < 0
          ? new Table("public", key)
          : new Table(key.substring(0, dot), key.substring(dot + 1));
    }
  }

  private final String database;
  private final Login data;
  private final Login catalog;
  private final List<Table> tables;
  private final List<String> grantSchemas;

  /**
   * @param database the database both roles connect to
   * @param data the data role; its password must be set
   * @param catalog the catalog role; its password must be set
   * @param tables the tables the data role may read
   * @param grantSchemas schemas all of whose tables the data role may read
   */
  public RoleSetup(
      String database, Login data, Login catalog, List<Table> tables, List<String> grantSchemas) {
    this.database = requireName(database, "database");
    this.data = requireLogin(data, "data");
    this.catalog = requireLogin(catalog, "catalog");
    if (data.user().equals(catalog.user())) {
      throw new IllegalArgumentException(
          "the data role and the catalog role must be two different roles; both are named "
              + data.user());
    }
    this.tables = List.copyOf(tables);
    this.grantSchemas = List.copyOf(grantSchemas);
    this.tables.forEach(t -> requireName(t.name(), "table name"));
    this.grantSchemas.forEach(s -> requireName(s, "schema name"));
  }

  /** The set-up for every table of {@code policy} (public and private ones alike). */
  public static RoleSetup forPolicy(
      Policy policy, String database, Login data, Login catalog, List<String> grantSchemas) {
    List<Table> tables = policy.tables().keySet().stream().map(Table::ofPolicyKey).toList();
    return new RoleSetup(database, data, catalog, tables, grantSchemas);
  }

  /** 32 characters of base64url from 24 bytes of {@link SecureRandom}: 192 bits. */
  public static String generatePassword() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  public Login data() {
    return data;
  }

  public Login catalog() {
    return catalog;
  }

  /** Every schema a grant touches: the policy tables' schemas, then the --grant-schema ones. */
  public List<String> schemas() {
    Set<String> schemas = new LinkedHashSet<>();
    tables.forEach(t -> schemas.add(t.schema()));
    schemas.addAll(grantSchemas);
    return List.copyOf(schemas);
  }

  /** The statements, in order; {@link #apply} runs exactly these. */
  public List<String> statements() {
    List<String> sql = new ArrayList<>();
    String db = quoteIdent(database);
    String d = quoteIdent(data.user());
    String c = quoteIdent(catalog.user());
    sql.add("SET standard_conforming_strings = on");
    for (Login role : List.of(data, catalog)) {
      sql.add(createIfAbsent(role.user()));
      sql.add(
          "ALTER ROLE "
              + quoteIdent(role.user())
              + " WITH "
              + ATTRIBUTES
              + " PASSWORD "
              + quoteLiteral(role.password()));
    }
    sql.add("REVOKE ALL ON DATABASE " + db + " FROM " + d + ", " + c);
    sql.add("GRANT CONNECT ON DATABASE " + db + " TO " + d);
    sql.add("GRANT CONNECT, TEMPORARY ON DATABASE " + db + " TO " + c);
    for (String schema : schemas()) {
      String s = quoteIdent(schema);
      sql.add("REVOKE CREATE ON SCHEMA " + s + " FROM PUBLIC, " + d + ", " + c);
      sql.add("GRANT USAGE ON SCHEMA " + s + " TO " + d + ", " + c);
      sql.add("REVOKE ALL ON ALL TABLES IN SCHEMA " + s + " FROM " + d + ", " + c);
      sql.add("REVOKE ALL ON ALL SEQUENCES IN SCHEMA " + s + " FROM " + d + ", " + c);
    }
    for (Table t : tables) {
      sql.add("GRANT SELECT ON TABLE " + t.sql() + " TO " + d);
    }
    for (String schema : grantSchemas) {
      sql.add("GRANT SELECT ON ALL TABLES IN SCHEMA " + quoteIdent(schema) + " TO " + d);
    }
    for (Table t : tables) {
      sql.add("REVOKE ALL ON TABLE " + t.sql() + " FROM " + c);
    }
    return sql;
  }

  /**
   * The statements as a psql script with comments, ending with what must be done by hand (grants to
   * PUBLIC). {@code showPasswords = false} prints {@code '***'} in place of the passwords.
   */
  public String script(boolean showPasswords) {
    StringBuilder out = new StringBuilder();
    out.append("-- dpjdbc least-privileged roles for database ").append(database).append('\n');
    out.append("-- data role    ")
        .append(data.user())
        .append(": SELECT on the policy's tables, nothing else\n");
    out.append("-- catalog role ")
        .append(catalog.user())
        .append(": catalog only, no privilege on any user table\n");
    out.append("-- Run as a superuser (or a role with CREATEROLE that owns these tables).\n");
    out.append("BEGIN;\n");
    for (String s : statements()) {
      String line = s;
      if (!showPasswords && s.startsWith("ALTER ROLE ")) {
        line = s.substring(0, s.lastIndexOf(" PASSWORD ")) + " PASSWORD '***'";
      }
      out.append(line).append(";\n");
    }
    out.append("COMMIT;\n");
    out.append(publicGrantsNote());
    return out.toString();
  }

  /** The script with the passwords in it. */
  public String script() {
    return script(true);
  }

  /** What the administrator must check by hand: grants to PUBLIC reach the catalog role too. */
  public static String publicGrantsNote() {
    return "-- IMPORTANT: grants to PUBLIC on user tables reach every role, the catalog role too,\n"
        + "-- and cannot be revoked from one role: they must be revoked (REVOKE ALL ON TABLE t"
        + " FROM PUBLIC).\n"
        + "-- Find them with:\n"
        + "--   SELECT table_schema, table_name, privilege_type FROM"
        + " information_schema.table_privileges\n"
        + "--   WHERE grantee = 'PUBLIC' AND table_schema NOT IN ('pg_catalog',"
        + " 'information_schema');\n"
        + "-- Functions in user schemas are executable by PUBLIC by default: revoke EXECUTE from"
        + " PUBLIC\n"
        + "-- on any that reads user data (above all SECURITY DEFINER ones).\n";
  }

  /** Runs {@link #statements()} on {@code admin} in one transaction. */
  public void apply(Connection admin) throws SQLException {
    boolean autoCommit = admin.getAutoCommit();
    admin.setAutoCommit(false);
    try (Statement st = admin.createStatement()) {
      for (String sql : statements()) {
        st.execute(sql);
      }
      admin.commit();
    } catch (SQLException | RuntimeException e) {
      admin.rollback();
      throw e;
    } finally {
      admin.setAutoCommit(autoCommit);
    }
  }

  private static String createIfAbsent(String role) {
    String body =
        "BEGIN IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = "
            + quoteLiteral(role)
            + ") THEN CREATE ROLE "
            + quoteIdent(role)
            + "; END IF; END";
    return "DO " + quoteLiteral(body);
  }

  /** {@code "name"} with inner quotes doubled (PostgreSQL's quote_ident, always quoting). */
  public static String quoteIdent(String name) {
    requireName(name, "identifier");
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** {@code 'text'} with inner quotes doubled (needs standard_conforming_strings = on). */
  public static String quoteLiteral(String text) {
    Objects.requireNonNull(text, "text");
    if (text.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a SQL literal cannot contain a NUL character");
    }
    return "'" + text.replace("'", "''") + "'";
  }

  /**
   * The database a PostgreSQL JDBC URL names: {@code jdbc:postgresql://host[:port][,...]/db?...} or
   * {@code jdbc:postgresql:db}, URL-decoded as pgJDBC does.
   *
   * @throws IllegalArgumentException when the URL is not a PostgreSQL URL or names no database
   */
  public static String databaseOf(String jdbcUrl) {
    String prefix = "jdbc:postgresql:";
    if (jdbcUrl == null || !jdbcUrl.toLowerCase(Locale.ROOT).startsWith(prefix)) {
      throw new IllegalArgumentException(
          "setup-roles is for PostgreSQL: --backend must start with jdbc:postgresql:, got "
              + jdbcUrl);
    }
    String rest = jdbcUrl.substring(prefix.length());
    int query = rest.indexOf('?');
    if (query >= 0) {
      rest = rest.substring(0, query);
    }
    if (rest.startsWith("//")) {
      int slash = rest.indexOf('/', 2);
      rest = slash < 0 ? "" : rest.substring(slash + 1);
    }
    String db = URLDecoder.decode(rest, StandardCharsets.UTF_8);
    if (db.isEmpty()) {
      throw new IllegalArgumentException(
          "--backend must name the database, e.g. jdbc:postgresql://host:5432/hr; got " + jdbcUrl);
    }
    return db;
  }

  private static String requireName(String name, String what) {
    if (name == null || name.isEmpty() || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          what + " must be non-empty and without NUL characters. Provided value: " + name);
    }
    return name;
  }

  private static Login requireLogin(Login login, String which) {
    if (login == null || login.user() == null || login.password() == null) {
      throw new IllegalArgumentException(
          "the " + which + " role needs a name and a password. Provided value: " + login);
    }
    requireName(login.user(), which + " role name");
    if (login.password().isEmpty()) {
      throw new IllegalArgumentException("the " + which + " role's password must not be empty");
    }
    return login;
  }
}
