package dev.dpjdbc.it.boundary;

import dev.dpjdbc.it.clients.Psql;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A way in: the {@code jdbc:dp:} driver, or the proxy through pgJDBC, the real psql binary, or raw
 * v3 messages (simple Query, or Parse/Bind/Describe/Execute/Sync). {@link #run} plays a list of
 * statements in one session and returns what came back for each, with whether the ledger changed
 * while it ran.
 */
enum Door {
  DRIVER,
  PGJDBC,
  PSQL,
  RAW_SIMPLE,
  RAW_EXTENDED;

  /** One statement's response, and whether the PostgreSQL ledger changed while it ran. */
  record Outcome(Response response, boolean ledgerChanged) {}

  /** The analyst the driver door charges (the proxy doors log in as the fixture's analyst). */
  static final String DRIVER_ANALYST = "mallory-driver";

  List<Outcome> run(BoundaryFixture f, List<String> statements) throws Exception {
    return switch (this) {
      case DRIVER -> jdbc(f, f.driver(DRIVER_ANALYST), statements);
      case PGJDBC ->
          jdbc(f, f.pgjdbc(BoundaryFixture.ANALYST, BoundaryFixture.ANALYST_PASSWORD), statements);
      case PSQL -> psql(f, statements);
      case RAW_SIMPLE, RAW_EXTENDED -> raw(f, statements);
    };
  }

  boolean throughProxy() {
    return this != DRIVER;
  }

  private static List<Outcome> jdbc(BoundaryFixture f, Connection c, List<String> statements)
      throws SQLException {
    List<Outcome> out = new ArrayList<>();
    try (c) {
      for (String sql : statements) {
        List<String> before = f.ledgerSnapshot();
        Response r;
        try (Statement s = c.createStatement()) {
          r = Response.ofJdbc(s, sql);
        }
        out.add(new Outcome(r, !before.equals(f.ledgerSnapshot())));
      }
    }
    return out;
  }

  private List<Outcome> raw(BoundaryFixture f, List<String> statements) throws Exception {
    List<Outcome> out = new ArrayList<>();
    try (RawPgClient c =
        RawPgClient.connect(
            f.proxyPort(),
            BoundaryFixture.ANALYST,
            BoundaryFixture.ANALYST_PASSWORD,
            BoundarySchema.DATABASE)) {
      for (String sql : statements) {
        List<String> before = f.ledgerSnapshot();
        RawPgClient.Exchange x = this == RAW_SIMPLE ? c.query(sql) : c.extended(sql);
        Response r = new Response(sql, x.sqlState(), x.text(), x.notifiedRelease());
        out.add(new Outcome(r, !before.equals(f.ledgerSnapshot())));
      }
    }
    return out;
  }

  private static final Pattern ERROR_STATE = Pattern.compile("ERROR:\\s+([0-9A-Z]{5}):");

  /**
   * One psql process for the whole list, statements separated by {@code \echo} markers; stdout is
   * unbuffered (stdbuf) and merged with stderr so each error lands after its own marker. The ledger
   * is compared once, around the whole script.
   */
  private static List<Outcome> psql(BoundaryFixture f, List<String> statements) throws Exception {
    StringBuilder script = new StringBuilder("\\set VERBOSITY verbose\n");
    for (int i = 0; i < statements.size(); i++) {
      script.append("\\echo @@stmt-").append(i).append("@@\n");
      script.append(statements.get(i)).append("\n;\n");
    }
    script.append("\\echo @@stmt-end@@\n");
    List<String> before = f.ledgerSnapshot();
    String output = runPsql(f.proxyPort(), script.toString());
    boolean changed = !before.equals(f.ledgerSnapshot());
    List<Outcome> out = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      int from = output.indexOf("@@stmt-" + i + "@@");
      int to =
          output.indexOf(i + 1 < statements.size() ? "@@stmt-" + (i + 1) + "@@" : "@@stmt-end@@");
      String segment =
          from < 0 ? output : output.substring(from, to < 0 ? output.length() : Math.max(from, to));
      Matcher m = ERROR_STATE.matcher(segment);
      String state = m.find() ? m.group(1) : segment.contains("ERROR:") ? "?????" : null;
      if (from < 0 || to < 0) {
        state = Objects.requireNonNullElse(state, "PSQL?");
        segment = segment + "\n[psql output without markers: " + output + "]";
      }
      boolean released = segment.contains(Response.RELEASE_MARKER);
      out.add(new Outcome(new Response(statements.get(i), state, segment, released), changed));
    }
    return out;
  }

  /** Runs psql against the proxy with stdout and stderr merged, in order. */
  static String runPsql(int port, String script) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
            "stdbuf",
            "-o0",
            "-e0",
            Psql.binary(),
            "-X",
            "-v",
            "ON_ERROR_STOP=0",
            "-h",
            "localhost",
            "-p",
            Integer.toString(port),
            "-U",
            BoundaryFixture.ANALYST,
            "-d",
            BoundarySchema.DATABASE);
    pb.environment().put("PGPASSWORD", BoundaryFixture.ANALYST_PASSWORD);
    pb.environment().put("PGCONNECT_TIMEOUT", "20");
    pb.environment().put("PAGER", "cat");
    pb.environment().put("LC_ALL", "C.UTF-8");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    var output =
        java.util.concurrent.CompletableFuture.supplyAsync(
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
      throw new IllegalStateException("psql did not finish within 120 s; script:\n" + script);
    }
    return output.get();
  }
}
