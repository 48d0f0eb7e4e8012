package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.driver.charge.Ledger.BudgetStatus;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Run in a separate JVM by {@link LedgerRestartTest} and {@link PostgresLedgerTest}.
 *
 * <p>{@code sequential url analyst n ε budgetε}: charges {@code n} Laplace queries of ε against the
 * budget (budgetε, 0), prints the status, exits 0 — or prints the refusal and exits 3 at the first
 * refused charge.
 *
 * <p>{@code crash url analyst n ε budgetε}: charges {@code n} queries as {@code sequential}, prints
 * {@code charged=n} and halts the JVM at once ({@link Runtime#halt}: no shutdown hooks, the ledger
 * is not closed), as a crash right after a release would.
 *
 * <p>{@code race url analyst n ε budgetε threads startAtMillis}: opens the ledger, waits for the
 * wall-clock instant {@code startAtMillis} (so that several child JVMs charge at the same time),
 * then {@code threads} threads each attempt {@code n} charges; prints {@code admitted=K} and exits
 * 0 (refusals are expected; any other error exits 4).
 */
public final class LedgerChildMain {
  private LedgerChildMain() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    String url = args[1];
    String analyst = args[2];
    int queries = Integer.parseInt(args[3]);
    double epsilon = Double.parseDouble(args[4]);
    Budget budget = new Budget(Double.parseDouble(args[5]), 0);
    if (mode.equals("crash")) {
      Ledger ledger = Ledger.open(url);
      for (int i = 0; i < queries; i++) {
        ledger.charge(analyst, budget, LedgerContract.laplace(epsilon), "crash " + i);
      }
      System.out.println("charged=" + queries);
      System.out.flush();
      Runtime.getRuntime().halt(0);
    }
    try (Ledger ledger = Ledger.open(url)) {
      if (mode.equals("race")) {
        race(ledger, analyst, queries, epsilon, budget, Integer.parseInt(args[6]), args[7]);
      } else {
        sequential(ledger, analyst, queries, epsilon, budget);
      }
    }
    System.exit(0);
  }

  private static void sequential(
      Ledger ledger, String analyst, int queries, double epsilon, Budget budget)
      throws SQLException {
    for (int i = 0; i < queries; i++) {
      try {
        ledger.charge(analyst, budget, LedgerContract.laplace(epsilon), "child query " + i);
      } catch (SQLException e) {
        System.out.println("refused " + e.getSQLState() + ": " + e.getMessage());
        System.exit(3);
      }
    }
    BudgetStatus status = ledger.status(analyst, budget);
    System.out.println("status " + status);
  }

  private static void race(
      Ledger ledger,
      String analyst,
      int queries,
      double epsilon,
      Budget budget,
      int threads,
      String startAt)
      throws Exception {
    ledger.status(analyst, budget); // connect before the start line
    long wait = Long.parseLong(startAt) - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
    AtomicInteger admitted = new AtomicInteger();
    AtomicInteger failures = new AtomicInteger();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker =
          new Thread(
              () -> {
                for (int i = 0; i < queries; i++) {
                  try {
                    ledger.charge(analyst, budget, LedgerContract.laplace(epsilon), "race");
                    admitted.incrementAndGet();
                  } catch (SQLException e) {
                    if (!"ZD100".equals(e.getSQLState())) {
                      e.printStackTrace(System.out);
                      failures.incrementAndGet();
                    }
                  }
                }
              });
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    System.out.println("admitted=" + admitted.get());
    if (failures.get() > 0) {
      System.exit(4);
    }
  }
}
