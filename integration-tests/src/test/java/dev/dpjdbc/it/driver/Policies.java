package dev.dpjdbc.it.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes policy files for the tests; each has its own file ledger in {@code dir}. */
final class Policies {
  private Policies() {}

  /**
   * A policy with lifetime budget (budgetEpsilon, budgetDelta) per analyst and per-query defaults
   * (queryEpsilon, queryDelta, mechanism). No table section: bounds come from CHECK constraints,
   * the privacy unit from the primary key.
   */
  static Path write(
      Path dir,
      String name,
      double budgetEpsilon,
      double budgetDelta,
      double queryEpsilon,
      double queryDelta,
      String mechanism) {
    Path file = dir.resolve(name + ".yaml");
    String ledger = "jdbc:h2:file:" + dir.resolve(name + "-ledger").toAbsolutePath();
    String yaml =
        String.format(
            Locale.ROOT,
            "budget: {epsilon: %s, delta: %s}%n"
                + "query: {epsilon: %s, delta: %s, mechanism: %s, objective: relative}%n"
                + "ledger: %s%n",
            budgetEpsilon,
            budgetDelta,
            queryEpsilon,
            queryDelta,
            mechanism,
            ledger);
    try {
      Files.createDirectories(dir);
      Files.writeString(file, yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** A budget no test exhausts: 1e6 ε. */
  static Path large(Path dir, String name) {
    return write(dir, name, 1e6, 0.5, 1.0, 1e-6, "laplace");
  }
}
