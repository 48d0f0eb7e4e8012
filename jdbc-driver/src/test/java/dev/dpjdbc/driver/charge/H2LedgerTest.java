package dev.dpjdbc.driver.charge;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
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
}
