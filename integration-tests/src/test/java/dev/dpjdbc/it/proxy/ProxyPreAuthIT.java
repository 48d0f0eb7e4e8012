package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.proxy.cli.ProxyMain;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Unauthenticated clients cannot starve analysts: a slowloris flood on loopback (sockets that
 * dribble a valid startup or SASL message one byte at a time) against a real proxy on embedded
 * PostgreSQL, while analysts log in with pgJDBC (SCRAM) and run {@code SELECT COUNT(*) FROM
 * employees}. Every test is bounded in time.
 */
class ProxyPreAuthIT {
  static ProxyFixture fixture;

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

  private static Connection analyst(int port) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", ProxyFixture.ANALYST);
    p.setProperty("password", ProxyFixture.PASSWORD);
    p.setProperty("loginTimeout", "20");
    return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/demo", p);
  }

  private static void count(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM employees")) {
      assertTrue(rs.next());
      assertTrue(rs.getLong(1) > 0);
    }
  }

  /** Half the flood dribbles a StartupMessage, half sends it and dribbles a SASL response. */
  private static SlowClients flood(int port, int n) throws Exception {
    byte[] startup = SlowClients.startup(ProxyFixture.ANALYST);
    byte[] sasl = SlowClients.concat(startup, SlowClients.saslInitial());
    int[] head = new int[n];
    for (int i = 0; i < n; i++) {
      head[i] = i % 2 == 0 ? 0 : startup.length;
    }
    return new SlowClients(port, n, i -> i % 2 == 0 ? startup : sasl, head);
  }

  private static ScheduledExecutorService ticking(SlowClients clients, long millis) {
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    ticker.scheduleWithFixedDelay(
        () -> {
          synchronized (clients) {
            clients.tick();
          }
        },
        millis,
        millis,
        TimeUnit.MILLISECONDS);
    return ticker;
  }

  private static int closed(SlowClients clients) {
    synchronized (clients) {
      return clients.closed();
    }
  }

  @Test
  void slowlorisFlood_analystsKeepConnectingAndQuerying() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(120),
        () -> {
          try (ProxyMain.Running proxy =
                  ProxyMain.start(
                      fixture.proxyArgs("--auth-timeout", "6", "--max-connections", "4"));
              Connection before = analyst(proxy.port())) {
            count(before);
            long start = System.nanoTime();
            SlowClients clients = flood(proxy.port(), 200);
            // 300 ms a byte: a startup packet needs > 10 s, a per-read timeout would never fire
            ScheduledExecutorService ticker = ticking(clients, 300);
            try {
              Thread.sleep(1200);
              // past the 64 pending slots (all younger than the grace period) closed at once
              synchronized (clients) {
                assertTrue(clients.closedWithin(1200) >= 200 - 64, clients.closed() + " closed");
              }
              // the logged-in analyst is untouched; a new one displaces the oldest slow socket
              for (int i = 0; i < 3; i++) {
                count(before);
              }
              try (Connection during = analyst(proxy.port())) {
                for (int i = 0; i < 3; i++) {
                  count(during);
                }
              }
              long seconds = (System.nanoTime() - start) / 1_000_000_000L;
              assertTrue(
                  closed(clients) < 200,
                  "the flood was over before the analyst finished (" + seconds + " s)");
              // the 6 s deadline is total: every socket is gone although each was still sending
              long deadline = System.nanoTime() + 12_000_000_000L;
              while (closed(clients) < clients.size() && System.nanoTime() < deadline) {
                Thread.sleep(100);
              }
              synchronized (clients) {
                assertEquals(clients.size(), clients.closed(), "pending sockets left open");
                assertTrue(clients.noneFinished(), "a slow client finished its message");
              }
            } finally {
              ticker.shutdownNow();
              clients.close();
            }
            try (Connection after = analyst(proxy.port())) {
              count(after);
            }
            count(before);
          }
        });
  }

  @Test
  void pendingConnections_neverTakeSessionSlots() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          try (ProxyMain.Running proxy =
              ProxyMain.start(
                  fixture.proxyArgs(
                      "--auth-timeout", "30",
                      "--max-connections", "1",
                      "--max-pending-connections", "256"))) {
            // 100 clients past their StartupMessage, stuck in SASL: the old proxy gave each a
            // session slot here, so with --max-connections 1 no analyst could log in
            SlowClients clients = flood(proxy.port(), 200);
            ScheduledExecutorService ticker = ticking(clients, 300);
            try {
              Thread.sleep(500);
              try (Connection c = analyst(proxy.port())) {
                for (int i = 0; i < 3; i++) {
                  count(c);
                }
              }
              assertEquals(0, closed(clients), "no pending socket was closed");
            } finally {
              ticker.shutdownNow();
              clients.close();
            }
          }
        });
  }

  @Test
  void oversizedStartupPacket_refusedFromItsLengthWord() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          try (Socket s = new Socket("127.0.0.1", fixture.port())) {
            s.setSoTimeout(10_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(10_001); // PostgreSQL's limit is 10000
            out.writeInt(196608);
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            assertEquals('E', in.readByte()); // | 'E' | int32 len | 'S' FATAL ... 'C' 08P01 ...
            byte[] body = new byte[in.readInt() - 4];
            in.readFully(body);
            String fields = new String(body, java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(fields.contains("C08P01"), fields);
            assertTrue(fields.contains("between 4 and 10000"), fields);
            assertEquals(-1, in.read(), "the proxy closes the connection");
          }
        });
  }
}
