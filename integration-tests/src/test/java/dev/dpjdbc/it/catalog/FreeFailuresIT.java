package dev.dpjdbc.it.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
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

  /**
   * A warm plan (described and probed once, remembered by the session) still refuses an analyst's
   * new value that does not convert, for free: only the same values skip the checks.
   */
  @Test
  void warmPlan_badNewValue_isStillFree() throws Exception {
    try (Connection c = fx.driver("free-warm", false);
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM staff WHERE salary > ?")) {
      for (int i = 0; i < 2; i++) {
        ps.setInt(1, 1100);
        ps.executeQuery().close(); // charged twice; the second run skips the describe and probe
      }
      String before = budget(c);
      ps.setString(1, "not a number");
      SQLException e = assertThrows(SQLException.class, () -> ps.executeQuery().close());
      assertTrue(
          List.of("22P02", "42883").contains(e.getSQLState()), e.getSQLState() + e.getMessage());
      assertEquals(before, budget(c));
      ps.setInt(1, 1100);
      ps.executeQuery().close();
      assertTrue(!before.equals(budget(c)), "the warm plan is still charged");
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
