package dev.dpjdbc.it.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stable interface of {@code mechanisms/target/dpjdbc-mechanisms.jar}, run as users run it: its
 * own JVM, the shaded jar alone.
 */
class CalculatorJarIT {
  private static final Path JAR = Path.of("..", "mechanisms", "target", "dpjdbc-mechanisms.jar");

  record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws Exception {
    assertTrue(Files.isRegularFile(JAR), "build the jar first: " + JAR.toAbsolutePath());
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-jar");
    cmd.add(JAR.toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread t = new Thread(() -> copy(p.getErrorStream(), err));
    t.start();
    p.getInputStream().transferTo(out);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "calculator did not finish");
    t.join();
    return new Run(
        p.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void copy(java.io.InputStream in, ByteArrayOutputStream to) {
    try {
      in.transferTo(to);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void calibrate_gaussianProfile_printsReferenceScales() throws Exception {
    Run r =
        run(
            "calibrate",
            "--mechanism",
            "gaussian",
            "--epsilon",
            "1",
            "--delta",
            "1e-5",
            "--sensitivity",
            "1,100,200000",
            "--objective",
            "absolute");
    assertEquals(0, r.exit(), r.err());
    // The mechanisms reference table allocation.csv (docs/mechanisms.md, Reference values),
    // row count_sumage_sumsalary, gaussian, ε = 1, δ = 1e-5, absolute: 1668.810402; ...
    assertTrue(r.out().contains("\"scales\""), r.out());
    assertTrue(r.out().contains("1668.81"), r.out());
    assertTrue(r.out().contains("\"mu0\""), r.out());
  }

  @Test
  void sample_printsCountValues() throws Exception {
    Run r =
        run("sample", "--mechanism", "laplace", "--scale", "2", "--count", "5", "--value", "100");
    assertEquals(0, r.exit(), r.err());
    String[] lines = r.out().strip().split("\n");
    assertEquals(5, lines.length, r.out());
    for (String line : lines) {
      Double.parseDouble(line.strip());
    }
  }

  @Test
  void badEpsilon_oneLineError_exitCode2() throws Exception {
    Run r = run("calibrate", "--mechanism", "laplace", "--epsilon", "-1", "--sensitivity", "1");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("--epsilon"), r.err());
  }
}
