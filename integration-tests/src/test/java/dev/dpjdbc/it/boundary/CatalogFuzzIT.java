package dev.dpjdbc.it.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The grammar-based fuzzer of issue 7: real catalog SQL (psql's and pgJDBC's captures from the
 * analyzer's test resources, DBeaver's and Metabase's kinds of catalog queries in {@code
 * boundary/seeds}, and the attack table) mutated by {@link Mutator} and run through the {@code
 * jdbc:dp:} driver door (data role + catalog role) on several connections in parallel. Identical
 * mutants are run once. Every response (rows, warnings, errors) must be free of canary values and,
 * unless it is a noisy release, of the exact count and sum ({@link Canary}); the database must not
 * change; the ledger may only grow by what was released or failed during a charged execution.
 *
 * <p>Bounds: at least {@code fuzz.statements} distinct mutants (default 100,000) within {@code
 * fuzz.seconds} (default 270), on {@code fuzz.threads} driver connections (default 4). A shortfall
 * in the count is reported as a skipped assumption (the rate depends on the machine), never as a
 * pass; the leak, change and charge checks come first and fail the test. Measured: 466-539
 * mutants/s on the shared 2-core development machine at load average 5-8. Randomness is fresh each
 * run (SecureRandom); the seed is printed and {@code -Dfuzz.seed=<n>} replays a run's mutant
 * stream. The measured rate is printed with the outcome summary and recorded in docs/security.md.
 */
class CatalogFuzzIT {

  private static final int THREADS = Integer.getInteger("fuzz.threads", 4);

  private static final java.util.regex.Pattern OPENS_TRANSACTION =
      java.util.regex.Pattern.compile("(?i)\\b(BEGIN|START\\s+TRANSACTION|DECLARE)\\b");

  @Test
  void mutatedCatalogSql_neverAnswersWithCanaryValues() throws Exception {
    BoundaryFixture f = BoundaryFixture.get();
    long target = Long.getLong("fuzz.statements", 100_000);
    long seconds = Long.getLong("fuzz.seconds", 270);
    long seed = Long.getLong("fuzz.seed", new SecureRandom().nextLong());
    List<String> seeds = seeds();
    System.out.printf(
        "CatalogFuzzIT: seed %d (replay with -Dfuzz.seed=%d), %d seed statements%n",
        seed, seed, seeds.size());

    List<String> dataBefore = f.dataSnapshot();
    List<String> tablesBefore = f.tablesSnapshot();
    long chargesBefore = charges(f);

    Set<Long> seen = ConcurrentHashMap.newKeySet();
    AtomicLong executed = new AtomicLong();
    AtomicLong duplicates = new AtomicLong();
    AtomicLong released = new AtomicLong();
    AtomicLong chargeableFailures = new AtomicLong();
    Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
    Map<String, AtomicLong> millis = new ConcurrentHashMap<>();
    List<String> leaks = Collections.synchronizedList(new ArrayList<>());
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    long started = System.nanoTime();

    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<?>> workers = new ArrayList<>();
    for (int w = 0; w < THREADS; w++) {
      Mutator mutator = new Mutator(new SplittableRandom(seed + w), seeds);
      String analyst = "fuzz-" + w;
      workers.add(
          pool.submit(
              () -> {
                Connection c = null;
                try {
                  while (executed.get() < target && System.nanoTime() < deadline) {
                    String sql = mutator.next();
                    if (!seen.add(hash64(sql))) {
                      duplicates.incrementAndGet();
                      continue;
                    }
                    if (c == null || c.isClosed()) {
                      c = f.driver(analyst);
                    }
                    Response r;
                    long t0 = System.nanoTime();
                    try (Statement s = c.createStatement()) {
                      s.setQueryTimeout(3);
                      r = Response.ofJdbc(s, sql);
                    } catch (OutOfMemoryError e) {
                      // the door materialised an unbounded answer: a finding, not a crash
                      leaks.add(
                          "OutOfMemoryError (unbounded answer) for " + Invariants.visible(sql));
                      c.close();
                      c = null;
                      continue;
                    }
                    executed.incrementAndGet();
                    outcomes.computeIfAbsent(outcome(r), k -> new AtomicLong()).incrementAndGet();
                    millis
                        .computeIfAbsent(outcome(r), k -> new AtomicLong())
                        .addAndGet((System.nanoTime() - t0) / 1_000_000);
                    if (r.released()) {
                      released.incrementAndGet();
                    } else if (r.refused() && chargeable(r.sqlState())) {
                      chargeableFailures.incrementAndGet();
                    }
                    r.leak()
                        .ifPresent(
                            l ->
                                leaks.add(
                                    l
                                        + " in answer to "
                                        + Invariants.visible(sql)
                                        + "\n"
                                        + r.text().substring(0, Math.min(600, r.text().length()))));
                    if (r.refused() && !isValid(c)) {
                      c.close();
                    } else if ("25P02".equals(r.sqlState())
                        || OPENS_TRANSACTION.matcher(sql).find()) {
                      try (Statement s = c.createStatement()) {
                        s.execute("ROLLBACK"); // a mutant opened a transaction block; end it
                      } catch (SQLException ignored) {
                        // refused or not in a transaction: nothing to end
                      }
                    }
                  }
                } finally {
                  if (c != null) {
                    c.close();
                  }
                }
                return null;
              }));
    }
    for (Future<?> w : workers) {
      w.get();
    }
    pool.shutdown();
    double secs = (System.nanoTime() - started) / 1e9;
    long n = executed.get();
    System.out.printf(
        "CatalogFuzzIT: %d distinct mutants in %.1f s (%.0f/s on %d connections), %d duplicates"
            + " skipped, %d released, outcomes %s%n",
        n, secs, n / secs, THREADS, duplicates.get(), released.get(), new TreeMap<>(outcomes));
    System.out.printf("CatalogFuzzIT: milliseconds spent per outcome %s%n", new TreeMap<>(millis));

    assertTrue(leaks.isEmpty(), leaks.size() + " leaks, first ones:\n" + firstOf(leaks, 5));
    assertEquals(dataBefore, f.dataSnapshot(), "the database changed during the fuzz run");
    assertEquals(tablesBefore, f.tablesSnapshot(), "the data tables changed during the fuzz run");
    long charged = charges(f) - chargesBefore;
    assertTrue(
        charged <= released.get() + chargeableFailures.get(),
        charged
            + " charges for "
            + released.get()
            + " releases and "
            + chargeableFailures.get()
            + " failed executions: refusals were charged");
    if (n < target) {
      String shortfall =
          "only "
              + n
              + " of "
              + target
              + " mutants ran within "
              + seconds
              + " s ("
              + Math.round(n / secs)
              + "/s)";
      double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      int cores = Runtime.getRuntime().availableProcessors();
      // every leak, change and charge above was checked; only the rate is in question, and it
      // depends on the machine: reported as a skipped assumption, never a false failure
      Assumptions.assumeTrue(
          false,
          shortfall
              + " (load average "
              + load
              + " on "
              + cores
              + " cores): the rate target was not reached on this machine");
    }
  }

  /** Failures during an admitted execution are charged by design (never refunded). */
  private static boolean chargeable(String state) {
    return Stream.of("22", "23", "40", "53", "57", "58", "XX").anyMatch(state::startsWith);
  }

  private static String outcome(Response r) {
    if (!r.refused()) {
      return r.released() ? "answered-noisy" : "answered-passthrough";
    }
    String who = r.text().contains("] backend:") ? "postgres" : "dpjdbc";
    return "refused-" + who + "-" + r.sqlState();
  }

  private static boolean isValid(Connection c) {
    try {
      return c.isValid(5);
    } catch (SQLException e) {
      return false;
    }
  }

  private static long charges(BoundaryFixture f) throws SQLException {
    return Long.parseLong(f.ledgerSnapshot().get(0).split(":")[0]);
  }

  /** FNV-1a over the UTF-16 units: duplicates are skipped by this 64-bit hash. */
  private static long hash64(String s) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < s.length(); i++) {
      h ^= s.charAt(i);
      h *= 0x100000001b3L;
    }
    return h ^ s.length();
  }

  private static String firstOf(List<String> l, int k) {
    synchronized (l) {
      return String.join("\n\n", l.subList(0, Math.min(k, l.size())));
    }
  }

  /** The seed corpus: psql/pgJDBC captures, DBeaver/Metabase kinds, and the attack table. */
  static List<String> seeds() throws IOException {
    List<String> out = new ArrayList<>();
    Path captures =
        Path.of(System.getProperty("basedir", "."))
            .resolve("../sensitivity-analyzer/src/test/resources/catalog")
            .normalize();
    try (Stream<Path> files = Files.list(captures)) {
      for (Path p : files.filter(x -> x.toString().endsWith(".sql")).sorted().toList()) {
        out.addAll(blocks(Files.readString(p)));
      }
    }
    for (String r : List.of("/boundary/seeds/dbeaver.sql", "/boundary/seeds/metabase.sql")) {
      try (InputStream in = CatalogFuzzIT.class.getResourceAsStream(r)) {
        out.addAll(blocks(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
      }
    }
    int captured = out.size();
    assertTrue(captured >= 30, "seed corpus too small: " + captured);
    for (Attack a : Attacks.all()) {
      out.addAll(a.statements());
    }
    return out;
  }

  private static List<String> blocks(String file) {
    List<String> out = new ArrayList<>();
    for (String b : file.split("\n-- @@\n")) {
      boolean code = b.lines().anyMatch(l -> !l.isBlank() && !l.stripLeading().startsWith("--"));
      if (code) {
        out.add(b.strip());
      }
    }
    return out;
  }
}
