package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.driver.charge.Ledger.BudgetStatus;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every ledger database must show (run on H2 by {@link H2LedgerTest} and on a real PostgreSQL
 * by {@link PostgresLedgerTest}). Each test uses its own analyst, so one database serves the whole
 * class.
 */
abstract class LedgerContract {

  /** The JDBC URL of the ledger database under test. */
  abstract String url();

  static String freshAnalyst(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  /** Laplace at ε: basic (ε, 0), zCDP ρ = ε²/2. */
  static PrivacyCost laplace(double epsilon) {
    return new PrivacyCost(epsilon, 0, epsilon * epsilon / 2, 0);
  }

  static Stream<Arguments> exhaustionCases() {
    return Stream.of(
        // budget ε, budget δ, query ε, admitted exactly
        Arguments.of(3.0, 0.0, 1.0, 3),
        Arguments.of(3.0, 1e-6, 1.0, 3),
        Arguments.of(1.0, 0.0, 0.1, 10),
        Arguments.of(1.0, 1e-6, 0.1, 10),
        Arguments.of(0.3, 0.0, 0.1, 3),
        Arguments.of(0.7, 0.0, 0.07, 10),
        Arguments.of(10.0, 1e-6, 1.0, 10));
  }

  @ParameterizedTest(name = "budget ε={0} δ={1}, queries of ε={2}: {3} admitted")
  @MethodSource("exhaustionCases")
  void charge_repeatedQueries_exhaustExactlyAtTheLimit(
      double budgetEpsilon, double budgetDelta, double queryEpsilon, int expected)
      throws SQLException {
    String analyst = freshAnalyst("exact");
    Budget budget = new Budget(budgetEpsilon, budgetDelta);
    try (Ledger ledger = Ledger.open(url())) {
      for (int i = 1; i <= expected; i++) {
        BudgetStatus status = ledger.charge(analyst, budget, laplace(queryEpsilon), "q" + i);
        assertEquals(i, status.queries());
      }
      SQLException refused =
          assertThrows(
              SQLException.class,
              () -> ledger.charge(analyst, budget, laplace(queryEpsilon), "one too many"));
      assertEquals(AnalyzerSqlState.BUDGET_EXHAUSTED.code(), refused.getSQLState());
      BudgetStatus end = ledger.status(analyst, budget);
      assertEquals(expected, end.queries());
      assertEquals(budgetEpsilon, end.epsilonSpent(), 1e-12 * budgetEpsilon);
      assertEquals(0.0, end.epsilonRemaining(), 1e-12 * budgetEpsilon);
    }
  }

  @Test
  void charge_refused_recordsNothingAndSaysWhatRemains() throws SQLException {
    String analyst = freshAnalyst("refuse");
    Budget budget = new Budget(1.5, 1e-6);
    try (Ledger ledger = Ledger.open(url())) {
      ledger.charge(analyst, budget, laplace(1.0), "first");
      BudgetStatus before = ledger.status(analyst, budget);
      long logBefore = logRows(analyst);

      SQLException refused =
          assertThrows(
              SQLException.class,
              () -> ledger.charge(analyst, budget, new PrivacyCost(1.0, 1e-7, 0.5, 0), "second"));

      assertEquals("ZD100", refused.getSQLState());
      String message = refused.getMessage();
      assertTrue(message.contains("analyst '" + analyst + "'"), message);
      assertTrue(message.contains("needs ε=1, δ=1e-7"), message);
      assertTrue(message.contains("remaining ε=0.5"), message);
      assertTrue(message.contains("raise the budget in the policy"), message);
      assertEquals(before, ledger.status(analyst, budget));
      assertEquals(logBefore, logRows(analyst));
      assertEquals(1, logBefore);
    }
  }

  @Test
  void charge_admitted_appendsOneLogRowWithTheExactCost() throws SQLException {
    String analyst = freshAnalyst("log");
    Budget budget = new Budget(5, 1e-6);
    try (Ledger ledger = Ledger.open(url())) {
      ledger.charge(analyst, budget, new PrivacyCost(0.1, 1e-7, 0.005, 2e-8), "SELECT COUNT(*)");
      ledger.charge(analyst, budget, new PrivacyCost(0.2, 1e-7, 0.02, 0), "SELECT SUM(x)");
    }
    try (Connection c = DriverManager.getConnection(url());
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT epsilon, delta, rho, extra_delta, description FROM "
                    + LedgerSchema.CHARGE
                    + " WHERE analyst = ? ORDER BY id")) {
      ps.setString(1, analyst);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("0.1", rs.getBigDecimal(1).stripTrailingZeros().toPlainString());
        assertEquals("1E-7", rs.getBigDecimal(2).stripTrailingZeros().toString());
        assertEquals("0.005", rs.getBigDecimal(3).stripTrailingZeros().toPlainString());
        assertEquals("2E-8", rs.getBigDecimal(4).stripTrailingZeros().toString());
        assertEquals("SELECT COUNT(*)", rs.getString(5));
        assertTrue(rs.next());
        assertEquals("SELECT SUM(x)", rs.getString(5));
        assertTrue(!rs.next());
      }
    }
    try (Ledger ledger = Ledger.open(url())) {
      BudgetStatus status = ledger.status(analyst, budget);
      // 0.1 + 0.2 is exactly 0.3 in the ledger (as a double sum it would be 0.30000000000000004)
      assertEquals(0.3, status.epsilonSpent(), 0.0);
      assertEquals(2e-7, status.deltaSpent(), 0.0);
      assertEquals(4.7, status.epsilonRemaining(), 1e-15);
      assertEquals(2, status.queries());
    }
  }

  /** The audit text never makes an affordable charge fail (NUL bytes, huge query text). */
  @Test
  void charge_awkwardDescription_isStoredSanitisedAndTruncated() throws SQLException {
    String analyst = freshAnalyst("text");
    String huge = "SELECT '\u0000' " + "x".repeat(200_000);
    try (Ledger ledger = Ledger.open(url())) {
      ledger.charge(analyst, new Budget(1, 0), laplace(0.5), huge);
      ledger.charge(analyst, new Budget(1, 0), laplace(0.5), null);
    }
    try (Connection c = DriverManager.getConnection(url());
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT description FROM "
                    + LedgerSchema.CHARGE
                    + " WHERE analyst = ? ORDER BY id")) {
      ps.setString(1, analyst);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        String stored = rs.getString(1);
        assertEquals(100_000, stored.length());
        assertTrue(stored.startsWith("SELECT '\uFFFD' xxx"), stored.substring(0, 20));
        assertTrue(rs.next());
        assertEquals("", rs.getString(1));
      }
    }
  }

  @Test
  void status_unknownAnalyst_spentNothing() throws SQLException {
    try (Ledger ledger = Ledger.open(url())) {
      BudgetStatus status = ledger.status(freshAnalyst("nobody"), new Budget(2, 1e-6));
      assertEquals(0.0, status.epsilonSpent());
      assertEquals(0.0, status.deltaSpent());
      assertEquals(2.0, status.epsilonRemaining());
      assertEquals(1e-6, status.deltaRemaining());
      assertEquals(0, status.queries());
      assertEquals("basic", status.accounting());
      assertEquals(0.0, status.rhoSpent());
      assertTrue(status.rhoRemaining() > 0, "zCDP admits some rho: " + status);
      assertEquals(-1, status.queriesLeft(), "no per-query cost given");
    }
  }

  /**
   * Several threads on each of two ledger instances (two connection pools, as two processes would
   * have) race to charge one analyst: exactly budget/cost charges are admitted, never more.
   */
  @Test
  void charge_concurrentThreadsAndTwoLedgers_neverExceedTheBudget() throws Exception {
    String analyst = freshAnalyst("race");
    Budget budget = new Budget(2.0, 1e-6);
    int threadsPerLedger = 4;
    int attemptsPerThread = 5;
    try (Ledger first = Ledger.open(url());
        Ledger second = Ledger.open(url())) {
      ExecutorService pool = Executors.newFixedThreadPool(2 * threadsPerLedger);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> admitted = new ArrayList<>();
      for (int t = 0; t < 2 * threadsPerLedger; t++) {
        Ledger ledger = t % 2 == 0 ? first : second;
        Callable<Integer> worker =
            () -> {
              start.await();
              int ok = 0;
              for (int i = 0; i < attemptsPerThread; i++) {
                try {
                  ledger.charge(analyst, budget, laplace(0.1), "race");
                  ok++;
                } catch (SQLException e) {
                  assertEquals("ZD100", e.getSQLState(), e.getMessage());
                }
              }
              return ok;
            };
        admitted.add(pool.submit(worker));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> f : admitted) {
        total += f.get(2, TimeUnit.MINUTES);
      }
      pool.shutdown();
      assertEquals(20, total);
      assertEquals(20, first.status(analyst, budget).queries());
      assertEquals(20, logRows(analyst));
      assertEquals(2.0, second.status(analyst, budget).epsilonSpent(), 0.0);
    }
  }

  /** ρ of the analytic Gaussian at (ε, δ) = (0.1, 1e-7): μ0 = 0.0241958206793701, ρ = μ0²/2. */
  static final double GAUSSIAN_RHO_01_1EM7 = 0.0002927188691741177;

  /**
   * Small Gaussian queries, (ε, δ) = (0.1, 1e-7) each, against a budget (1, 1e-6): basic
   * composition stops at 10 (both Σε and Σδ reach the budget), Bun–Steinke would stop at 59, and
   * the ledger's CKS20 zCDP accounting admits 83 (CKS(83ρ, 1e-6) = 0.99867, CKS(84ρ, 1e-6) =
   * 1.00510, computed with scipy).
   */
  @Test
  void charge_smallGaussianQueries_zcdpAdmitsEightTimesMoreThanBasic() throws SQLException {
    String analyst = freshAnalyst("gauss");
    Budget budget = new Budget(1.0, 1e-6);
    PrivacyCost gaussian = new PrivacyCost(0.1, 1e-7, GAUSSIAN_RHO_01_1EM7, 0);
    try (Ledger ledger = Ledger.open(url())) {
      int admitted = 0;
      while (admitted < 200) {
        try {
          ledger.charge(analyst, budget, gaussian, "gaussian " + admitted);
          admitted++;
        } catch (SQLException e) {
          assertEquals("ZD100", e.getSQLState());
          break;
        }
      }
      assertEquals(83, admitted);
      BudgetStatus status = ledger.status(analyst, budget);
      assertEquals(83, status.queries());
      assertEquals(0.99867, status.epsilonSpent(), 1e-4);
      // under zCDP no δ is spent outside the conversion, which is stated at the whole δ budget
      assertEquals(0.0, status.deltaSpent(), 0.0);
      assertEquals(1e-6, status.deltaRemaining(), 0.0);
      assertEquals(1.0 - status.epsilonSpent(), status.epsilonRemaining(), 1e-15);
      assertEquals("zcdp", status.accounting());
      assertEquals(83 * GAUSSIAN_RHO_01_1EM7, status.rhoSpent(), 1e-15);
      assertTrue(status.rhoRemaining() < GAUSSIAN_RHO_01_1EM7, "no room for an 84th: " + status);
      assertEquals(0, ledger.status(analyst, budget, gaussian).queriesLeft());
    }
  }

  /**
   * "Queries left" is the admission rule's own answer: before and after every charge it equals the
   * number of further charges actually admitted (83 Gaussian queries under zCDP, see above), and δ
   * remaining stays positive while any query is admitted.
   */
  @Test
  void queriesLeft_countsDownToTheLastAdmittedCharge() throws SQLException {
    String analyst = freshAnalyst("left");
    Budget budget = new Budget(1.0, 1e-6);
    PrivacyCost gaussian = new PrivacyCost(0.1, 1e-7, GAUSSIAN_RHO_01_1EM7, 0);
    try (Ledger ledger = Ledger.open(url())) {
      assertEquals(83, ledger.status(analyst, budget, gaussian).queriesLeft());
      for (int i = 1; i <= 83; i++) {
        BudgetStatus after = ledger.charge(analyst, budget, gaussian, "g" + i);
        assertEquals(83 - i, after.queriesLeft(), "after charge " + i + ": " + after);
        assertTrue(after.deltaRemaining() > 0, "still admitting: " + after);
        if (i > 10) {
          assertEquals("zcdp", after.accounting(), "basic stops at 10");
          assertTrue(after.rhoRemaining() >= 0, after.toString());
        }
      }
      assertThrows(SQLException.class, () -> ledger.charge(analyst, budget, gaussian, "84"));
      // Laplace (pure ε) queries at basic composition: exactly what is left of Σε
      String pure = freshAnalyst("left-basic");
      Budget pureBudget = new Budget(1.0, 0);
      assertEquals(10, ledger.status(pure, pureBudget, laplace(0.1)).queriesLeft());
      BudgetStatus afterThree = null;
      for (int i = 0; i < 3; i++) {
        afterThree = ledger.charge(pure, pureBudget, laplace(0.1), "l" + i);
      }
      assertEquals(7, afterThree.queriesLeft());
      assertEquals("basic", afterThree.accounting());
      assertTrue(Double.isNaN(afterThree.rhoRemaining()), "no zCDP conversion at δ = 0");
      // Laplace (0.1, 1e-7) against (10, 1e-6): after 10, basic's Σε = 1 beats zCDP's 1.7 but has
      // no δ left; zCDP still admits, so it is the accounting shown, with δ remaining > 0
      String mixed = freshAnalyst("left-mixed");
      Budget wide = new Budget(10, 1e-6);
      PrivacyCost laplaceWithDelta = new PrivacyCost(0.1, 1e-7, 0.005, 0);
      BudgetStatus tenth = null;
      for (int i = 0; i < 10; i++) {
        tenth = ledger.charge(mixed, wide, laplaceWithDelta, "m" + i);
      }
      assertEquals("zcdp", tenth.accounting(), tenth.toString());
      assertTrue(tenth.deltaRemaining() > 0, tenth.toString());
      assertTrue(tenth.queriesLeft() > 0, tenth.toString());
      ledger.charge(mixed, wide, laplaceWithDelta, "the 11th is admitted");
    }
  }

  /** A ledger written by a newer dpjdbc (another schema version) is refused, not misread. */
  @Test
  void open_otherSchemaVersion_isRefused() throws SQLException {
    String url = freshDatabaseUrl();
    try (Ledger ledger = Ledger.open(url)) {
      ledger.status("x", new Budget(1, 0));
    }
    try (Connection c = DriverManager.getConnection(url);
        PreparedStatement ps =
            c.prepareStatement(
                "UPDATE " + LedgerSchema.META + " SET meta_value = '2' WHERE meta_key = ?")) {
      ps.setString(1, "schema_version");
      assertEquals(1, ps.executeUpdate());
    }
    SQLException refused = assertThrows(SQLException.class, () -> Ledger.open(url));
    assertEquals(AnalyzerSqlState.INVALID_POLICY.code(), refused.getSQLState());
    assertTrue(refused.getMessage().contains("schema version is 2"), refused.getMessage());
  }

  /** Several processes starting at once must all find (or create) the same tables. */
  @Test
  void open_concurrently_createsTheSchemaOnce() throws Exception {
    String url = freshDatabaseUrl();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Long>> results = new ArrayList<>();
    String analyst = freshAnalyst("open");
    for (int t = 0; t < 4; t++) {
      results.add(
          pool.submit(
              () -> {
                start.await();
                try (Ledger ledger = Ledger.open(url)) {
                  return ledger.charge(analyst, new Budget(10, 0), laplace(1), "open").queries();
                }
              }));
    }
    start.countDown();
    for (Future<Long> f : results) {
      assertTrue(f.get(2, TimeUnit.MINUTES) >= 1);
    }
    pool.shutdown();
    try (Ledger ledger = Ledger.open(url)) {
      assertEquals(4, ledger.status(analyst, new Budget(10, 0)).queries());
    }
  }

  /** A URL of an empty database (no ledger tables yet). */
  @Test
  void probe_freshDatabase_isAbsentUntilCreated() throws SQLException {
    String url = freshDatabaseUrl();
    assertEquals(LedgerStore.State.ABSENT, LedgerStore.probe(url));
    assertEquals(LedgerStore.State.ABSENT, LedgerStore.probe(url), "probing created nothing");
    LedgerStore.create(url);
    assertEquals(LedgerStore.State.PRESENT, LedgerStore.probe(url));
    try (Ledger ledger = Ledger.open(url)) {
      assertEquals(0, ledger.status("nobody", new Ledger.Budget(1, 0)).queries());
    }
  }

  abstract String freshDatabaseUrl() throws SQLException;

  long logRows(String analyst) throws SQLException {
    try (Connection c = DriverManager.getConnection(url());
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*) FROM " + LedgerSchema.CHARGE + " WHERE analyst = ?")) {
      ps.setString(1, analyst);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
