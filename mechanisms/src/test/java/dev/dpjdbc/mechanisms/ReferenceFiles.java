package dev.dpjdbc.mechanisms;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads the reference tables the calibration and allocation tests compare against. They are test
 * resources of this module ({@code src/test/resources/reference/}, described in the README.md
 * there), loaded from the test classpath, so the tests need nothing outside the repository. A
 * missing table fails the test: it is part of the module, not an optional extra.
 */
public final class ReferenceFiles {
  private ReferenceFiles() {}

  /** The lines of the reference table {@code name} (e.g. {@code calibration.csv}). */
  public static List<String> lines(String name) {
    String resource = "/reference/" + name;
    try (InputStream in = ReferenceFiles.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "test resource "
                + resource
                + " not found on the test classpath; it belongs in"
                + " mechanisms/src/test/resources/reference/");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
