package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.DpDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Configuration that cannot silently fail, through {@code DriverManager} on a real backend: {@code
 * dp.*} properties in the backend's own URL syntax, unknown keys, unreadable policies, the
 * default-policy warning, a relative ledger path, and RESET ALL / SHOW ALL over {@code dp.*}.
 */
abstract class ConfigurationScenarios extends ScenarioBase {

  /** {@code url} plus {@code key=value} in the backend's URL syntax. */
  String withParam(String url, String key, String value) {
    if (backend.isPostgres()) {
      return url + (url.contains("?") ? "&" : "?") + key + "=" + value;
    }
    return url + ";" + key + "=" + value;
  }

  private Properties credentials() {
    Properties p = new Properties();
    p.setProperty("user", backend.user());
    p.setProperty("password", backend.password());
    return p;
  }

  private Path policyWithAnalyst(String analyst, double epsilon) throws Exception {
    Path file = dir.resolve("named-" + UUID.randomUUID() + ".yaml");
    Files.writeString(
        file,
        "budget: {epsilon: 1000.0, delta: 1.0e-6}\n"
            + "query: {epsilon: 0.25, delta: 0.0, mechanism: laplace, objective: relative}\n"
            + "ledger: \"jdbc:h2:file:"
            + dir.resolve("named-ledger-" + UUID.randomUUID()).toAbsolutePath()
            + "\"\n"
            + "analysts:\n  "
            + analyst
            + ": {epsilon: "
            + epsilon
            + "}\n");
    return file;
  }

  @Test
  void urlProperties_areReadAndStripped_policyAndAnalystTakeEffect() throws Exception {
    String analyst = "urlanalyst" + UUID.randomUUID().toString().substring(0, 8);
    Path policy = policyWithAnalyst(analyst, 7.5);
    String url =
        withParam(
            withParam(backend.dpUrl(), "dp.policy", policy.toString()), "dp.analyst", analyst);
    try (Connection c = DriverManager.getConnection(url, credentials());
        Statement s = c.createStatement()) {
      assertNull(c.getWarnings(), "a named policy: no default-policy warning");
      assertEquals("0.25", oneRow(s, "SHOW dp.epsilon").values().iterator().next().toString());
      s.executeQuery("SELECT COUNT(*) FROM employees").close();
      var budget = oneRow(s, "SHOW dp.budget");
      assertEquals(1L, ((Number) budget.get("queries")).longValue());
      assertEquals(0.25, num(budget.get("epsilon_spent")), 1e-9, budget.toString());
      assertEquals(7.5 - 0.25, num(budget.get("epsilon_remaining")), 1e-9, "the analyst's budget");
    }
  }

  @Test
  void unknownDpKeyInUrl_isRefusedNamingItAndTheKnownKeys() {
    String url = withParam(backend.dpUrl(), "dp.polcy", policy.toString());
    SQLException e =
        assertThrows(SQLException.class, () -> DriverManager.getConnection(url, credentials()));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains("dp.polcy"), e.getMessage());
    assertTrue(e.getMessage().contains("dp.policy, dp.analyst"), e.getMessage());
  }

  @Test
  void sameKeyInUrlAndProperties_withDifferentValues_isRefused() {
    String url = withParam(backend.dpUrl(), "dp.analyst", "one");
    Properties p = credentials();
    p.setProperty("dp.analyst", "two");
    p.setProperty("dp.policy", policy.toString());
    SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, p));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains("dp.analyst"), e.getMessage());
  }

  @Test
  void unreadablePolicy_inUrlOrProperties_isAnError() {
    String missing = dir.resolve("no-such-policy.yaml").toString();
    String url = withParam(backend.dpUrl(), "dp.policy", missing);
    SQLException inUrl =
        assertThrows(SQLException.class, () -> DriverManager.getConnection(url, credentials()));
    assertEquals("F0000", inUrl.getSQLState(), inUrl.getMessage());
    Properties p = credentials();
    p.setProperty("dp.policy", missing);
    SQLException inProps =
        assertThrows(SQLException.class, () -> DriverManager.getConnection(backend.dpUrl(), p));
    assertEquals("F0000", inProps.getSQLState(), inProps.getMessage());
    p.setProperty("dp.policy", " ");
    SQLException empty =
        assertThrows(SQLException.class, () -> DriverManager.getConnection(backend.dpUrl(), p));
    assertEquals("22023", empty.getSQLState());
  }

  @Test
  void noPolicy_connectsWithAWarningSayingSo() throws SQLException {
    try (Connection c = DriverManager.getConnection(backend.dpUrl(), credentials())) {
      SQLWarning w = c.getWarnings();
      assertNotNull(w, "the default policy is never taken silently");
      assertEquals(DpDriver.DEFAULT_POLICY_WARNING, w.getMessage());
      assertEquals("01000", w.getSQLState());
      c.clearWarnings();
      assertNull(c.getWarnings());
    }
  }

  @Test
  void relativeLedgerPath_isResolvedAgainstThePolicyDirectory() throws Exception {
    Path sub = Files.createDirectories(dir.resolve("rel-" + UUID.randomUUID()));
    String name = "relative-ledger-" + UUID.randomUUID();
    Path file = sub.resolve("policy.yaml");
    Files.writeString(
        file,
        "budget: {epsilon: 1000.0, delta: 0.5}\n"
            + "query: {epsilon: 0.5, delta: 1.0e-7, mechanism: laplace, objective: relative}\n"
            + "ledger: jdbc:h2:file:./"
            + name
            + "\n");
    try (Connection c = backend.dp(file, "rel-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      s.executeQuery("SELECT COUNT(*) FROM employees").close();
    }
    assertTrue(Files.exists(sub.resolve(name + ".mv.db")), "next to the policy");
    assertFalse(Files.exists(Path.of(name + ".mv.db").toAbsolutePath()), "not in the cwd");
  }

  @Test
  void resetAll_resetsDpSettings_andShowAllListsThem() throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      s.execute("SET dp.epsilon = 0.3");
      s.execute("SET dp.mechanism = gaussian");
      assertEquals(0.3, Double.parseDouble(show(s, "dp.epsilon")), 1e-12);
      boolean listed = false;
      try (ResultSet rs = s.executeQuery("SHOW ALL")) {
        while (rs.next()) {
          if (rs.getString(1).equals("dp.epsilon")) {
            listed = true;
            assertEquals(0.3, Double.parseDouble(rs.getString(2)), 1e-12);
          }
        }
      }
      assertTrue(listed, "SHOW ALL lists dp.epsilon");
      s.execute("RESET ALL");
      assertEquals(1.0, Double.parseDouble(show(s, "dp.epsilon")), 1e-12, "the policy default");
      assertEquals("laplace", show(s, "dp.mechanism").toLowerCase(Locale.ROOT));
    }
  }

  private static String show(Statement s, String key) throws SQLException {
    return oneRow(s, "SHOW " + key).values().iterator().next().toString();
  }
}
