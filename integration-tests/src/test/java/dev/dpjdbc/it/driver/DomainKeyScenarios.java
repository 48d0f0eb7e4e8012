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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Public GROUP BY domains through {@code jdbc:dp:}: every domain value is its own released group,
 * matched to the backend's rows by equality in the key's SQL type. A text CHECK IN list holding
 * {@code 't'}, {@code 'true'} and {@code 'T'} is three groups with three counts (they were one
 * group, whose count moved by 3 for one person with a row under each spelling while λ was 1); rows
 * outside a policy {@code values:} list ({@code 'T'}, {@code 'TRUE'}) are dropped, not added to
 * {@code 't'} or {@code 'true'}; a domain with two values equal in the key's type is refused before
 * anything is charged (F0000 from the policy, 0A000 from a CHECK).
 *
 * <p>False failures: each noisy COUNT is compared with the exact count within 18 Laplace scales
 * (the scale EXPLAIN PRIVACY reports) plus 1 for the grid; the discrete Laplace tail gives
 * P(|noise| ≥ 18 b) ≤ 2·e^-18 ≈ 3.1·10^-8 per group, at most 5 groups per backend, so ≤ 1.6·10^-7
 * per backend and ≤ 10^-6 for the class.
 */
abstract class DomainKeyScenarios extends ScenarioBase {
  private static final double SCALES = 18;
  private Path keyPolicy;

  @BeforeAll
  void createTables() throws Exception {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      for (String t : List.of("dk_flags", "dk_labels", "dk_amounts")) {
        s.execute("DROP TABLE IF EXISTS " + t);
      }
      s.execute(
          "CREATE TABLE dk_flags (id INTEGER PRIMARY KEY,"
              + " flag VARCHAR(5) NOT NULL CHECK (flag IN ('t', 'true', 'T')))");
      s.execute(
          "CREATE TABLE dk_labels (id INTEGER PRIMARY KEY, label VARCHAR(5) NOT NULL,"
              + " level INTEGER NOT NULL)");
      s.execute(
          "CREATE TABLE dk_amounts (id INTEGER PRIMARY KEY,"
              + " amount NUMERIC(4,1) NOT NULL CHECK (amount IN (1, 1.0, 2)))");
      insert(c, "dk_flags (id, flag)", Map.of("t", 200, "true", 50)); // 'T' stays empty
      insert(
          c,
          "dk_labels (id, label, level)",
          Map.of("t", 40, "true", 20, "T", 500, "TRUE", 500)); // the last two outside values:
    }
    keyPolicy = dir.resolve("domain-keys.yaml");
    Files.writeString(
        keyPolicy,
        Files.readString(policy)
            + "tables:\n"
            + "  dk_labels:\n"
            + "    columns:\n"
            + "      label: {values: ['t', 'true']}\n"
            + "      level: {values: [1, 1.0, 2]}\n");
  }

  private static void insert(Connection c, String into, Map<String, Integer> counts)
      throws SQLException {
    boolean threeColumns = into.contains("level");
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO " + into + " VALUES (?, ?" + (threeColumns ? ", 1)" : ")"))) {
      int id = 0;
      for (Map.Entry<String, Integer> e : counts.entrySet()) {
        for (int i = 0; i < e.getValue(); i++) {
          ps.setInt(1, ++id);
          ps.setString(2, e.getKey());
          ps.addBatch();
        }
      }
      ps.executeBatch();
    }
  }

  private Connection keys() throws SQLException {
    return backend.dp(keyPolicy, "domain-keys-" + UUID.randomUUID());
  }

  /** The released groups as key -> noisy count, checking each key is released once. */
  private static Map<String, Long> counts(Statement s, String sql, double scale)
      throws SQLException {
    Map<String, Long> out = new HashMap<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        Object key = rs.getObject(1);
        assertTrue(key instanceof String, "a text key is released as text: " + key);
        assertEquals(null, out.put((String) key, rs.getLong(2)), "released once: " + key);
      }
    }
    assertTrue(scale > 0 && scale < 100, "the COUNT's Laplace scale: " + scale);
    return out;
  }

  private static double scale(Statement s, String sql) throws SQLException {
    List<Map<String, Object>> rows;
    try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      rows = rows(rs);
    }
    assertEquals(1, rows.size(), "one coordinate (the count): " + rows);
    assertEquals("laplace", rows.get(0).get("mechanism"));
    return num(rows.get(0).get("scale"));
  }

  private static void assertNear(long exact, Long noisy, double scale, String group) {
    assertTrue(noisy != null, group + " is released");
    assertTrue(
        Math.abs(noisy - exact) <= SCALES * scale + 1,
        group + ": noisy " + noisy + " vs exact " + exact + " (scale " + scale + ")");
  }

  @Test
  void checkList_tTrueAndUpperT_areThreeGroupsWithTheirOwnCounts() throws SQLException {
    String sql = "SELECT flag, COUNT(*) AS n FROM dk_flags GROUP BY flag";
    try (Connection c = keys();
        Statement s = c.createStatement()) {
      double scale = scale(s, sql);
      Map<String, Long> got = counts(s, sql, scale);
      assertEquals(java.util.Set.of("t", "true", "T"), got.keySet(), got.toString());
      assertNear(200, got.get("t"), scale, "'t'");
      assertNear(50, got.get("true"), scale, "'true'");
      assertNear(0, got.get("T"), scale, "'T' (no rows)");
    }
  }

  @Test
  void policyValues_rowsOfOtherSpellingsAreDropped() throws SQLException {
    String sql = "SELECT label, COUNT(*) AS n FROM dk_labels GROUP BY label";
    try (Connection c = keys();
        Statement s = c.createStatement()) {
      double scale = scale(s, sql);
      Map<String, Long> got = counts(s, sql, scale);
      assertEquals(java.util.Set.of("t", "true"), got.keySet(), got.toString());
      assertNear(40, got.get("t"), scale, "'t' without the 500 'T' rows");
      assertNear(20, got.get("true"), scale, "'true' without the 500 'TRUE' rows");
    }
  }

  @Test
  void equalValuesInOneDomain_refusedBeforeTheCharge() throws SQLException {
    try (Connection c = keys();
        Statement s = c.createStatement()) {
      for (String prefix : List.of("EXPLAIN PRIVACY ", "")) {
        SQLException p =
            Refusal.expect(
                () ->
                    s.executeQuery(
                        prefix + "SELECT level, COUNT(*) AS n FROM dk_labels GROUP BY level"));
        assertEquals("F0000", p.getSQLState(), p.getMessage());
        assertTrue(p.getMessage().contains("values:"), p.getMessage());
        SQLException k =
            Refusal.expect(
                () ->
                    s.executeQuery(
                        prefix + "SELECT amount, COUNT(*) AS n FROM dk_amounts GROUP BY amount"));
        assertEquals("0A000", k.getSQLState(), k.getMessage());
        assertTrue(k.getMessage().contains("equal as"), k.getMessage());
      }
      Map<String, Object> budget = oneRow(s, "SHOW dp.budget");
      assertEquals(0.0, num(budget.get("epsilon_spent")), "refusals spend nothing");
    }
  }
}
