package dev.dpjdbc.it.clients;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the real psql client (/usr/bin/psql) against the proxy with a script on stdin. */
public final class Psql {
  private Psql() {}

  /** psql's exit code, standard output and standard error. */
  public record Result(int exitCode, String out, String err) {
    public String all() {
      return out + "\n" + err;
    }
  }

  public static String binary() {
    for (String candidate : List.of("/usr/bin/psql", "/usr/local/bin/psql")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "psql not found: install the PostgreSQL client (apt-get install -y postgresql-client)");
  }

  /** Runs {@code script} against database {@code demo}. */
  public static Result run(int port, String user, String password, String script) throws Exception {
    return runWithEnv(port, user, password, script);
  }

  /** Runs {@code script} against {@code database}. */
  public static Result run(int port, String user, String password, String database, String script)
      throws Exception {
    return runIn(database, port, user, password, script);
  }

  /** With extra environment variables given as name, value pairs (e.g. PGSSLMODE, require). */
  public static Result runWithEnv(
      int port, String user, String password, String script, String... env) throws Exception {
    return runIn("demo", port, user, password, script, env);
  }

  private static Result runIn(
      String database, int port, String user, String password, String script, String... env)
      throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            binary(),
            "-X",
            "-v",
            "ON_ERROR_STOP=0",
            "-h",
            "localhost",
            "-p",
            Integer.toString(port),
            "-U",
            user,
            "-d",
            database);
    pb.environment().put("PGPASSWORD", password);
    pb.environment().put("PGCONNECT_TIMEOUT", "20");
    pb.environment().put("PAGER", "cat");
    pb.environment().put("LC_ALL", "C.UTF-8");
    for (int i = 0; i + 1 < env.length; i += 2) {
      pb.environment().put(env[i], env[i + 1]);
    }
    Process p = pb.start();
    CompletableFuture<String> out = readAsync(p.getInputStream());
    CompletableFuture<String> err = readAsync(p.getErrorStream());
    try (OutputStream in = p.getOutputStream()) {
      in.write(script.getBytes(StandardCharsets.UTF_8));
    }
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("psql did not finish within 120 s; script:\n" + script);
    }
    return new Result(p.exitValue(), out.get(), err.get());
  }

  private static CompletableFuture<String> readAsync(java.io.InputStream in) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
          } catch (IOException e) {
            return "<" + e + ">";
          }
        });
  }
}
