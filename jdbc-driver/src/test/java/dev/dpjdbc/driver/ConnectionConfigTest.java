package dev.dpjdbc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConnectionConfigTest {
  static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void parse_backendUrlIsJdbcPlusRest_andAnalystDefaultsToUser() throws SQLException {
    ConnectionConfig c =
        ConnectionConfig.parse(
            "jdbc:dp:postgresql://db:5432/hr",
            props("user", "alice", "password", "pw", "ssl", "true"));
    assertEquals("jdbc:postgresql://db:5432/hr", c.backendUrl());
    assertEquals("alice", c.analyst());
    assertEquals("pw", c.password());
    assertNull(c.policyPath());
    assertEquals(40, c.poolSize());
    assertEquals("true", c.backendProperties().getProperty("ssl"));
    assertFalse(c.backendProperties().containsKey("user"), "credentials are passed separately");
  }

  @Test
  void parse_sessionSettings_fromUrlAndProperties_notPassedToTheBackend() throws SQLException {
    ConnectionConfig pg =
        ConnectionConfig.parse(
            "jdbc:dp:postgresql://h/db?dp.intervals=on&x=1",
            props("user", "u", "dp.confidence", "0.9"));
    assertEquals("jdbc:postgresql://h/db?x=1", pg.backendUrl());
    assertEquals(java.util.Map.of("dp.intervals", "on", "dp.confidence", "0.9"), pg.settings());
    assertFalse(pg.backendProperties().containsKey("dp.confidence"));
    ConnectionConfig h2 =
        ConnectionConfig.parse("jdbc:dp:h2:mem:x;DP.INTERVALS=true", props("user", "sa"));
    assertEquals(java.util.Map.of("dp.intervals", "true"), h2.settings());
    assertEquals(
        java.util.Map.of(),
        ConnectionConfig.parse("jdbc:dp:h2:mem:x", props("user", "sa")).settings(),
        "not given: the policy's defaults (intervals off, confidence 0.95)");
  }

  @Test
  void parse_explicitAnalystAndPolicy() throws SQLException {
    ConnectionConfig c =
        ConnectionConfig.parse(
            "jdbc:dp:h2:mem:x",
            props("user", "sa", "dp.analyst", "bob", "dp.policy", "conf/policy.yaml"));
    assertEquals("bob", c.analyst());
    assertTrue(c.policyPath().isAbsolute());
    assertTrue(c.policyPath().endsWith("conf/policy.yaml"));
  }

  @Test
  void parse_postgresUrlQuery_dpKeysReadDecodedAndStripped() throws SQLException {
    ConnectionConfig c =
        ConnectionConfig.parse(
            "jdbc:dp:postgresql://h/db?ssl=true&dp.policy=conf%2Fp.yaml&dp.analyst=bob&x=1",
            props("user", "u"));
    assertEquals("jdbc:postgresql://h/db?ssl=true&x=1", c.backendUrl());
    assertEquals("bob", c.analyst());
    assertTrue(c.policyPath().endsWith("conf/p.yaml"));
    ConnectionConfig only =
        ConnectionConfig.parse("jdbc:dp:postgresql://h/db?dp.analyst=bob", props());
    assertEquals("jdbc:postgresql://h/db", only.backendUrl());
  }

  @Test
  void parse_h2Semicolons_dpKeysCaseInsensitiveAndStripped() throws SQLException {
    ConnectionConfig c =
        ConnectionConfig.parse(
            "jdbc:dp:h2:mem:x;DB_CLOSE_DELAY=-1;DP.ANALYST=carol;dp.pool.size=3;MODE=PostgreSQL",
            props("user", "sa"));
    assertEquals("jdbc:h2:mem:x;DB_CLOSE_DELAY=-1;MODE=PostgreSQL", c.backendUrl());
    assertEquals("carol", c.analyst());
    assertEquals(3, c.poolSize());
  }

  @Test
  void parse_sameValueInUrlAndProperties_isFine() throws SQLException {
    ConnectionConfig c =
        ConnectionConfig.parse("jdbc:dp:h2:mem:x;dp.analyst=bob", props("dp.analyst", "bob"));
    assertEquals("bob", c.analyst());
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of("jdbc:dp:h2:mem:x", props("user", "sa", "dp.epsilon", "1"), "dp.epsilon"),
        Arguments.of("jdbc:dp:h2:mem:x", props("user", "sa", "dp.pool.size", "0"), "dp.pool.size"),
        Arguments.of("jdbc:dp:h2:mem:x", props(), "dp.analyst"),
        Arguments.of("jdbc:dp:h2:mem:x;dp.polcy=p.yaml", props("user", "sa"), "dp.polcy"),
        Arguments.of("jdbc:dp:h2:mem:x;dp.polcy=p.yaml", props("user", "sa"), "dp.policy, "),
        Arguments.of("jdbc:dp:postgresql://h/d?dp.x=1", props("user", "sa"), "dp.x"),
        Arguments.of("jdbc:dp:h2:mem:x;dp.analyst=a", props("dp.analyst", "b"), "dp.analyst"),
        Arguments.of("jdbc:dp:h2:mem:x", props("user", "sa", "dp.policy", ""), "dp.policy"),
        Arguments.of("jdbc:dp:", props("user", "sa"), "jdbc:dp:"),
        Arguments.of("jdbc:h2:mem:x", props("user", "sa"), "jdbc:dp:"));
  }

  @ParameterizedTest
  @MethodSource("invalid")
  void parse_invalid_failsLoudlyNamingTheKey(String url, Properties p, String named) {
    SQLException e = assertThrows(SQLException.class, () -> ConnectionConfig.parse(url, p));
    assertEquals("22023", e.getSQLState());
    assertTrue(e.getMessage().contains(named), e.getMessage());
  }

  @Test
  void driver_acceptsExactlyJdbcDp() throws SQLException {
    DpDriver d = new DpDriver();
    assertTrue(d.acceptsURL("jdbc:dp:postgresql://x/y"));
    assertFalse(d.acceptsURL("jdbc:postgresql://x/y"));
    assertFalse(d.acceptsURL("jdbc:dpx:h2:mem:"));
    assertFalse(d.acceptsURL(null));
    assertNull(d.connect("jdbc:h2:mem:x", new Properties()), "other URLs are not ours");
    assertEquals(DpProperty.values().length, d.getPropertyInfo("jdbc:dp:h2:mem:", null).length);
  }
}
