package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The analyst's {@code ?} above the DP boundary through {@code jdbc:dp:}: {@code LIMIT ?}, {@code
 * OFFSET ?}, {@code HAVING COUNT(*) > ?}, bound with the PreparedStatement setters. Group keys come
 * from public domains and are released for every group, so which groups a LIMIT keeps is
 * deterministic; the HAVING thresholds are 10^9 away from every count, which Laplace noise of scale
 * 1 (ε = 1, λ = 1) exceeds with probability e^-10^9. A value that cannot be bound is refused before
 * the ledger is charged, and {@code LIMIT ?} bound to 0 releases nothing and spends nothing.
 */
abstract class ParameterScenarios extends ScenarioBase {
  private static final String BY_REGION =
      "SELECT region, COUNT(*) FROM employees GROUP BY region ORDER BY region";

  @Test
  void limitParameter_setInt_keepsThatManyGroups() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(BY_REGION + " LIMIT ?")) {
      assertEquals(1, ps.getParameterMetaData().getParameterCount());
      ps.setInt(1, 2);
      assertEquals(List.of("E", "N"), regions(ps));
      ps.setInt(1, 10);
      assertEquals(List.of("E", "N", "S", "W"), regions(ps));
    }
  }

  @Test
  void limitAndOffsetParameters_setLong() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(BY_REGION + " LIMIT ? OFFSET ?")) {
      ps.setLong(1, 1);
      ps.setLong(2, 1);
      assertEquals(List.of("N"), regions(ps));
    }
  }

  @Test
  void havingParameter_filtersReleasedGroups() throws SQLException {
    String sql = "SELECT region, COUNT(*) FROM employees GROUP BY region HAVING COUNT(*) > ?";
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setLong(1, -1_000_000_000L);
      assertEquals(4, regions(ps).size());
      ps.setLong(1, 1_000_000_000L);
      assertEquals(List.of(), regions(ps));
    }
  }

  @Test
  void limitZeroParameter_returnsColumnsAndSpendsNothing() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(BY_REGION + " LIMIT ?")) {
      double[] before = spent(c);
      ps.setInt(1, 0);
      try (ResultSet rs = ps.executeQuery()) {
        assertEquals(2, rs.getMetaData().getColumnCount());
        assertEquals("region", rs.getMetaData().getColumnLabel(1));
        assertFalse(rs.next());
      }
      assertArrayEquals(before, spent(c));
    }
  }

  @Test
  void badLimitValue_refusedBeforeTheCharge() throws SQLException {
    try (Connection c = dp();
        PreparedStatement ps = c.prepareStatement(BY_REGION + " LIMIT ?")) {
      double[] before = spent(c);
      ps.setString(1, "ten");
      SQLException e = assertThrows(SQLException.class, ps::executeQuery);
      assertEquals("22023", e.getSQLState(), e.getMessage());
      assertTrue(e.getMessage().contains("parameter $1"), e.getMessage());
      ps.setInt(1, -1);
      e = assertThrows(SQLException.class, ps::executeQuery);
      assertEquals("2201W", e.getSQLState(), e.getMessage());
      assertArrayEquals(before, spent(c));
    }
  }

  private static List<String> regions(PreparedStatement ps) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** (epsilon_spent, delta_spent) from {@code SHOW dp.budget}. */
  private static double[] spent(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      assertTrue(rs.next());
      return new double[] {rs.getDouble("epsilon_spent"), rs.getDouble("delta_spent")};
    }
  }
}
