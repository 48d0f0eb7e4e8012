package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.proxy.cli.ProxyMain;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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

/**
 * The ledger fails closed: the proxy refuses to start on a ledger that does not exist unless told
 * {@code --init-ledger}, and an analyst whose ledger fails learns no path, host or URL.
 */
class ProxyLedgerIT {
  static ProxyFixture fixture;
  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(10_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  private static String[] args(Path policy, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--port", "0",
                "--backend", fixture.backendUrl(),
                "--policy", policy.toString()));
    args.addAll(fixture.roles.proxyArgs());
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  /** Starts a proxy, returning it and what it printed on stdout. */
  private record Started(ProxyMain.Running proxy, String stdout) {}

  private static Started startCapturing(String... args) throws Exception {
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      ProxyMain.Running proxy = ProxyMain.start(args);
      return new Started(proxy, captured.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(original);
    }
  }

  private static Connection analyst(int port) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", ProxyFixture.ANALYST);
    p.setProperty("password", ProxyFixture.PASSWORD);
    return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/demo", p);
  }

  private static long count(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM employees")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void absentH2FileLedger_refused_untilInitLedger() throws Exception {
    Path file = dir.resolve("ledger");
    Path policy = fixture.policyWithLedger("jdbc:h2:file:" + file.toAbsolutePath());
    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> ProxyMain.start(args(policy)));
    assertTrue(refused.getMessage().contains("--init-ledger"), refused.getMessage());
    assertFalse(refused.getMessage().contains(dir.toString()), refused.getMessage());
    assertFalse(Files.exists(dir.resolve("ledger.mv.db")), "the refusal created the ledger");

    Started first = startCapturing(args(policy, "--init-ledger"));
    try (ProxyMain.Running proxy = first.proxy();
        Connection c = analyst(proxy.port())) {
      assertTrue(first.stdout().contains("created a new, empty privacy ledger"), first.stdout());
      assertTrue(count(c) > 0);
    }
    assertTrue(Files.exists(dir.resolve("ledger.mv.db")));
    try (ProxyMain.Running again = ProxyMain.start(args(policy));
        Connection c = analyst(again.port())) {
      assertTrue(count(c) > 0); // the ledger exists now: no flag needed
    }
  }

  @Test
  void absentPostgresLedger_refused_untilInitLedger() throws Exception {
    try (Connection c = fixture.postgres.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE ledger");
    }
    String url =
        "jdbc:postgresql://localhost:" + fixture.postgres.getPort() + "/ledger?user=postgres";
    Path policy = fixture.policyWithLedger(url);
    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> ProxyMain.start(args(policy)));
    assertTrue(refused.getMessage().contains("no ledger tables"), refused.getMessage());

    Started started = startCapturing(args(policy, "--init-ledger"));
    try (ProxyMain.Running proxy = started.proxy();
        Connection c = analyst(proxy.port())) {
      assertTrue(started.stdout().contains("created a new, empty privacy ledger"));
      assertTrue(count(c) > 0);
    }
  }

  @Test
  void ledgerGone_analystErrorsNameNoHostOrUrl() throws Exception {
    EmbeddedPostgres ledgerPg = EmbeddedPostgres.builder().start();
    String port = Integer.toString(ledgerPg.getPort());
    Path policy =
        fixture.policyWithLedger("jdbc:postgresql://localhost:" + port + "/postgres?user=postgres");
    try (ProxyMain.Running proxy = startCapturing(args(policy, "--init-ledger")).proxy();
        Connection c = analyst(proxy.port())) {
      assertTrue(count(c) > 0);
      ledgerPg.close();
      SQLException charge = assertThrows(SQLException.class, () -> count(c));
      assertTrue(
          charge.getMessage().contains("privacy ledger is unavailable"), charge.getMessage());
      for (String leak : new String[] {port, "localhost", "jdbc:", "postgresql://"}) {
        assertFalse(charge.getMessage().contains(leak), leak + " in: " + charge.getMessage());
      }
      try (Connection again = analyst(proxy.port())) {
        SQLException e = assertThrows(SQLException.class, () -> count(again));
        assertFalse(e.getMessage().contains(port), e.getMessage());
      } catch (SQLException login) {
        assertFalse(login.getMessage().contains(port), login.getMessage());
      }
    } finally {
      ledgerPg.close();
    }
  }
}
