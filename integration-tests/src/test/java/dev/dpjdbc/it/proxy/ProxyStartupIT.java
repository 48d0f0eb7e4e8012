package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.proxy.cli.ProxyMain;
import dev.dpjdbc.proxy.roles.RoleCheck;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
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
}
