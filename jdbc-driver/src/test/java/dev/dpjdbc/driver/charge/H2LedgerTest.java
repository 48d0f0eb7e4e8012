package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger contract on an H2 file database (the default ledger kind). */
class H2LedgerTest extends LedgerContract {

  @TempDir static Path dir;

  private static final AtomicInteger FRESH = new AtomicInteger();

  @Override
  String url() {
    return "jdbc:h2:file:" + dir.resolve("dpjdbc-ledger").toAbsolutePath();
  }

  @Override
  String freshDatabaseUrl() {
    return "jdbc:h2:file:" + dir.resolve("fresh-" + FRESH.incrementAndGet()).toAbsolutePath();
  }

  @Test
  void probe_absentFile_createsNoFile() throws SQLException {
    Path file = dir.resolve("never-created");
    assertEquals(LedgerStore.State.ABSENT, LedgerStore.probe("jdbc:h2:file:" + file));
    assertFalse(Files.exists(dir.resolve("never-created.mv.db")), "the probe created the file");
  }

  @Test
  void probe_databaseWithoutLedgerTables_isAbsent() throws SQLException {
    String url = "jdbc:h2:file:" + dir.resolve("other-app").toAbsolutePath();
    try (Connection c = DriverManager.getConnection(url)) {
      c.createStatement().execute("CREATE TABLE t (x INT)");
    }
    assertEquals(LedgerStore.State.ABSENT, LedgerStore.probe(url));
  }

  @Test
  void probe_inMemory_isExempt() throws SQLException {
    assertEquals(LedgerStore.State.IN_MEMORY, LedgerStore.probe("jdbc:h2:mem:x;DB_CLOSE_DELAY=-1"));
  }

  @Test
  void open_unusablePath_failsWithoutNamingIt() throws Exception {
    Path notADirectory = Files.writeString(dir.resolve("plain-file"), "x");
    String url = "jdbc:h2:file:" + notADirectory.resolve("ledger").toAbsolutePath();
    SQLException e = assertThrows(SQLException.class, () -> Ledger.open(url));
    assertTrue(e.getMessage().startsWith("the privacy ledger is unavailable"), e.getMessage());
    assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
    assertFalse(e.getMessage().contains("plain-file"), e.getMessage());
    assertFalse(e.getMessage().contains("jdbc:"), e.getMessage());
    assertEquals(null, e.getCause(), "no cause chain to dig the path out of");
  }

  @Test
  void ifExists_isAddedOnce() {
    assertEquals("jdbc:h2:file:/x;IFEXISTS=TRUE", LedgerStore.ifExists("jdbc:h2:file:/x"));
    assertEquals("jdbc:h2:/x;ifexists=false", LedgerStore.ifExists("jdbc:h2:/x;ifexists=false"));
  }

  @Test
  void masked_hidesPasswords() {
    assertEquals(
        "jdbc:postgresql://h/l?user=u&password=***&ssl=true",
        LedgerErrors.masked("jdbc:postgresql://h/l?user=u&password=s3cret&ssl=true"));
  }
}
