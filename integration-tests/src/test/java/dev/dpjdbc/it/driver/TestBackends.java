package dev.dpjdbc.it.driver;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One H2 and one embedded PostgreSQL per test JVM, started on first use with the {@link TestSchema}
 * loaded, shared by the driver's IT classes (PostgreSQL takes seconds to start) and stopped when
 * the JVM exits. Tests isolate themselves by analyst name and policy file, not by database.
 */
final class TestBackends {
  private TestBackends() {}

  private static Backend h2;
  private static Backend postgres;

  static synchronized Backend h2() throws Exception {
    if (h2 == null) {
      h2 = Backend.h2(Files.createTempDirectory("dpjdbc-it-h2-"));
      TestSchema.create(h2);
    }
    return h2;
  }

  static synchronized Backend postgres() throws Exception {
    if (postgres == null) {
      Backend pg = Backend.postgres();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(pg)));
      TestSchema.create(pg);
      postgres = pg;
    }
    return postgres;
  }

  /** A fresh directory for a test class's policies and ledgers. */
  static Path tempDir() throws java.io.IOException {
    return Files.createTempDirectory("dpjdbc-it-");
  }

  private static void closeQuietly(Backend b) {
    try {
      b.close();
    } catch (Exception e) {
      // the JVM is exiting
    }
  }
}
