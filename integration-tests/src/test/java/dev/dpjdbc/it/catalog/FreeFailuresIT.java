package dev.dpjdbc.it.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Failures the data did not cause are free: parse, plan, parameter count, the backend's prepare and
 * describe of the rewritten SQL, and refusals all leave the ledger unchanged; a successful release
 * is charged exactly once.
 */
class FreeFailuresIT {
  private static CatalogRolesFixture fx;

  @BeforeAll
  static void start() throws Exception {
    fx = CatalogRolesFixture.start();
  }

  @AfterAll
  static void stop() throws Exception {
    fx.close();
  }

  static Stream<Arguments> dataIndependentFailures() {
    return Stream.of(
        Arguments.of("SELEC COUNT(*) FROM staff", "42601"),
        Arguments.of("SELECT COUNT(*) FROM staff WHERE nosuch > 1", "42703"),
        Arguments.of("SELECT COUNT(*) FROM nosuch", "42P01"),
        Arguments.of("SELECT name FROM staff", "42501"),
        Arguments.of("SELECT COUNT(*) FROM staff WHERE 1/(salary - 5) > 0", "0A000"),
        Arguments.of("SELECT COUNT(*) FROM staff WHERE salary > ?", "22023"),
        Arguments.of("SELECT * FROM pg_stats", "42501"),
        Arguments.of("SELECT c.relname FROM pg_class c, staff s", "42501"),
        Arguments.of("SET statement_timeout = 0", "42501"));
  }

  @ParameterizedTest
  @MethodSource
  void dataIndependentFailures(String sql, String state) throws Exception {
    try (Connection c = fx.driver("free-" + Math.abs(sql.hashCode()), false)) {
      String before = budget(c);
      try (Statement s = c.createStatement()) {
        SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close());
        assertEquals(state, e.getSQLState(), e.getMessage());
      }
      assertEquals(before, budget(c));
    }
  }

  @Test
  void unboundParameter_isFree_andABoundOneIsChargedOnce() throws Exception {
    try (Connection c = fx.driver("free-params", false)) {
      String before = budget(c);
      try (PreparedStatement ps =
          c.prepareStatement("SELECT COUNT(*) FROM staff WHERE salary > ?")) {
        SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
        assertEquals("22023", e.getSQLState());
        assertEquals(before, budget(c));
        ps.setInt(1, 1100);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
        }
      }
      assertTrue(!before.equals(budget(c)), "a release is charged");
    }
  }

  private static String budget(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      assertTrue(rs.next());
      StringBuilder b = new StringBuilder();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        b.append(rs.getString(i)).append('|');
      }
      return b.toString();
    }
  }
}
