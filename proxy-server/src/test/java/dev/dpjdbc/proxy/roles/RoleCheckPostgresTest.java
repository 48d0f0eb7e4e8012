package dev.dpjdbc.proxy.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal of {@link RoleCheck} on a real PostgreSQL: each case starts from a fresh pair of
 * roles made by {@link RoleSetup} (which pass), breaks one thing as the superuser, and expects a
 * refusal naming the role and the problem. Cases that change something shared undo it.
 */
class RoleCheckPostgresTest {
  static PgBackend backend;
  static String ledgerUrl;
  static final AtomicInteger N = new AtomicInteger();

  @BeforeAll
  static void start() throws Exception {
    backend = PgBackend.start();
    backend.admin(
        "CREATE ROLE ledger_owner LOGIN PASSWORD 'ledger-pw'",
        "CREATE DATABASE ledger OWNER ledger_owner");
    ledgerUrl =
        "jdbc:postgresql://localhost:"
            + backend.pg.getPort()
            + "/ledger?user=ledger_owner&password=ledger-pw";
    try (Ledger ignored = Ledger.open(ledgerUrl)) {
      // creates the ledger's tables, owned by ledger_owner
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (backend != null) {
      backend.close();
    }
  }

  /** A fresh data/catalog pair with exactly RoleSetup's grants. */
  record Roles(Login data, Login catalog) {
    String d() {
      return RoleSetup.quoteIdent(data.user());
    }

    String c() {
      return RoleSetup.quoteIdent(catalog.user());
    }
  }

  static Roles fresh() throws Exception {
    int n = N.incrementAndGet();
    Roles r = new Roles(new Login("data" + n, "pw-d" + n), new Login("catalog" + n, "pw-c" + n));
    try (Connection admin = backend.superuser()) {
      RoleSetup.forPolicy(policy(false), "hr", r.data(), r.catalog(), List.of()).apply(admin);
    }
    return r;
  }

  static Policy policy(boolean postgresLedger) {
    return Policy.parse(
        "ledger: \""
            + (postgresLedger ? ledgerUrl : "jdbc:h2:mem:rolecheck;DB_CLOSE_DELAY=-1")
            + "\"\n"
            + "tables:\n  public.employees: {privacy_unit: id}\n  departments: {public: true}\n",
        "test policy");
  }

  static RoleCheck.Refused refused(Roles r, boolean postgresLedger) {
    return assertThrows(
        RoleCheck.Refused.class,
        () -> RoleCheck.verify(backend.url(), r.data(), r.catalog(), policy(postgresLedger)));
  }

  static void assertProblem(RoleCheck.Refused e, String role, String text) {
    assertTrue(
        e.problems().stream().anyMatch(p -> p.role().equals(role) && p.problem().contains(text)),
        e.getMessage());
    assertTrue(e.getMessage().contains("Fix: "), e.getMessage());
  }

  @Test
  void setupRoles_pass() throws Exception {
    Roles r = fresh();
    RoleCheck.verify(backend.url(), r.data(), r.catalog(), policy(false));
    RoleCheck.verify(backend.url(), r.data(), r.catalog(), policy(true));
  }

  static Stream<Arguments> dangerousAttributes() {
    return Stream.of(
        Arguments.of("SUPERUSER", "is a superuser"),
        Arguments.of("CREATEROLE", "has CREATEROLE"),
        Arguments.of("CREATEDB", "has CREATEDB"),
        Arguments.of("REPLICATION", "has REPLICATION"));
  }

  @ParameterizedTest
  @MethodSource("dangerousAttributes")
  void dataRole_dangerousAttribute_refused(String attribute, String text) throws Exception {
    Roles r = fresh();
    backend.admin("ALTER ROLE " + r.d() + " " + attribute);
    assertProblem(refused(r, false), "data role \"" + r.data().user() + "\"", text);
  }

  @ParameterizedTest
  @MethodSource("dangerousAttributes")
  void catalogRole_dangerousAttribute_refused(String attribute, String text) throws Exception {
    Roles r = fresh();
    backend.admin("ALTER ROLE " + r.c() + " " + attribute);
    assertProblem(refused(r, false), "catalog role \"" + r.catalog().user() + "\"", text);
  }

  static Stream<String> serverFileRoles() {
    return Stream.of("pg_read_server_files", "pg_write_server_files", "pg_execute_server_program");
  }

  @ParameterizedTest
  @MethodSource("serverFileRoles")
  void eitherRole_memberOfServerFileRole_refused(String member) throws Exception {
    Roles r = fresh();
    backend.admin("GRANT " + member + " TO " + r.d(), "GRANT " + member + " TO " + r.c());
    RoleCheck.Refused e = refused(r, false);
    assertProblem(e, "data role \"" + r.data().user() + "\"", "member of " + member);
    assertProblem(e, "catalog role \"" + r.catalog().user() + "\"", "member of " + member);
  }

  @Test
  void dataRole_memberThroughAnotherRole_refused() throws Exception {
    Roles r = fresh();
    backend.admin(
        "CREATE ROLE files" + N.get(),
        "GRANT pg_read_server_files TO files" + N.get(),
        "GRANT files" + N.get() + " TO " + r.d());
    assertProblem(
        refused(r, false), "data role \"" + r.data().user() + "\"", "pg_read_server_files");
  }

  static Stream<String> writeGrants() {
    return Stream.of(
        "INSERT ON employees",
        "UPDATE ON employees",
        "DELETE ON departments",
        "TRUNCATE ON employees",
        "TRIGGER ON employees",
        "UPDATE (salary) ON employees",
        "INSERT (name) ON departments");
  }

  @ParameterizedTest
  @MethodSource("writeGrants")
  void dataRole_writePrivilege_refused(String grant) throws Exception {
    Roles r = fresh();
    backend.admin("GRANT " + grant + " TO " + r.d());
    assertProblem(refused(r, false), "data role \"" + r.data().user() + "\"", "may write");
  }

  @Test
  void dataRole_ownsATable_refused() throws Exception {
    Roles r = fresh();
    backend.admin("CREATE TABLE owned" + N.get() + " (x integer)");
    backend.admin("ALTER TABLE owned" + N.get() + " OWNER TO " + r.d());
    assertProblem(refused(r, false), "data role \"" + r.data().user() + "\"", "owned" + N.get());
  }

  @Test
  void dataRole_createOnSchema_refused() throws Exception {
    Roles r = fresh();
    backend.admin(
        "CREATE SCHEMA scratch" + N.get(),
        "GRANT CREATE ON SCHEMA scratch" + N.get() + " TO " + r.d());
    assertProblem(
        refused(r, false), "data role \"" + r.data().user() + "\"", "CREATE in schema scratch");
  }

  @Test
  void publicCreateOnSchemaPublic_refusedForBoth() throws Exception {
    Roles r = fresh();
    backend.admin("GRANT CREATE ON SCHEMA public TO PUBLIC");
    try {
      RoleCheck.Refused e = refused(r, false);
      assertProblem(e, "data role \"" + r.data().user() + "\"", "CREATE in schema public");
      assertProblem(e, "catalog role \"" + r.catalog().user() + "\"", "CREATE in schema public");
    } finally {
      backend.admin("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    }
  }

  @Test
  void dataRole_createOnDatabase_refused() throws Exception {
    Roles r = fresh();
    backend.admin("GRANT CREATE ON DATABASE hr TO " + r.d());
    assertProblem(refused(r, false), "data role \"" + r.data().user() + "\"", "CREATE schemas");
  }

  static Stream<String> catalogReads() {
    return Stream.of(
        "GRANT SELECT ON employees TO %s",
        "GRANT SELECT (salary) ON employees TO %s",
        "GRANT SELECT ON departments TO %s",
        "GRANT %2$s TO %1$s", // inherits the data role's SELECT
        "GRANT pg_read_all_data TO %s");
  }

  @ParameterizedTest
  @MethodSource("catalogReads")
  void catalogRole_canReadPolicyTable_refused(String grant) throws Exception {
    Roles r = fresh();
    backend.admin(String.format(grant, r.c(), r.d()));
    assertProblem(
        refused(r, false), "catalog role \"" + r.catalog().user() + "\"", "policy's table");
  }

  @Test
  void catalogRole_publicGrantOnPolicyTable_refused() throws Exception {
    Roles r = fresh();
    backend.admin("GRANT SELECT ON departments TO PUBLIC");
    try {
      assertProblem(
          refused(r, false), "catalog role \"" + r.catalog().user() + "\"", "departments");
    } finally {
      backend.admin("REVOKE SELECT ON departments FROM PUBLIC");
    }
  }

  @Test
  void catalogRole_readsOtherSessionsSql_refused() throws Exception {
    Roles r = fresh();
    backend.admin("GRANT pg_monitor TO " + r.c());
    assertProblem(
        refused(r, false), "catalog role \"" + r.catalog().user() + "\"", "pg_read_all_stats");
  }

  @Test
  void sameRoleForBoth_refused() throws Exception {
    Roles r = fresh();
    RoleCheck.Refused e =
        assertThrows(
            RoleCheck.Refused.class,
            () -> RoleCheck.verify(backend.url(), r.data(), r.data(), policy(false)));
    assertProblem(e, "data role \"" + r.data().user() + "\"", "also the catalog role");
  }

  @Test
  void postgresLedger_writableByDataRole_refused() throws Exception {
    Roles r = fresh();
    ledgerAdmin("GRANT UPDATE ON dpjdbc_ledger_analyst TO " + r.d());
    RoleCheck.Refused e = refused(r, true);
    assertProblem(e, "data role \"" + r.data().user() + "\"", "privacy ledger");
    assertEquals(1, e.problems().size(), e.getMessage());
  }

  @Test
  void postgresLedger_writableByCatalogRole_refused() throws Exception {
    Roles r = fresh();
    ledgerAdmin("GRANT DELETE ON dpjdbc_ledger_charge TO " + r.c());
    assertProblem(
        refused(r, true), "catalog role \"" + r.catalog().user() + "\"", "privacy ledger");
  }

  @Test
  void withoutCredentials_dropsUserAndPassword() {
    assertEquals(
        "jdbc:postgresql://h/l?ssl=true",
        RoleCheck.withoutCredentials("jdbc:postgresql://h/l?user=u&ssl=true&password=p"));
    assertEquals("jdbc:postgresql://h/l", RoleCheck.withoutCredentials("jdbc:postgresql://h/l"));
  }

  private static void ledgerAdmin(String sql) throws Exception {
    try (Connection c = backend.pg.getDatabase("postgres", "ledger").getConnection()) {
      c.createStatement().execute(sql);
    }
  }
}
