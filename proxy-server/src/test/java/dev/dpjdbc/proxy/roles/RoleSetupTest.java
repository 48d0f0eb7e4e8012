package dev.dpjdbc.proxy.roles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RoleSetupTest {
  static Stream<Arguments> urls() {
    return Stream.of(
        Arguments.of("jdbc:postgresql://db:5432/hr", "hr"),
        Arguments.of("jdbc:postgresql://db/hr?ssl=true&user=x", "hr"),
        Arguments.of("jdbc:postgresql://h1:5432,h2:5433/hr", "hr"),
        Arguments.of("jdbc:postgresql:hr", "hr"),
        Arguments.of("jdbc:postgresql://db/my%20db", "my db"));
  }

  @ParameterizedTest
  @MethodSource("urls")
  void databaseOf_postgresUrl_isTheDatabase(String url, String database) {
    assertEquals(database, RoleSetup.databaseOf(url));
  }

  @Test
  void databaseOf_noDatabaseOrNotPostgres_refuses() {
    assertThrows(IllegalArgumentException.class, () -> RoleSetup.databaseOf("jdbc:h2:mem:x"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> RoleSetup.databaseOf("jdbc:postgresql://db/"));
    assertTrue(e.getMessage().contains("must name the database"), e.getMessage());
  }

  @Test
  void quoting_doublesQuotes() {
    assertEquals("\"a\"\"b\"", RoleSetup.quoteIdent("a\"b"));
    assertEquals("'it''s'", RoleSetup.quoteLiteral("it's"));
    assertEquals("'back\\slash'", RoleSetup.quoteLiteral("back\\slash"));
    assertThrows(IllegalArgumentException.class, () -> RoleSetup.quoteLiteral("nul\0"));
    assertThrows(IllegalArgumentException.class, () -> RoleSetup.quoteIdent(""));
  }

  @Test
  void generatePassword_isLongAndFresh() {
    String a = RoleSetup.generatePassword();
    assertEquals(32, a.length());
    assertTrue(a.matches("[A-Za-z0-9_-]+"), a);
    // two 192-bit draws collide with probability 2^-192
    assertNotEquals(a, RoleSetup.generatePassword());
  }

  @Test
  void sameRoleForBoth_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new RoleSetup(
                    "hr", new Login("x", "p1"), new Login("x", "p2"), List.of(), List.of()));
    assertTrue(e.getMessage().contains("two different roles"), e.getMessage());
  }

  @Test
  void statements_grantExactlyThePolicyTables() {
    RoleSetup setup =
        new RoleSetup(
            "hr",
            new Login("dp_data", "p'w"),
            new Login("dp_catalog", "q"),
            List.of(
                RoleSetup.Table.ofPolicyKey("public.employees"),
                RoleSetup.Table.ofPolicyKey("departments")),
            List.of("reporting"));
    List<String> sql = setup.statements();
    assertTrue(
        sql.contains("GRANT SELECT ON TABLE \"public\".\"employees\" TO \"dp_data\""),
        sql::toString);
    assertTrue(
        sql.contains("GRANT SELECT ON TABLE \"public\".\"departments\" TO \"dp_data\""),
        sql::toString);
    assertTrue(
        sql.contains("GRANT SELECT ON ALL TABLES IN SCHEMA \"reporting\" TO \"dp_data\""),
        sql::toString);
    assertTrue(
        sql.contains("REVOKE ALL ON TABLE \"public\".\"employees\" FROM \"dp_catalog\""),
        sql::toString);
    assertTrue(
        sql.contains("GRANT CONNECT, TEMPORARY ON DATABASE \"hr\" TO \"dp_catalog\""),
        sql::toString);
    assertTrue(sql.contains("GRANT CONNECT ON DATABASE \"hr\" TO \"dp_data\""), sql::toString);
    assertTrue(
        sql.contains(
            "ALTER ROLE \"dp_data\" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION"
                + " NOBYPASSRLS PASSWORD 'p''w'"),
        sql::toString);
    assertEquals(List.of("public", "reporting"), setup.schemas());
    String masked = setup.script(false);
    assertTrue(!masked.contains("p''w") && masked.contains("PASSWORD '***'"), masked);
    assertTrue(masked.contains("grants to PUBLIC on user tables"), masked);
  }
}
