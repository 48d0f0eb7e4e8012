package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import dev.dpjdbc.driver.charge.Ledger.BudgetStatus;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file ledger survives the JVM: a child JVM (same classpath, {@link LedgerChildMain}) charges
 * the H2 file ledger and exits; this JVM reopens the file and sees the child's charges, and the
 * budget keeps being enforced across the restart.
 */
class LedgerRestartTest {

  @TempDir Path dir;

  @Test
  void charge_inAnotherJvm_isSeenAfterReopening() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("dpjdbc-ledger").toAbsolutePath();
    Budget budget = new Budget(3, 0);
    try (Ledger ledger = Ledger.open(url)) {
      ledger.charge("alice", budget, LedgerContract.laplace(1), "parent before");
    }

    ChildJvm.Result child = runChild(url, "alice", 2, 1.0, 3.0);
    assertEquals(0, child.exitCode(), child.output());
    assertTrue(child.output().contains("queries=3"), child.output());

    try (Ledger ledger = Ledger.open(url)) {
      BudgetStatus status = ledger.status("alice", budget);
      assertEquals(3, status.queries());
      assertEquals(3.0, status.epsilonSpent(), 0.0);
      assertEquals(0.0, status.epsilonRemaining(), 0.0);
      SQLException refused =
          assertThrows(
              SQLException.class,
              () -> ledger.charge("alice", budget, LedgerContract.laplace(1), "parent after"));
      assertEquals("ZD100", refused.getSQLState());
    }

    ChildJvm.Result refusedChild = runChild(url, "alice", 1, 1.0, 3.0);
    assertEquals(3, refusedChild.exitCode(), refusedChild.output());
    assertTrue(refusedChild.output().contains("refused ZD100"), refusedChild.output());
  }

  private static ChildJvm.Result runChild(
      String url, String analyst, int queries, double epsilon, double budgetEpsilon)
      throws Exception {
    return ChildJvm.start(
            "sequential",
            url,
            analyst,
            Integer.toString(queries),
            Double.toString(epsilon),
            Double.toString(budgetEpsilon))
        .await();
  }
}
