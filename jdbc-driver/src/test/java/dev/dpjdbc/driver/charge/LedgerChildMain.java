package dev.dpjdbc.driver.charge;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.driver.charge.Ledger.BudgetStatus;

/**
 * Run in a separate JVM by {@link LedgerRestartTest}: opens the ledger at {@code args[0]}, charges
 * analyst {@code args[1]} {@code args[2]} Laplace queries of ε = {@code args[3]} against the budget
 * ε = {@code args[4]}, δ = 0, prints the status and exits (0 when all were admitted, 3 when one was
 * refused).
 */
public final class LedgerChildMain {
  private LedgerChildMain() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String analyst = args[1];
    int queries = Integer.parseInt(args[2]);
    double epsilon = Double.parseDouble(args[3]);
    Budget budget = new Budget(Double.parseDouble(args[4]), 0);
    try (Ledger ledger = Ledger.open(url)) {
      for (int i = 0; i < queries; i++) {
        try {
          ledger.charge(analyst, budget, LedgerContract.laplace(epsilon), "child query " + i);
        } catch (java.sql.SQLException e) {
          System.out.println("refused " + e.getSQLState() + ": " + e.getMessage());
          System.exit(3);
        }
      }
      BudgetStatus status = ledger.status(analyst, budget);
      System.out.println("status " + status);
    }
    System.exit(0);
  }
}
