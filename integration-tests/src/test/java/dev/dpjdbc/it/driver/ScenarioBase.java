package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * Shared set-up of the driver's scenario classes: the backend (from {@link TestBackends}), a temp
 * directory and a large-budget policy with its own file ledger; helpers to read rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScenarioBase {
  Backend backend;
  Path dir;
  Path policy;

  /** The shared backend this class runs on ({@link TestBackends}). */
  abstract Backend backend() throws Exception;

  @BeforeAll
  void startBackend() throws Exception {
    dir = TestBackends.tempDir();
    backend = backend();
    policy = Policies.large(dir, "large");
  }

  /** A connection for a fresh analyst under the large-budget policy. */
  Connection dp() throws SQLException {
    return backend.dp(policy, "analyst-" + UUID.randomUUID());
  }

  static Map<String, Object> oneRow(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), "one row expected from " + sql);
      Map<String, Object> row = new HashMap<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        row.put(
            rs.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT), rs.getObject(i));
      }
      assertFalse(rs.next(), "only one row expected from " + sql);
      return row;
    }
  }

  static List<Map<String, Object>> rows(ResultSet rs) throws SQLException {
    List<Map<String, Object>> out = new ArrayList<>();
    while (rs.next()) {
      Map<String, Object> row = new HashMap<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        row.put(
            rs.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT), rs.getObject(i));
      }
      out.add(row);
    }
    return out;
  }

  static double num(Object o) {
    return ((Number) o).doubleValue();
  }

  static void assertCostWarning(SQLWarning w) {
    assertNotNull(w, "a released result carries its cost");
    assertEquals("01000", w.getSQLState());
    assertTrue(
        w.getMessage().contains("epsilon") && w.getMessage().contains("remaining"), w.getMessage());
  }
}
