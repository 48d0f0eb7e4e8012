package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import dev.dpjdbc.proxy.cli.ProxyMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** TLS on request (psql with sslmode=require) and CancelRequest (pgJDBC Statement.cancel). */
class ProxyTlsAndCancelIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(1000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void tlsConfigured_psqlRequiringSsl_connectsEncrypted() throws Exception {
    Path dir = Files.createTempDirectory("dpjdbc-tls");
    Path keyStore = dir.resolve("proxy.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "proxy",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0);
    try (ProxyMain.Running tls =
        ProxyMain.start(
            fixture.proxyArgs(
                "--tls-keystore", keyStore.toString(), "--tls-keystore-password", "changeit"))) {
      String script = "\\conninfo\nSELECT 1;\n";
      Psql.Result r =
          Psql.runWithEnv(
              tls.port(),
              ProxyFixture.ANALYST,
              ProxyFixture.PASSWORD,
              script,
              "PGSSLMODE",
              "require");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.out().contains("SSL connection"), r.all());
    } finally {
      Files.deleteIfExists(keyStore);
      Files.deleteIfExists(dir);
    }
  }

  @Test
  void tlsNotConfigured_psqlRequiringSsl_isTurnedAway() throws Exception {
    Psql.Result r =
        Psql.runWithEnv(
            fixture.port(),
            ProxyFixture.ANALYST,
            ProxyFixture.PASSWORD,
            "SELECT 1;\n",
            "PGSSLMODE",
            "require");
    assertTrue(r.exitCode() != 0, r.all());
    assertTrue(r.err().contains("SSL"), r.all());
  }

  @Test
  void maxConnections_oneMoreClient_gets53300() throws Exception {
    try (ProxyMain.Running small = ProxyMain.start(fixture.proxyArgs("--max-connections", "1"))) {
      java.util.Properties p = new java.util.Properties();
      p.setProperty("user", ProxyFixture.ANALYST);
      p.setProperty("password", ProxyFixture.PASSWORD);
      String url = "jdbc:postgresql://localhost:" + small.port() + "/demo";
      try (Connection first = java.sql.DriverManager.getConnection(url, p)) {
        SQLException e =
            assertThrows(SQLException.class, () -> java.sql.DriverManager.getConnection(url, p));
        assertEquals("53300", e.getSQLState(), e.getMessage());
        assertTrue(first.isValid(5));
      }
      // the slot frees once the server thread has closed the first session (asynchronously)
      SQLException last = null;
      for (int attempt = 0; attempt < 50; attempt++) {
        try (Connection again = java.sql.DriverManager.getConnection(url, p)) {
          assertTrue(again.isValid(5));
          return;
        } catch (SQLException e) {
          last = e;
          Thread.sleep(100);
        }
      }
      throw new AssertionError("the slot never became free again", last);
    }
  }

  @Test
  void cancel_longCatalogQuery_endsWith57014() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement st = c.createStatement()) {
      CompletableFuture<Void> canceller =
          CompletableFuture.runAsync(
              () -> {
                try {
                  Thread.sleep(1500);
                  st.cancel();
                } catch (InterruptedException | SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      long start = System.nanoTime();
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  st.executeQuery(
                      "SELECT count(*) FROM pg_catalog.pg_attribute a, pg_catalog.pg_attribute b,"
                          + " pg_catalog.pg_attribute c"));
      canceller.get(10, TimeUnit.SECONDS);
      assertEquals("57014", e.getSQLState(), e.getMessage());
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60));
      try (var rs = st.executeQuery("SELECT 1")) {
        assertTrue(rs.next(), "the session survives the cancel");
      }
    }
  }
}
