package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Through the proxy with the real psql: privilege questions are answered for the data role ({@code
 * --backend-user}), not the catalog role that runs catalog statements, so {@code
 * information_schema} lists the policy tables and not a table the data role cannot read.
 */
class ProxyDataRolePrivilegesIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(1000.0);
    try (Connection c = fixture.postgres.getDatabase("postgres", "demo").getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE audit_log (id int, secret_payload text)");
      s.execute("REVOKE ALL ON audit_log FROM PUBLIC");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void psql_informationSchemaAndPrivileges_areTheDataRoles() throws Exception {
    Psql.Result r =
        fixture.psql(
            "\\a\n\\t\n"
                + "SELECT 'T:' || table_name FROM information_schema.tables"
                + " WHERE table_schema = 'public' ORDER BY 1;\n"
                + "SELECT 'C:' || column_name FROM information_schema.columns"
                + " WHERE table_name IN ('employees', 'audit_log');\n"
                + "SELECT 'P:' || has_table_privilege('employees', 'SELECT') || ','"
                + " || has_table_privilege('audit_log', 'SELECT')"
                + " || ',' || has_column_privilege('employees', 'salary', 'SELECT');\n"
                + "SELECT 'U:' || current_user;\n");
    assertEquals(0, r.exitCode(), r.all());
    List<String> lines = r.out().lines().map(String::strip).toList();
    assertEquals(
        List.of("T:departments", "T:employees"),
        lines.stream().filter(l -> l.startsWith("T:")).toList(),
        r.all());
    assertTrue(lines.contains("C:salary"), r.all());
    assertFalse(lines.contains("C:secret_payload"), r.all());
    assertTrue(lines.contains("P:true,false,true"), r.all());
    assertTrue(lines.contains("U:" + fixture.roles.catalog().user()), r.all());
  }
}
