package dev.dpjdbc.it.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Red-team attacks specific to H2 as the backend (it converts column values at run time). */
class H2AttackIT {
  static final String URL = "jdbc:h2:mem:attack-h2;DB_CLOSE_DELAY=-1";
  static Connection keepAlive;
  static Path policy;

  @BeforeAll
  static void start() throws Exception {
    keepAlive = DriverManager.getConnection(URL, "sa", "");
    AttackSchema.create(keepAlive, false);
    policy = AttackSchema.policy();
  }

  @AfterAll
  static void stop() throws Exception {
    keepAlive.close();
    Files.deleteIfExists(policy);
  }

  static SQLException refusal(String sql) throws SQLException {
    try (Connection c = AttackSchema.dp(URL, "sa", "", policy);
        Statement s = c.createStatement()) {
      return assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql);
    }
  }

  /** H2 converts {@code name} to INT per row: the error appears iff a matching row exists. */
  @Test
  void whereImplicitConversionOfTextColumn_isRefusedBeforeExecution() throws SQLException {
    for (int salary : new int[] {50000, 50001}) {
      SQLException e =
          refusal("SELECT COUNT(*) FROM staff WHERE salary = " + salary + " AND name = 5");
      assertEquals("0A000", e.getSQLState(), e.getMessage());
    }
  }

  @Test
  void whereDivisionByZero_isRefusedBeforeExecution() throws SQLException {
    assertEquals(
        "0A000", refusal("SELECT COUNT(*) FROM staff WHERE 1/(salary-50000) > 0").getSQLState());
  }

  @Test
  void metadataIndexInfo_hidesRowCounts() throws SQLException {
    try (Connection c = AttackSchema.dp(URL, "sa", "", policy);
        ResultSet rs = c.getMetaData().getIndexInfo(null, "PUBLIC", "STAFF", false, true)) {
      int rows = 0;
      while (rs.next()) {
        rows++;
        assertNull(rs.getObject("CARDINALITY"));
        assertNull(rs.getObject("PAGES"));
      }
      assertTrue(rows >= 1);
    }
  }

  static java.util.stream.Stream<String> h2CatalogLeaks() {
    return java.util.stream.Stream.of(
        "SELECT ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'STAFF'",
        "SELECT * FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'STAFF'",
        "SELECT t.* FROM INFORMATION_SCHEMA.TABLES t WHERE TABLE_NAME = 'STAFF'",
        "SELECT EXECUTING_STATEMENT FROM INFORMATION_SCHEMA.SESSIONS",
        "SELECT * FROM INFORMATION_SCHEMA.QUERY_STATISTICS");
  }

  /** H2's information_schema carries an exact row count and other sessions' SQL. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("h2CatalogLeaks")
  void h2InformationSchemaRowCount_isRefused(String sql) throws SQLException {
    SQLException e = refusal(sql);
    assertTrue(e.getSQLState().startsWith("42") || e.getSQLState().startsWith("0A"), e.toString());
  }

  @Test
  void h2InformationSchemaColumns_stillBrowsable() throws SQLException {
    try (Connection c = AttackSchema.dp(URL, "sa", "", policy);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT TABLE_NAME, TABLE_TYPE FROM INFORMATION_SCHEMA.TABLES"
                    + " WHERE TABLE_NAME = 'STAFF'")) {
      assertTrue(rs.next());
      assertEquals("STAFF", rs.getString(1));
    }
  }

  /** H2 returns ROW values as a live java.sql.ResultSet tied to the backend session. */
  @Test
  void passThroughRowValue_isNotALiveBackendResultSet() throws SQLException {
    try (Connection c = AttackSchema.dp(URL, "sa", "", policy);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT ROW(1, 2)")) {
      assertTrue(rs.next());
      Object v = rs.getObject(1);
      assertTrue(
          v == null || !(v instanceof ResultSet),
          "a backend ResultSet escaped: " + (v == null ? null : v.getClass()));
    } catch (SQLException refused) {
      assertTrue(refused.getSQLState().startsWith("42") || refused.getSQLState().startsWith("0A"));
    }
  }
}
