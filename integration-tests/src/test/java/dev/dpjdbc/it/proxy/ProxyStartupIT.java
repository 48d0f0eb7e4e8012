package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.proxy.cli.ProxyMain;
import dev.dpjdbc.proxy.roles.RoleCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What the proxy refuses before it listens, through {@code ProxyMain} as an operator runs it. */
class ProxyStartupIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(100.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void superuserAsDataRole_refusedBeforeListening() {
    RoleCheck.Refused e =
        assertThrows(
            RoleCheck.Refused.class,
            () ->
                ProxyMain.start(
                    "--port", "0",
                    "--backend", fixture.backendUrl(),
                    "--backend-user", "postgres",
                    "--catalog-user", fixture.roles.catalog().user(),
                    "--catalog-password", fixture.roles.catalog().password(),
                    "--policy", fixture.policy.toString()));
    assertTrue(e.getMessage().contains("data role \"postgres\" is a superuser"), e.getMessage());
    assertTrue(e.getMessage().contains("setup-roles"), e.getMessage());
  }

  @Test
  void dataRoleAsCatalogRole_refused() {
    RoleCheck.Refused e =
        assertThrows(
            RoleCheck.Refused.class,
            () ->
                ProxyMain.start(
                    "--port", "0",
                    "--backend", fixture.backendUrl(),
                    "--backend-user", fixture.roles.data().user(),
                    "--backend-password", fixture.roles.data().password(),
                    "--catalog-user", fixture.roles.data().user(),
                    "--catalog-password", fixture.roles.data().password(),
                    "--policy", fixture.policy.toString()));
    assertTrue(e.getMessage().contains("is also the catalog role"), e.getMessage());
  }

  @Test
  void credentialsInTheBackendUrl_refused() {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--port",
                "0",
                "--backend",
                fixture.backendUrl() + "?user=postgres",
                "--policy",
                fixture.policy.toString()));
    args.addAll(fixture.roles.proxyArgs());
    CommandLine.ParameterException e =
        assertThrows(
            CommandLine.ParameterException.class,
            () -> ProxyMain.start(args.toArray(String[]::new)));
    assertTrue(e.getMessage().contains("not as user= or password="), e.getMessage());
  }

  @Test
  void sessionOpenFailure_analystLearnsNoPathOrUrl(@TempDir Path dir) throws Exception {
    String missing = dir.resolve("no-such-db").toAbsolutePath().toString();
    try (ProxyMain.Running proxy =
        ProxyMain.start(
            "--port",
            "0",
            "--backend",
            "jdbc:h2:file:" + missing + ";IFEXISTS=TRUE",
            "--backend-user",
            "sa",
            "--policy",
            fixture.policy.toString())) {
      Properties p = new Properties();
      p.setProperty("user", ProxyFixture.ANALYST);
      p.setProperty("password", ProxyFixture.PASSWORD);
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  DriverManager.getConnection(
                          "jdbc:postgresql://localhost:" + proxy.port() + "/demo", p)
                      .close());
      assertTrue(e.getMessage().contains("cannot open a session"), e.getMessage());
      assertFalse(e.getMessage().contains(missing), e.getMessage());
      assertFalse(e.getMessage().contains("jdbc:"), e.getMessage());
    }
  }

  @Test
  void policyWithoutAnyLogin_refusedNamingHashPassword(@TempDir Path dir) throws Exception {
    Path noLogin = dir.resolve("no-login.yaml");
    Files.writeString(
        noLogin, Files.readString(fixture.policy).replaceAll("(?m)^    password: .*\\n", ""));
    assertFalse(Files.readString(noLogin).contains("SCRAM"));
    List<String> args = new ArrayList<>(List.of(fixture.proxyArgs()));
    args.set(args.indexOf(fixture.policy.toString()), noLogin.toString());
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> ProxyMain.start(args.toArray(String[]::new)));
    assertTrue(e.getMessage().contains("hash-password"), e.getMessage());
    assertTrue(e.getMessage().contains("alice"), e.getMessage());
  }

  @Test
  void unknownDatabase_refusedWith3D000_theBackendsDatabaseAccepted() throws Exception {
    Properties p = new Properties();
    p.setProperty("user", ProxyFixture.ANALYST);
    p.setProperty("password", ProxyFixture.PASSWORD);
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                DriverManager.getConnection(
                        "jdbc:postgresql://localhost:" + fixture.port() + "/nosuchdb", p)
                    .close());
    assertEquals("3D000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("\"nosuchdb\" does not exist"), e.getMessage());
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_database()")) {
      assertTrue(rs.next());
      assertEquals("demo", rs.getString(1));
    }
  }

  @Test
  void resetAll_resetsDpSettings_andShowAllListsThem_throughPgJdbc() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement()) {
      s.execute("SET dp.epsilon = 0.3");
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
      try (ResultSet rs = s.executeQuery("SHOW dp.epsilon")) {
        assertTrue(rs.next());
        assertEquals(0.5, Double.parseDouble(rs.getString(1)), 1e-12, "the policy's query.epsilon");
      }
    }
  }
}
