package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.charge.Ledger.Budget;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A charge that returned is on the H2 file when the process dies right after it: a child JVM
 * charges and halts at once (no close, no shutdown hook, within H2's background write delay), and
 * the reopened file holds every charge. (Not a power-loss test: the file is not fsynced per charge;
 * docs/ledger.md, "Durability".)
 */
class LedgerCrashTest {

  @TempDir Path dir;

  @Test
  void charges_survive_aProcessCrashRightAfterThem() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("dpjdbc-ledger").toAbsolutePath();
    ChildJvm.Result child = ChildJvm.start("crash", url, "alice", "5", "1.0", "100.0").await();
    assertEquals(0, child.exitCode(), child.output());
    assertTrue(child.output().contains("charged=5"), child.output());
    try (Ledger ledger = Ledger.open(url)) {
      assertEquals(5, ledger.status("alice", new Budget(100, 0)).queries());
    }
  }
}
