package dev.dpjdbc.proxy.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link RoleSetup} applied to a real PostgreSQL: what each role can and cannot do. */
class RoleSetupPostgresTest {
  static PgBackend backend;
  static Login data = new Login("dp_data", RoleSetup.generatePassword());
  static Login catalog = new Login("dp_catalog", RoleSetup.generatePassword());

  @BeforeAll
  static void start() throws Exception {
    backend = PgBackend.start();
    backend.admin("CREATE TABLE secrets (x integer)", "INSERT INTO secrets VALUES (42)");
    RoleSetup setup =
        new RoleSetup(
            "hr",
            data,
            catalog,
            List.of(
                RoleSetup.Table.ofPolicyKey("public.employees"),
                RoleSetup.Table.ofPolicyKey("departments")),
            List.of());
    try (Connection admin = backend.superuser()) {
      setup.apply(admin);
      setup.apply(admin); // idempotent: a second run alters the roles instead of failing
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (backend != null) {
      backend.close();
    }
  }

  @Test
  void dataRole_readsPolicyTables_writesNothing() throws Exception {
    try (Connection c = backend.as(data);
        Statement s = c.createStatement()) {
      assertEquals(2, count(s, "SELECT COUNT(*) FROM employees"));
      assertEquals(1, count(s, "SELECT COUNT(*) FROM departments"));
      assertDenied(s, "SELECT * FROM secrets");
      assertDenied(s, "INSERT INTO employees VALUES (3, 1, 'Sales')");
      assertDenied(s, "UPDATE employees SET salary = 0");
      assertDenied(s, "DELETE FROM departments");
      assertDenied(s, "TRUNCATE employees");
      assertDenied(s, "CREATE TABLE public.mine (x integer)");
      assertDenied(s, "CREATE SCHEMA mine");
      assertDenied(s, "CREATE ROLE evil");
    }
  }

  @Test
  void catalogRole_seesCatalog_readsNoUserTable() throws Exception {
    try (Connection c = backend.as(catalog);
        Statement s = c.createStatement()) {
      assertEquals(
          2,
          count(
              s,
              "SELECT COUNT(*) FROM pg_catalog.pg_class WHERE relname IN ('employees',"
                  + " 'departments') AND pg_catalog.pg_table_is_visible(oid)"));
      assertDenied(s, "SELECT COUNT(*) FROM employees");
      assertDenied(s, "SELECT COUNT(*) FROM departments");
      assertDenied(s, "SELECT * FROM secrets");
      // temporary objects are allowed (the pass-through check parses through a temporary view)
      s.execute("CREATE TEMPORARY VIEW v AS SELECT 1 AS one");
      // a view is checked when it is read (as its owner, the catalog role), not when it is made
      s.execute("CREATE TEMPORARY VIEW w AS SELECT * FROM employees");
      assertDenied(s, "SELECT * FROM w");
    }
  }

  @Test
  void oddNames_areQuoted() throws Exception {
    backend.admin(
        "CREATE SCHEMA \"we\"\"ird\"", "CREATE TABLE \"we\"\"ird\".\"tab'le\" (x integer)");
    Login odd = new Login("data \"role'", "pw'\"\\");
    Login oddCatalog = new Login("cat'alog", RoleSetup.generatePassword());
    RoleSetup setup =
        new RoleSetup(
            "hr", odd, oddCatalog, List.of(new RoleSetup.Table("we\"ird", "tab'le")), List.of());
    try (Connection admin = backend.superuser()) {
      setup.apply(admin);
    }
    try (Connection c = backend.as(odd);
        Statement s = c.createStatement()) {
      assertEquals(0, count(s, "SELECT COUNT(*) FROM \"we\"\"ird\".\"tab'le\""));
    }
    try (Connection c = backend.as(oddCatalog);
        Statement s = c.createStatement()) {
      assertDenied(s, "SELECT COUNT(*) FROM \"we\"\"ird\".\"tab'le\"");
    }
  }

  static long count(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static void assertDenied(Statement s, String sql) {
    SQLException e = assertThrows(SQLException.class, () -> s.execute(sql), sql);
    assertTrue(
        "42501".equals(e.getSQLState()), sql + ": " + e.getSQLState() + " " + e.getMessage());
  }
}
