package dev.dpjdbc.it.clients;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a real client program (a python script of {@code src/test/resources/clients/}, or node on a
 * script of {@code src/test/node/}) against the proxy and reads its {@code key value} output lines.
 * A script exits with code 3 when its client library is missing; the caller then skips, naming what
 * to install.
 */
public final class ClientRun {
  /** Exit code by which a client script says its client library is not installed. */
  public static final int MISSING = 3;

  /** The program's exit code and merged standard output and error. */
  public record Result(int exitCode, String out) {
    /** The {@code key value} lines, the first word as key (a later line with a key wins). */
    public Map<String, String> lines() {
      Map<String, String> lines = new LinkedHashMap<>();
      for (String line : out.split("\n")) {
        String[] kv = line.strip().split(" ", 2);
        if (!kv[0].isEmpty()) {
          lines.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
      }
      return lines;
    }

    /** The value of {@code key}, failing (with the whole output) when the script printed none. */
    public String get(String key) {
      String v = lines().get(key);
      if (v == null) {
        throw new AssertionError("no line `" + key + "` in the client's output:\n" + out);
      }
      return v;
    }
  }

  private ClientRun() {}

  /**
   * Runs the python script {@code /clients/<script>} of the test class path with {@code args}:
   * first with {@code python3}, then with Debian's {@code /usr/bin/python3} (whose packages a pyenv
   * {@code python3} on the PATH may not see). Skips when neither finds the client library.
   */
  public static Result python(String script, String install, String... args) throws Exception {
    Path file = Files.createTempFile("dpjdbc-client-", "-" + script);
    try (InputStream in = ClientRun.class.getResourceAsStream("/clients/" + script)) {
      if (in == null) {
        throw new IllegalStateException("no resource /clients/" + script);
      }
      Files.write(file, in.readAllBytes());
    }
    try {
      Result r = null;
      for (String python : List.of("python3", "/usr/bin/python3")) {
        List<String> cmd = new ArrayList<>(List.of(python, file.toString()));
        cmd.addAll(List.of(args));
        try {
          r = run(cmd, null);
        } catch (IOException e) {
          continue; // no such interpreter
        }
        if (r.exitCode() != MISSING) {
          return r;
        }
      }
      Assumptions.assumeTrue(
          false, "the client for " + script + " is not installed (" + install + "): skipped; " + r);
      return r;
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Runs {@code command} in {@code directory} (null: the current one), within 180 s. */
  public static Result run(List<String> command, Path directory) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    if (directory != null) {
      pb.directory(directory.toFile());
    }
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.environment().put("PYTHONIOENCODING", "utf-8");
    Process p = pb.start();
    p.getOutputStream().close();
    var out =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                return "<" + e + ">";
              }
            });
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("client did not finish within 180 s: " + command);
    }
    return new Result(p.exitValue(), out.get(30, TimeUnit.SECONDS));
  }
}
