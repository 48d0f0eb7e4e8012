package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The JDBC surface BI tools rely on: PreparedStatement metadata before execution equal to the
 * result's after, parameters, typed getters, metadata delegation with our connection, and no way
 * back to a backend object.
 */
abstract class JdbcSurfaceScenarios extends ScenarioBase {
  static final String GROUPED =
      "SELECT region, COUNT(*) AS n, AVG(salary) AS avg_salary FROM employees"
          + " WHERE age > ? AND active = ? GROUP BY region ORDER BY region";

  @Test
  void preparedStatement_metadataBeforeEqualsAfter() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(GROUPED)) {
      ResultSetMetaData before = ps.getMetaData();
      assertEquals(2, ps.getParameterMetaData().getParameterCount());
      assertEquals(0.0, num(oneRow(c.createStatement(), "SHOW dp.budget").get("epsilon_spent")));
      ps.setInt(1, 30);
      ps.setBoolean(2, true);
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData after = rs.getMetaData();
        assertEquals(3, before.getColumnCount());
        assertEquals(before.getColumnCount(), after.getColumnCount());
        for (int i = 1; i <= before.getColumnCount(); i++) {
          assertEquals(before.getColumnLabel(i), after.getColumnLabel(i));
          assertEquals(before.getColumnType(i), after.getColumnType(i));
          assertEquals(before.getColumnTypeName(i), after.getColumnTypeName(i));
          assertEquals(before.getColumnClassName(i), after.getColumnClassName(i));
        }
        assertEquals("n", after.getColumnLabel(2).toLowerCase(Locale.ROOT));
        assertEquals(Types.BIGINT, after.getColumnType(2));
        // AVG of an integer is numeric, as on PostgreSQL
        assertTrue(
            after.getColumnType(3) == Types.DECIMAL || after.getColumnType(3) == Types.NUMERIC,
            after.getColumnTypeName(3));
        assertTrue(rs.next());
        assertTrue(rs.getObject(2) instanceof Long, "COUNT → Long");
        assertTrue(
            rs.getObject(3) == null || rs.getObject(3) instanceof java.math.BigDecimal,
            "AVG → BigDecimal");
        assertEquals(rs.getLong(2), rs.getInt("n"));
        assertEquals(String.valueOf(rs.getLong(2)), rs.getString(2));
        assertNotNull(rs.getBigDecimal(2));
        assertSame(ps, rs.getStatement());
        DriverScenarios.assertCostWarning(rs.getWarnings());
      }
      ps.setInt(1, 200);
      ps.setBoolean(2, false);
      assertTrue(ps.execute(), "re-executing with new parameters");
      assertEquals(4, rows(ps.getResultSet()).size(), "all four regions even when all are empty");
    }
  }

  @Test
  void preparedStatement_typedSetters() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*) AS n FROM employees WHERE age >= ? AND salary <= ? AND region = ?"
                    + " AND id > ? AND salary >= ?")) {
      ps.setLong(1, 18L);
      ps.setDouble(2, 200000.0);
      ps.setString(3, "N");
      ps.setObject(4, 0);
      ps.setBigDecimal(5, java.math.BigDecimal.ZERO);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertTrue(rs.getLong(1) >= 0);
      }
      ps.clearParameters();
      assertEquals("22023", Refusal.expect(ps::executeQuery).getSQLState());
    }
  }

  @Test
  void unwrap_neverHandsOutBackendObjects() throws Exception {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      Class<?> pgConnection = Class.forName("org.postgresql.PGConnection");
      Class<?> h2Connection = Class.forName("org.h2.jdbc.JdbcConnection");
      assertFalse(c.isWrapperFor(pgConnection));
      assertFalse(c.isWrapperFor(h2Connection));
      assertEquals("42501", Refusal.expect(() -> c.unwrap(pgConnection)).getSQLState());
      assertEquals("42501", Refusal.expect(() -> c.unwrap(h2Connection)).getSQLState());
      assertSame(c, c.unwrap(Connection.class));
      assertSame(c, s.getConnection());
      assertEquals(
          "42501",
          Refusal.expect(() -> s.unwrap(Class.forName("org.postgresql.PGStatement")))
              .getSQLState());
      DatabaseMetaData md = c.getMetaData();
      assertSame(c, md.getConnection());
      assertTrue(md.getURL().startsWith("jdbc:dp:"), md.getURL());
      assertEquals("42501", Refusal.expect(() -> md.unwrap(pgConnection)).getSQLState());
      try (ResultSet tables = md.getTables(null, null, "%", new String[] {"TABLE"})) {
        assertEquals(
            "42501",
            Refusal.expect(() -> tables.unwrap(Class.forName("org.postgresql.jdbc.PgResultSet")))
                .getSQLState());
        boolean found = false;
        while (tables.next()) {
          found |= tables.getString("TABLE_NAME").equalsIgnoreCase("employees");
        }
        assertTrue(found, "metadata is delegated: employees is listed");
      }
    }
  }

  @Test
  void metadata_columnsDelegated() throws SQLException {
    try (Connection c = dp()) {
      DatabaseMetaData md = c.getMetaData();
      boolean upper = md.storesUpperCaseIdentifiers();
      String table = upper ? "EMPLOYEES" : "employees";
      int columns = 0;
      // other test classes on the same server have an employees table in their own schema
      try (ResultSet rs = md.getColumns(null, upper ? "PUBLIC" : "public", table, "%")) {
        while (rs.next()) {
          columns++;
        }
      }
      assertEquals(7, columns);
      assertTrue(md.isReadOnly());
    }
  }

  @Test
  void statement_resultAndUpdateCountProtocol() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      assertFalse(s.execute("SET dp.epsilon = 0.5"));
      assertEquals(0, s.getUpdateCount());
      assertEquals(null, s.getResultSet());
      assertTrue(s.execute("SELECT COUNT(*) AS n FROM employees"));
      assertEquals(-1, s.getUpdateCount());
      assertNotNull(s.getResultSet());
      DriverScenarios.assertCostWarning(s.getWarnings());
      assertTrue(s.getWarnings().getMessage().contains("0.5"), s.getWarnings().getMessage());
      assertFalse(s.getMoreResults());
      assertEquals(-1, s.getUpdateCount());
      assertTrue(c.getAutoCommit());
      c.commit();
      c.rollback();
    }
  }

  @Test
  void catalogPassThrough_materialisedWithoutCost() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT 1 AS one")) {
        assertTrue(rs.next());
        assertEquals(1, rs.getInt(1));
        assertSame(s, rs.getStatement());
      }
      assertEquals(null, s.getWarnings(), "catalog answers spend nothing");
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT table_name FROM information_schema.tables WHERE lower(table_name) = ?")) {
        ps.setString(1, "employees");
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), "information_schema is catalog data");
          assertTrue(rs.getString(1).equalsIgnoreCase("employees"));
        }
      }
      assertEquals(0.0, num(oneRow(s, "SHOW dp.budget").get("epsilon_spent")));
    }
  }
}
