package dev.dpjdbc.it.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Catalog SQL that dpjdbc's own classifier or Calcite's grammar cannot read is decided by
 * PostgreSQL's parse (the catalog door): answered as PostgreSQL answers it, on execute, on describe
 * and on EXPLAIN PRIVACY, and never charged. Queries over private data keep the analyzer's error,
 * and a statement mixing the catalog with a user table is still refused.
 */
class CatalogFallbackIT {
  private static CatalogRolesFixture fx;

  @BeforeAll
  static void start() throws Exception {
    fx = CatalogRolesFixture.start();
  }

  @AfterAll
  static void stop() throws Exception {
    fx.close();
  }

  static Stream<String> catalogSqlTheAnalyzerCannotRead() throws Exception {
    return Stream.of(
        // DBeaver
        "select \"substring\"(pg_get_expr(d.adbin, d.adrelid), 1, 10) from pg_attrdef d",
        // Metabase's privilege CTE (aliases named update and table)
        "with table_privileges as (select NULL as role, t.schemaname as schema, t.tablename as"
            + " table, pg_catalog.has_table_privilege(current_user, concat('\"', t.schemaname,"
            + " '\".\"', t.tablename, '\"'), 'UPDATE') as update from pg_catalog.pg_tables t"
            + " where t.schemaname !~ '^pg_') select * from table_privileges",
        // pgcli
        Files.readString(Path.of("src/test/resources/catalog/pgcli-casing.sql")),
        // psql \dO
        "SELECT n.nspname AS \"Schema\", c.collname AS \"Name\" FROM pg_catalog.pg_collation c,"
            + " pg_catalog.pg_namespace n WHERE n.oid = c.collnamespace AND c.collencoding IN"
            + " (-1, pg_catalog.pg_char_to_encoding(pg_catalog.getdatabaseencoding()))"
            + " ORDER BY 1, 2");
  }

  @ParameterizedTest
  @MethodSource("catalogSqlTheAnalyzerCannotRead")
  void answered_describable_explainable_andFree(String sql) throws Exception {
    try (Connection c = fx.driver("fallback", false);
        Statement s = c.createStatement()) {
      String before = budget(s);
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        assertTrue(ps.getMetaData().getColumnCount() > 0);
      }
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
      assertEquals(before, budget(s));
    }
  }

  @Test
  void metabasePrivileges_answerAsPostgres() throws Exception {
    try (Connection c = fx.driver("metabase", false);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "with table_privileges as (select t.tablename as table,"
                    + " pg_catalog.has_table_privilege(current_user, concat('\"', t.schemaname,"
                    + " '\".\"', t.tablename, '\"'), 'UPDATE') as update"
                    + " from pg_catalog.pg_tables t where t.schemaname = 'public')"
                    + " select * from table_privileges")) {
      assertEquals("table", rs.getMetaData().getColumnLabel(1));
      assertEquals("update", rs.getMetaData().getColumnLabel(2));
      assertTrue(rs.next());
      assertEquals("staff", rs.getString(1));
      assertEquals(false, rs.getBoolean(2)); // the catalog role may not update it
    }
  }

  @Test
  void aQueryWithATypo_keepsTheAnalyzersError_andIsFree() throws Exception {
    try (Connection c = fx.driver("typo", false);
        Statement s = c.createStatement()) {
      String before = budget(s);
      SQLException e =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT COUNT(*) FROM staf"));
      assertEquals("42P01", e.getSQLState());
      assertTrue(e.getMessage().contains("unquoted names are folded"), e.getMessage());
      SQLException col =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT AVG(salry) FROM staff"));
      assertEquals("42703", col.getSQLState(), col.getMessage());
      assertEquals(before, budget(s));
    }
  }

  @Test
  void aPostgres0A000_keepsTheAnalyzersError_andTheSessionGoesOn() throws Exception {
    try (Connection c = fx.driver("crossdb", false);
        Statement s = c.createStatement()) {
      for (int i = 0; i < 2; i++) { // HikariCP evicts a connection after 0A000: borrowed anew
        SQLException e =
            assertThrows(
                SQLException.class,
                () -> s.executeQuery("SELECT COUNT(*) FROM otherdb.public.staff"));
        assertTrue(e.getSQLState() != null && !e.getSQLState().equals("XX000"), e.getMessage());
        try (ResultSet rs =
            s.executeQuery("SELECT relname FROM pg_class WHERE relname = 'staff'")) {
          assertTrue(rs.next());
        }
      }
    }
  }

  @Test
  void catalogMixedWithAUserTable_isRefused42501_andFree() throws Exception {
    try (Connection c = fx.driver("mixed", false);
        Statement s = c.createStatement()) {
      String before = budget(s);
      for (String sql :
          new String[] {
            "SELECT c.relname, s.salary FROM pg_class c JOIN staff s ON true",
            "SELECT relname FROM pg_class, staff",
            "with t as (select name as update from staff) select * from t, pg_class"
          }) {
        SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql));
        assertEquals("42501", e.getSQLState(), sql + ": " + e.getMessage());
        assertTrue(!e.getMessage().contains(CatalogRolesFixture.CANARY_NAME));
      }
      assertEquals(before, budget(s));
    }
  }

  private static String budget(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      rs.next();
      return rs.getString("epsilon_spent") + "/" + rs.getString("queries");
    }
  }
}
