package dev.dpjdbc.mechanisms;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Locates the team's reference tables ({@code shared/reference/*}): walks up from the working
 * directory looking for {@code shared/reference/<name>} (the checkout sits next to {@code shared/}
 * on the team machine), or a directory named by the {@code dpjdbc.reference.dir} system property. A
 * test that needs a table that truly is absent is skipped with an assumption message saying so.
 */
public final class ReferenceFiles {
  private ReferenceFiles() {}

  /** The lines of the reference file, or a skipped test if it cannot be found. */
  public static List<String> lines(String name) {
    Path p = find(name);
    if (p == null) {
      try (var in = ReferenceFiles.class.getResourceAsStream("/reference/" + name)) {
        if (in != null) {
          return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    assumeTrue(
        p != null,
        "reference file shared/reference/"
            + name
            + " not found above "
            + Path.of("").toAbsolutePath()
            + " (set -Ddpjdbc.reference.dir=...)");
    try {
      return Files.readAllLines(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path find(String name) {
    String prop = System.getProperty("dpjdbc.reference.dir");
    if (prop != null && Files.isRegularFile(Path.of(prop, name))) {
      return Path.of(prop, name);
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("shared").resolve("reference").resolve(name);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
