package dev.dpjdbc.it.attack;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The real psql (/usr/bin/psql) against a proxy port, a script on stdin; stdout + stderr. */
final class PsqlClient {
  private PsqlClient() {}

  static String run(int port, String script) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            "/usr/bin/psql",
            "-X",
            "-v",
            "ON_ERROR_STOP=0",
            "-v",
            "VERBOSITY=verbose",
            "-h",
            "localhost",
            "-p",
            Integer.toString(port),
            "-U",
            AttackSchema.PSQL_USER,
            "-d",
            "postgres");
    pb.environment().put("PGPASSWORD", AttackSchema.PSQL_PASSWORD);
    pb.environment().put("PGCONNECT_TIMEOUT", "20");
    pb.environment().put("PAGER", "cat");
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (java.io.IOException e) {
                return "<" + e + ">";
              }
            });
    try (OutputStream in = p.getOutputStream()) {
      in.write(script.getBytes(StandardCharsets.UTF_8));
    }
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("psql did not finish within 120 s");
    }
    return out.get();
  }
}
