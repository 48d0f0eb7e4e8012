package dev.dpjdbc.it.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The catalog door answers privilege questions as the data role would see them: the catalog role
 * has no privilege on any user table, yet {@code information_schema.tables}/{@code columns} list
 * the tables the data role can read (and not a table it cannot), and {@code has_table_privilege(t,
 * 'SELECT')} is true for them. The oracle is PostgreSQL itself: the same statement run directly as
 * the data role. Rows stay out of reach.
 */
class DataRolePrivilegesIT {
  private static CatalogRolesFixture fx;

  @BeforeAll
  static void start() throws Exception {
    fx = CatalogRolesFixture.start();
    try (Connection c = fx.pg.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      // a table the data role cannot read (nor the catalog role)
      s.execute("CREATE TABLE secret_notes (id int PRIMARY KEY, note text)");
      s.execute("INSERT INTO secret_notes VALUES (1, 'SECRET-NOTE-8812')");
      s.execute("REVOKE ALL ON secret_notes FROM PUBLIC");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    fx.close();
  }

  private static Connection dataRoleDirect() throws SQLException {
    return DriverManager.getConnection(
        fx.backendUrl(), "dp_data", CatalogRolesFixture.DATA_PASSWORD);
  }

  private static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          row.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(row.toString());
      }
    }
    out.sort(null);
    return out;
  }

  @Test
  void informationSchemaTables_listsWhatTheDataRoleCanRead() throws Exception {
    try (Connection c = fx.driver("grafana", false)) {
      assertEquals(
          List.of("public|staff|BASE TABLE"),
          rows(
              c,
              "SELECT table_schema, table_name, table_type FROM information_schema.tables"
                  + " WHERE table_schema = 'public'"));
      assertEquals(
          List.of("id", "name", "salary"),
          rows(c, "SELECT column_name FROM information_schema.columns WHERE table_name = 'staff'"));
      assertEquals(
          List.of(),
          rows(
              c,
              "SELECT column_name FROM information_schema.columns"
                  + " WHERE table_name = 'secret_notes'"));
    }
  }

  @Test
  void privilegeFunctions_answerForTheDataRole() throws Exception {
    String sql =
        "SELECT has_table_privilege('staff', 'SELECT'),"
            + " has_table_privilege('secret_notes', 'SELECT'),"
            + " has_any_column_privilege('public.staff', 'SELECT'),"
            + " has_column_privilege('staff', 'salary', 'SELECT'),"
            + " has_schema_privilege('public', 'USAGE'),"
            + " has_database_privilege(current_database(), 'CONNECT'),"
            + " pg_catalog.has_table_privilege(current_user, 'staff', 'SELECT'),"
            + " has_table_privilege('dp_catalog', 'staff', 'SELECT')";
    try (Connection c = fx.driver("metabase", false)) {
      assertEquals(List.of("true|false|true|true|true|true|true|false"), rows(c, sql));
      // current_user itself stays the login the statement runs on
      assertEquals(List.of("dp_catalog|dp_catalog"), rows(c, "SELECT current_user, session_user"));
    }
  }

  @Test
  void metabaseSyncableTables_listsTheDataRolesTables() throws Exception {
    String sql =
        "SELECT n.nspname AS schema, c.relname AS name FROM pg_catalog.pg_class c"
            + " JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid"
            + " LEFT JOIN pg_stat_user_tables AS s ON s.relid = c.oid"
            + " WHERE c.relkind IN ('r', 'p', 'v', 'f', 'm')"
            + " AND n.nspname !~ '^information_schema|catalog_history|pg_'"
            + " AND has_schema_privilege(n.nspname, 'USAGE')"
            + " AND (has_table_privilege('\"' || n.nspname || '\".\"' || c.relname || '\"',"
            + " 'SELECT') OR has_any_column_privilege('\"' || n.nspname || '\".\"' || c.relname"
            + " || '\"', 'SELECT'))";
    try (Connection c = fx.driver("metabase", false)) {
      assertEquals(List.of("public|staff"), rows(c, sql));
    }
  }

  static Stream<String> views() {
    return Stream.of(
        "tables",
        "columns",
        "views",
        "schemata",
        "table_constraints",
        "key_column_usage",
        "referential_constraints",
        "constraint_column_usage",
        "constraint_table_usage",
        "check_constraints",
        "table_privileges",
        "column_privileges",
        "role_table_grants",
        "role_column_grants",
        "enabled_roles",
        "applicable_roles",
        "sequences",
        "triggers",
        "routines",
        "parameters",
        "element_types",
        "column_udt_usage",
        "view_table_usage",
        "view_column_usage");
  }

  /** Every rewritten view answers exactly what PostgreSQL answers the data role. */
  @ParameterizedTest
  @MethodSource("views")
  void informationSchemaView_isWhatTheDataRoleSees(String view) throws Exception {
    String sql = "SELECT * FROM information_schema." + view;
    try (Connection c = fx.driver("dbeaver", false);
        Connection data = dataRoleDirect()) {
      List<String> expected = rows(data, sql);
      assertEquals(expected, rows(c, sql), view);
    }
  }

  static Stream<String> readsBesideTheCatalog() {
    return Stream.of(
        "SELECT table_name FROM information_schema.tables"
            + " WHERE EXISTS (SELECT 1 FROM staff WHERE salary > 7000000)",
        "SELECT t.table_name, s.name FROM information_schema.tables t JOIN staff s ON true",
        "SELECT table_name FROM information_schema.tables, secret_notes",
        "SELECT has_table_privilege('staff', 'SELECT') FROM staff");
  }

  /** Privileges are answered for the data role; the data itself stays unreadable. */
  @ParameterizedTest
  @MethodSource("readsBesideTheCatalog")
  void dataBesideTheRewrittenViews_staysOutOfReach(String sql) throws Exception {
    try (Connection c = fx.driver("attacker", false);
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> {
                try (ResultSet rs = s.executeQuery(sql)) {
                  while (rs.next()) {
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                      String v = String.valueOf(rs.getString(i));
                      assertFalse(
                          v.contains(CatalogRolesFixture.CANARY_NAME) || v.contains("SECRET"));
                    }
                  }
                }
              });
      assertTrue(
          e.getSQLState().startsWith("42") || e.getSQLState().equals("0A000"),
          e.getSQLState() + " " + e.getMessage());
    }
  }
}
