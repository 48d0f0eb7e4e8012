package dev.dpjdbc.driver.charge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Starts {@link LedgerChildMain} in a fresh JVM on this test's classpath. */
final class ChildJvm {
  private final Process process;
  private final CompletableFuture<String> output;

  private ChildJvm(Process process) {
    this.process = process;
    this.output = CompletableFuture.supplyAsync(() -> drain(process.getInputStream()));
  }

  static ChildJvm start(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(LedgerChildMain.class.getName());
    command.addAll(List.of(args));
    return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
  }

  /** Waits for the child to exit; returns its exit code and everything it printed. */
  Result await() throws Exception {
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("child JVM did not exit within 2 minutes");
    }
    return new Result(process.exitValue(), output.get(1, TimeUnit.MINUTES));
  }

  record Result(int exitCode, String output) {}

  private static String drain(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
