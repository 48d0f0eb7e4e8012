package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Parameters as PostgreSQL types them, through pgJDBC against the proxy: untyped values ({@code
 * Types.OTHER}, {@code setDate}, {@code stringtype=unspecified}) travel as {@code unknown} and the
 * backend infers their type; typed ones stay typed; arrays work on the catalog path; a value that
 * does not fit is refused with PostgreSQL's SQLState and costs nothing.
 */
class ProxyParametersIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(10_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** The queries charged so far, from a {@link #budget} row. */
  private static long queries(List<String> budget) {
    return Long.parseLong(budget.get(budget.size() - 1));
  }

  /** The analyst's budget row, every column as text; the number of queries charged last. */
  private static List<String> budget(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      assertTrue(rs.next());
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        row.add(rs.getString(i));
      }
      row.add(String.valueOf(rs.getLong("queries")));
      return row;
    }
  }

  private static long count(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  private static void assertAnswered(PreparedStatement ps) throws SQLException {
    long n = count(ps);
    assertTrue(n > -100_000 && n < 100_000, "a noisy count, got " + n);
  }

  @Test
  void untypedValues_backendInfersTheirTypes() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      String sql =
          "SELECT COUNT(*) FROM employees WHERE hired >= ? AND age > ? AND salary < ?"
              + " AND region = ?";
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setObject(1, "2010-01-01", Types.OTHER);
        ps.setObject(2, "30", Types.OTHER);
        ps.setObject(3, "150000", Types.OTHER);
        ps.setObject(4, "N", Types.OTHER);
        assertAnswered(ps);
      }
    }
  }

  @Test
  void setDate_timestampAndNumeric_againstTheirColumns() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*) FROM employees WHERE hired BETWEEN ? AND ? AND salary > ?"
                    + " AND (age > 20) = ?")) {
      ps.setDate(1, Date.valueOf("2005-01-01")); // pgJDBC sends dates with type OID 0
      ps.setTimestamp(2, Timestamp.valueOf("2020-06-30 12:00:00"));
      ps.setBigDecimal(3, new BigDecimal("1000.25"));
      ps.setBoolean(4, true);
      assertAnswered(ps);
    }
  }

  @Test
  void setString_againstDateColumn_withStringtypeUnspecified() throws Exception {
    try (Connection c = fixture.pgjdbc("?stringtype=unspecified");
        PreparedStatement ps =
            c.prepareStatement("SELECT COUNT(*) FROM employees WHERE hired < ? AND age < ?")) {
      ps.setString(1, "2015-06-01");
      ps.setString(2, "60");
      assertAnswered(ps);
    }
  }

  @Test
  void textFortyTwo_againstTextColumn() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps =
            c.prepareStatement("SELECT COUNT(*) FROM employees WHERE department <> ?")) {
      ps.setString(1, "42"); // varchar against text, as PostgreSQL compares them
      assertAnswered(ps);
    }
  }

  @Test
  void timeParameter_andUuidOnTheCatalogPath() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT COUNT(*) FROM employees WHERE CAST(? AS time) < TIME '12:00:00'")) {
        ps.setTime(1, java.sql.Time.valueOf("08:30:00"));
        assertAnswered(ps);
      }
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT c.relname FROM pg_catalog.pg_class c"
                  + " WHERE c.relname = 'employees' AND CAST(? AS uuid) IS NOT NULL")) {
        ps.setObject(1, java.util.UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("employees", rs.getString(1));
        }
      }
    }
  }

  @Test
  void arrayParameter_onTheCatalogPath_asPgcliSendsIt() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT c.relname FROM pg_catalog.pg_class c"
                    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE n.nspname = 'public' AND c.relkind = ANY(?) ORDER BY 1")) {
      Array kinds = c.createArrayOf("text", new Object[] {"r", "p"});
      ps.setArray(1, kinds);
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      assertEquals(List.of("departments", "employees"), tables);
    }
  }

  @Test
  void wrongTypeParameters_refusedWithPostgresState_andFree() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      List<String> before = budget(c);
      String sql = "SELECT COUNT(*) FROM employees WHERE age > ?";
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setObject(1, "forty", Types.OTHER);
        SQLException e = assertThrows(SQLException.class, ps::executeQuery);
        assertEquals("22P02", e.getSQLState(), e.getMessage());
        assertTrue(
            e.getMessage().contains("invalid input syntax for type integer: \"forty\""),
            e.getMessage());
        assertFalse(e.getMessage().contains("DETAIL"), e.getMessage());
      }
      try (PreparedStatement ps =
          c.prepareStatement("SELECT COUNT(*) FROM employees WHERE hired > ?")) {
        ps.setObject(1, "not a date", Types.OTHER);
        SQLException e = assertThrows(SQLException.class, ps::executeQuery);
        assertEquals("22007", e.getSQLState(), e.getMessage());
      }
      // an answered query is charged (the ledger moves), the refused ones do not
      try (PreparedStatement ps =
          c.prepareStatement("SELECT COUNT(*) FROM employees WHERE age > CAST(? AS int4)")) {
        ps.setInt(1, 1);
        assertAnswered(ps);
      }
      List<String> afterOne = budget(c);
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setObject(1, "x", Types.OTHER);
        assertThrows(SQLException.class, ps::executeQuery);
      }
      List<String> afterTwo = budget(c);
      assertEquals(afterOne, afterTwo, "a wrong-type parameter costs nothing");
      assertFalse(before.equals(afterOne), "the answered query was charged");
      assertEquals(queries(before) + 1, queries(afterOne), "only the answered query was charged");
    }
  }

  @Test
  void typedTextAgainstIntegerColumn_refused42883_andFree() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      List<String> before = budget(c);
      try (PreparedStatement ps =
          c.prepareStatement("SELECT COUNT(*) FROM employees WHERE age > ?")) {
        ps.setString(1, "40"); // varchar, as pgJDBC types setString: PostgreSQL refuses it too
        SQLException e = assertThrows(SQLException.class, ps::executeQuery);
        assertEquals("42883", e.getSQLState(), e.getMessage());
      }
      assertEquals(before, budget(c), "a typing error costs nothing");
    }
  }
}
