package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Private GROUP BY keys through {@code jdbc:dp:}: groups are released by partition selection (the
 * optimal rule over each group's distinct units), only groups the backend has, never an empty one;
 * the query's cost includes the selection's (ε, δ); δ = 0 is refused before any charge; mixed
 * public × private keys and a public cross product above {@code groups.max_public_groups} are
 * selected as a whole key tuple; ORDER BY ... LIMIT and HAVING run on the released groups.
 *
 * <p>Data: city 'big' 400 people, 'mid' 200, 'solo' 1; region N (big, solo), S (mid), E (none).
 * False failures: at the policy's ε = 1, δ = 1e-6 (selection's share ε = 0.5, δ = 5e-7, L0 = 1)
 * every group of 200 or more people is released with probability 1 (π(n) = 1 from n = 54; from n =
 * 72 at δ = 1e-8). Each query that would show 'solo' runs at δ = 1e-8, where it is released with
 * probability π(1) ≤ 1e-8 (5e-9 with a COUNT, 1e-8 for the keys-only query); 6 such queries per
 * backend: ≤ 6e-8. Each noisy COUNT is compared within 18 Laplace scales + 1 (P ≤ 2·e^-18 = 3.1e-8
 * per group), at most 12 compared groups per backend: ≤ 3.7e-7. Two backends: ≤ 8e-7 for the class.
 */
abstract class SelectionScenarios extends ScenarioBase {
  private static final String CITIES = "SELECT city, COUNT(*) AS n FROM sel_people GROUP BY city";
  private Path crossPolicy;

  @BeforeAll
  void createTable() throws Exception {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS sel_people");
      s.execute(
          "CREATE TABLE sel_people (id INTEGER PRIMARY KEY, city VARCHAR(20) NOT NULL,"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E')))");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO sel_people VALUES (?, ?, ?)")) {
        int id = 0;
        for (String[] g : new String[][] {{"big", "N", "400"}, {"mid", "S", "200"}}) {
          for (int i = 0; i < Integer.parseInt(g[2]); i++) {
            ps.setInt(1, ++id);
            ps.setString(2, g[0]);
            ps.setString(3, g[1]);
            ps.addBatch();
          }
        }
        ps.setInt(1, ++id);
        ps.setString(2, "solo");
        ps.setString(3, "N");
        ps.addBatch();
        ps.executeBatch();
      }
    }
    crossPolicy = dir.resolve("cross.yaml");
    Files.writeString(crossPolicy, Files.readString(policy) + "groups: {max_public_groups: 2}\n");
  }

  private static Map<String, Long> released(Statement s, String sql) throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder key = new StringBuilder();
        for (int i = 1; i < n; i++) {
          key.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        assertEquals(null, out.put(key.toString(), rs.getLong(n)), "released once: " + key);
      }
    }
    return out;
  }

  private static void assertNear(long exact, Long noisy, String group) {
    assertTrue(noisy != null, group + " is released");
    // Laplace b = 1/0.5 = 2 for the COUNT at the noise vector's share ε = 0.5
    assertTrue(Math.abs(noisy - exact) <= 18 * 2 + 1, group + ": " + noisy + " vs " + exact);
  }

  @Test
  void privateKey_largeGroupsReleasedWithTheirCounts_soloAndEmptyNot() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 1e-8");
      Map<String, Long> got = released(s, CITIES);
      assertEquals(Set.of("big", "mid"), got.keySet(), got.toString());
      assertNear(400, got.get("big"), "big");
      assertNear(200, got.get("mid"), "mid");
    }
  }

  @Test
  void explain_showsTheSelectionRow_andTheWholeCost_spendingNothing() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      List<Map<String, Object>> rows;
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + CITIES)) {
        rows = rows(rs);
      }
      assertEquals(2, rows.size(), rows.toString());
      Map<String, Object> sel = rows.get(1);
      assertTrue(
          String.valueOf(sel.get("aggregate"))
              .startsWith("partition selection (optimal rule) over COUNT(DISTINCT"),
          sel.toString());
      assertEquals(1, ((Number) sel.get("groups")).intValue(), "L0 = 1 by default");
      String bounds = String.valueOf(sel.get("bounds"));
      assertTrue(bounds.contains("n½ = ") && bounds.contains("0.99"), bounds);
      assertTrue(bounds.contains("epsilon=0.500000, delta=5.00000e-07"), bounds);
      for (Map<String, Object> r : rows) {
        assertEquals(1.0, num(r.get("epsilon")), 1e-12, "the whole query's epsilon: " + r);
        double delta = num(r.get("delta"));
        assertTrue(delta >= 5e-7 && delta <= 1e-6 * (1 + 1e-12), "the whole delta: " + r);
      }
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(0.0, num(budget.get("epsilon_spent")), "EXPLAIN spends nothing");
    }
  }

  @Test
  void charge_isTheWholeCost_includingTheSelection() throws SQLException {
    // a budget whose basic accounting is the better one, so SHOW dp.budget reports Σε and Σδ
    Path basic = Policies.write(dir, "sel-basic", 10, 1e-5, 1.0, 1e-6, "laplace");
    try (Connection c = backend.dp(basic, "basic-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      double delta;
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + CITIES)) {
        delta = num(rows(rs).get(1).get("delta"));
      }
      s.execute("SET dp.delta = 1e-6");
      released(s, CITIES + " HAVING COUNT(*) > 100");
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(1.0, num(budget.get("epsilon_spent")), 1e-12, budget.toString());
      assertEquals(delta, num(budget.get("delta_spent")), 1e-18);
      assertTrue(num(budget.get("delta_spent")) >= 5e-7, "the selection's delta is charged");
    }
  }

  @Test
  void deltaZero_isRefusedBeforeAnyCharge() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 0");
      for (String prefix : List.of("EXPLAIN PRIVACY ", "")) {
        SQLException e = Refusal.expect(() -> s.executeQuery(prefix + CITIES));
        assertEquals("22023", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("partition selection"), e.getMessage());
        assertTrue(e.getMessage().contains("SET dp.delta"), e.getMessage());
      }
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(0.0, num(budget.get("epsilon_spent")), "refused for free");
    }
  }

  @Test
  void mixedKeys_onlyNonEmptyCombinationsAreReleased() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 1e-8");
      Map<String, Long> got =
          released(s, "SELECT region, city, COUNT(*) AS n FROM sel_people GROUP BY region, city");
      assertEquals(Set.of("N|big", "S|mid"), got.keySet(), got.toString());
      assertNear(400, got.get("N|big"), "N|big");
    }
  }

  /** No aggregate: the keys are the whole answer, and the selection takes the whole budget. */
  @Test
  void keysOnly_areSelectedWithTheWholeBudget() throws SQLException {
    String sql = "SELECT city FROM sel_people GROUP BY city";
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 1e-8");
      List<Map<String, Object>> rows;
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
        rows = rows(rs);
      }
      assertEquals(1, rows.size(), "only the selection row: " + rows);
      assertTrue(
          String.valueOf(rows.get(0).get("bounds")).contains("epsilon=1.00000"), rows.toString());
      Set<String> got = new java.util.HashSet<>();
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          got.add(rs.getString(1));
        }
      }
      assertEquals(Set.of("big", "mid"), got);
    }
  }

  @Test
  void topN_andHaving_runOnTheReleasedGroups() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 1e-8");
      Map<String, Long> top = released(s, CITIES + " ORDER BY n DESC LIMIT 1");
      assertEquals(Set.of("big"), top.keySet(), top.toString());
      Map<String, Long> having = released(s, CITIES + " HAVING COUNT(*) > 300");
      assertEquals(Set.of("big"), having.keySet(), having.toString());
      assertNear(400, having.get("big"), "big");
    }
  }

  @Test
  void publicCrossProductAboveTheLimit_isSelected_andSaysSo() throws SQLException {
    String sql = "SELECT region, COUNT(*) AS n FROM sel_people GROUP BY region";
    try (Connection c = backend.dp(crossPolicy, "cross-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 1e-8");
      List<Map<String, Object>> rows;
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
        rows = rows(rs);
      }
      assertEquals(2, rows.size(), rows.toString());
      assertTrue(
          String.valueOf(rows.get(1).get("bounds")).contains("groups.max_public_groups = 2"),
          rows.toString());
      Map<String, Long> got = released(s, sql);
      assertEquals(Set.of("N", "S"), got.keySet(), "E is empty, so not released: " + got);
      assertNear(401, got.get("N"), "N");
    }
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      Map<String, Long> got = released(s, sql);
      assertEquals(Set.of("N", "S", "E"), got.keySet(), "3 <= 10000: the domain: " + got);
    }
  }
}
