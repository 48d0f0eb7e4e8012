package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Layer 4 of the privacy boundary, end to end: the SQL the {@code jdbc:dp:} driver sends carries no
 * analyst text, so no setting of the backend's string syntax can make an analyst's literal escape
 * its quotes. Each backend role below has non-default parsing settings ({@code ALTER ROLE ... SET},
 * the way an administrator would configure them; the analyst cannot SET them), under which
 * re-emitting {@code 'x\'' OR 1=1 --'} as text would read {@code body = 'x'''} and comment out the
 * rest. Through the driver every query must answer exactly as the query as written under default
 * settings (or, for literal forms the analyzer does not take, be refused alike).
 *
 * <p>Exact answers: the policy gives each query ε = 10^6, so a COUNT's discrete Laplace noise has
 * scale ≤ 2·10^-6 and is 0 except with probability ≤ 2·e^(-5·10^5) (false-failure rate far below
 * 10^-6). The premise is checked too: a direct connection of each role does read the attack text
 * differently, so the tests cannot pass by accident.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresLiteralSettingsIT {
  /** Role name → settings it gets (PostgreSQL's defaults are on, off/safe_encoding, on). */
  private static final String[][] ROLES = {
    {"lit_default", ""},
    {"lit_scs_off", "standard_conforming_strings = off"},
    {"lit_backslash", "standard_conforming_strings = off; backslash_quote = on"},
    {"lit_nowarn", "standard_conforming_strings = off; escape_string_warning = off"},
    {
      "lit_all",
      "standard_conforming_strings = off; backslash_quote = on; escape_string_warning = off"
    },
  };

  private static final String ATTACK =
      "SELECT COUNT(*) FROM lit_notes WHERE body = 'x\\'' OR 1=1 --'";

  private Backend backend;
  private Path dir;

  @BeforeAll
  void setUp() throws Exception {
    backend = TestBackends.postgres();
    dir = TestBackends.tempDir();
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE lit_notes (id INTEGER PRIMARY KEY, body VARCHAR(100) NOT NULL,"
              + " kind VARCHAR(20) NOT NULL CHECK (kind IN ('plain', 'it''s', 'back\\slash')),"
              + " born DATE)");
      String[] bodies = {"x\\' OR 1=1 --", "x'", "x\\", "a--b", "c/*d*/e", "$$d$$"};
      String[] kinds = {"plain", "it's", "back\\slash"};
      try (var ps = c.prepareStatement("INSERT INTO lit_notes VALUES (?, ?, ?, ?)")) {
        for (int i = 1; i <= 40; i++) {
          ps.setInt(1, i);
          ps.setString(2, i <= bodies.length ? bodies[i - 1] : "filler-" + i);
          ps.setString(3, kinds[i % 3]);
          ps.setObject(4, java.time.LocalDate.of(2020, 1 + i % 12, 1 + i % 28));
          ps.addBatch();
        }
        ps.executeBatch();
      }
      for (String[] role : ROLES) {
        s.execute("CREATE ROLE " + role[0] + " LOGIN PASSWORD 'pw'");
        s.execute("GRANT SELECT ON lit_notes TO " + role[0]);
        for (String setting : role[1].split(";")) {
          if (!setting.isBlank()) {
            s.execute("ALTER ROLE " + role[0] + " SET " + setting.strip());
          }
        }
      }
    }
  }

  static Stream<String> queries() {
    return Stream.of(
        ATTACK,
        "SELECT COUNT(*) FROM lit_notes WHERE body <> 'x\\'' OR id < 0 --' AND id > 30",
        "SELECT COUNT(*) FROM lit_notes WHERE body = 'x\\'",
        "SELECT COUNT(*) FROM lit_notes WHERE body LIKE '%\\\\%'",
        "SELECT COUNT(*) FROM lit_notes WHERE body IN ('x''', 'a--b', 'c/*d*/e', '$$d$$')",
        "SELECT COUNT(*) FROM lit_notes WHERE born > DATE '2020-06-01' AND id < 2 * 10 + 5",
        "SELECT COUNT(*) FROM lit_notes WHERE born < CAST('2020-06-01' AS DATE) + INTERVAL '3' DAY",
        "SELECT kind, COUNT(*) FROM lit_notes WHERE body <> 'x\\'' OR 1=1 --' GROUP BY kind"
            + " ORDER BY kind");
  }

  /** Through the driver, every role answers exactly as PostgreSQL does under default settings. */
  @ParameterizedTest
  @MethodSource("queries")
  void literal_underNonDefaultStringSettings_answersAsUnderDefaults(String sql) throws Exception {
    String truth = direct(backend.user(), backend.password(), sql);
    for (String[] role : ROLES) {
      assertEquals(truth, viaDriver(role[0], sql), role[0] + " (" + role[1] + "): " + sql);
    }
  }

  /**
   * Escape-string and Unicode-escape literals: the analyzer's parser types them in a character set
   * its validator will not compare with a column, so they are refused (42601) — alike under every
   * setting.
   */
  static Stream<String> refused() {
    return Stream.of(
        "SELECT COUNT(*) FROM lit_notes WHERE body = E'x\\\\'' OR 1=1 --'",
        "SELECT COUNT(*) FROM lit_notes WHERE body = U&'x\\0027' OR id = 1");
  }

  @ParameterizedTest
  @MethodSource("refused")
  void escapeStringLiteral_isRefusedAlikeUnderEverySetting(String sql) throws Exception {
    for (String[] role : ROLES) {
      assertEquals("refused 42601", viaDriver(role[0], sql), role[0] + ": " + sql);
    }
  }

  /** Premise: each non-default role reads the attack text differently when it is sent as text. */
  @Test
  void premise_attackTextSentAsText_isInjectedForEveryNonDefaultRole() throws Exception {
    String truth = direct(backend.user(), backend.password(), ATTACK);
    assertEquals("[[1]]", truth);
    assertEquals(truth, direct("lit_default", "pw", ATTACK));
    for (String[] role : ROLES) {
      if (!role[1].isEmpty()) {
        assertEquals("[[off]]", direct(role[0], "pw", "SHOW standard_conforming_strings"));
        assertNotEquals(truth, direct(role[0], "pw", ATTACK), role[0]);
        assertEquals("[[40]]", direct(role[0], "pw", ATTACK), role[0]);
      }
    }
  }

  /** The attack and the public-domain values with quotes and backslashes are answered exactly. */
  @Test
  void attack_underStandardConformingStringsOff_countsTheOneMatchingRow() throws Exception {
    assertEquals("[[1]]", viaDriver("lit_all", ATTACK));
    assertEquals(
        "[[back\\slash, 13], [it's, 14], [plain, 13]]",
        viaDriver(
            "lit_scs_off",
            "SELECT kind, COUNT(*) FROM lit_notes WHERE body <> 'x' GROUP BY kind ORDER BY kind"));
  }

  /** Rows of a direct (un-noised) query as the given role, or the refusal. */
  private String direct(String user, String password, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(backend.jdbcUrl(), user, password)) {
      return run(c, sql);
    }
  }

  private String viaDriver(String role, String sql) throws SQLException {
    Path policy = Policies.write(dir, role, 1e12, 0.5, 1e6, 1e-9, "laplace");
    Properties p = new Properties();
    p.setProperty("user", role);
    p.setProperty("password", "pw");
    p.setProperty("dp.policy", policy.toString());
    p.setProperty("dp.analyst", "analyst");
    try (Connection c = DriverManager.getConnection(backend.dpUrl(), p)) {
      return run(c, sql);
    } catch (SQLException e) {
      return "refused " + e.getSQLState();
    }
  }

  private static String run(Connection c, String sql) throws SQLException {
    List<List<String>> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          Object o = rs.getObject(i);
          row.add(
              o instanceof Number num
                  ? String.format(Locale.ROOT, "%d", Math.round(num.doubleValue()))
                  : String.valueOf(o));
        }
        rows.add(row);
      }
    }
    return rows.toString();
  }
}
