package dev.dpjdbc.benchmarks.throughput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the real pgbench client ({@code pgbench -n}, custom scripts only, so it never touches tables
 * of its own) and reads its summary. A run that exits non-zero, reports failed transactions, or
 * processes none throws with pgbench's own output, so no failure is reported as a number.
 */
final class Pgbench {
  private static final Pattern TPS = Pattern.compile("(?m)^tps = ([0-9.]+) \\(without");
  private static final Pattern LATENCY = Pattern.compile("(?m)^latency average = ([0-9.]+) ms");
  private static final Pattern DONE =
      Pattern.compile("(?m)^number of transactions actually processed: ([0-9]+)");
  private static final Pattern FAILED =
      Pattern.compile("(?m)^number of failed transactions: ([0-9]+)");

  private Pgbench() {}

  /** Where and as whom pgbench connects. */
  record Target(int port, String database, String user, String password) {}

  /** One pgbench run's summary: transactions per second (one query each), mean latency in ms. */
  record Result(double tps, double latencyMs, long transactions) {}

  /** The pgbench executable, or a message saying how to install it. */
  static String binary() {
    for (String candidate :
        List.of(
            "/usr/bin/pgbench", "/usr/local/bin/pgbench", "/usr/lib/postgresql/15/bin/pgbench")) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "pgbench not found: install it (Debian 12: apt-get install -y postgresql-contrib, which"
            + " brings postgresql-15 and its pgbench; elsewhere the package with PostgreSQL's"
            + " client tools)");
  }

  /** Whether {@code pgbench --version} runs (the smoke test skips, saying so, when not). */
  static boolean available() {
    try {
      Process p = new ProcessBuilder(binary(), "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | RuntimeException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Starts {@code pgbench -n -M mode -c clients -j threads} with {@code scripts} (each {@code -f}
   * weight 1) for {@code duration} ({@code -T s}) or {@code -t n} when {@code transactions > 0}.
   */
  static Process start(
      Target target,
      String mode,
      int clients,
      int seconds,
      int transactions,
      List<Path> scripts,
      Path log)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary());
    cmd.addAll(List.of("-n", "-M", mode, "-c", Integer.toString(clients)));
    cmd.addAll(List.of("-j", Integer.toString(Math.min(clients, 2))));
    if (transactions > 0) {
      cmd.addAll(List.of("-t", Integer.toString(transactions)));
    } else {
      cmd.addAll(List.of("-T", Integer.toString(seconds)));
    }
    for (Path s : scripts) {
      cmd.addAll(List.of("-f", s.toString()));
    }
    cmd.addAll(
        List.of(
            "-h",
            "localhost",
            "-p",
            Integer.toString(target.port()),
            "-U",
            target.user(),
            target.database()));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("PGPASSWORD", target.password());
    pb.environment().put("PGSSLMODE", "disable");
    pb.environment().put("PGCONNECT_TIMEOUT", "30");
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.redirectErrorStream(true);
    pb.redirectOutput(log.toFile());
    return pb.start();
  }

  /** Waits for a started run and reads its summary from {@code log}. */
  static Result finish(Process p, Path log, long timeoutSeconds)
      throws IOException, InterruptedException {
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(
          "pgbench did not finish within " + timeoutSeconds + " s:\n" + tail(log));
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    Matcher failed = FAILED.matcher(out);
    Matcher done = DONE.matcher(out);
    Matcher tps = TPS.matcher(out);
    Matcher latency = LATENCY.matcher(out);
    if (p.exitValue() != 0
        || !done.find()
        || !tps.find()
        || !latency.find()
        || failed.find() && Long.parseLong(failed.group(1)) > 0
        || Long.parseLong(done.group(1)) == 0) {
      throw new IllegalStateException(
          "pgbench exited " + p.exitValue() + " or completed no query:\n" + tail(log));
    }
    return new Result(
        Double.parseDouble(tps.group(1)),
        Double.parseDouble(latency.group(1)),
        Long.parseLong(done.group(1)));
  }

  /** {@link #start} then {@link #finish}. */
  static Result run(
      Target target, String mode, int clients, int seconds, int transactions, List<Path> scripts)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("dpjdbc-pgbench", ".log");
    try {
      Process p = start(target, mode, clients, seconds, transactions, scripts, log);
      return finish(p, log, Math.max(120, 6L * seconds));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private static String tail(Path log) throws IOException {
    String s = Files.readString(log, StandardCharsets.UTF_8);
    return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
  }
}
