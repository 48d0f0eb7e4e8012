package dev.dpjdbc.it.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The attack suite of issue 7: every attack class ({@link Attacks}) through every door ({@link
 * Door}: the driver, and the proxy with pgJDBC, psql and raw v3 messages), on the least-privileged
 * pair of roles over a database holding a canary person ({@link BoundaryFixture}). Every response
 * is scanned for canary values and the exact count and sum; a refused statement must leave the
 * ledger unchanged; the database must not change ({@link Invariants}).
 */
class BoundaryAttackIT {
  static BoundaryFixture f;
  static List<String> tablesBefore;

  @BeforeAll
  static void start() throws Exception {
    f = BoundaryFixture.get();
    tablesBefore = f.tablesSnapshot();
  }

  @AfterAll
  static void tablesUnchanged() throws Exception {
    if (f == null) {
      return;
    }
    assertEquals(tablesBefore, f.tablesSnapshot(), "the data tables changed");
  }

  static Stream<Arguments> doorsAndAttacks() {
    List<Arguments> out = new ArrayList<>();
    for (Door door : Door.values()) {
      for (Attack a : Attacks.all()) {
        out.add(Arguments.of(door, a));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("doorsAndAttacks")
  void attack_leaksNothing_refusalIsFree_databaseUnchanged(Door door, Attack attack)
      throws Exception {
    List<String> before = f.dataSnapshot();
    List<Door.Outcome> outcomes = door.run(f, attack.statements());
    Invariants.check(door, attack, outcomes, before, f.dataSnapshot());
  }

  /**
   * The power of the ledger check: a noisy aggregate through each door is charged, so "a refused
   * statement left the ledger unchanged" is not vacuous.
   */
  @ParameterizedTest
  @EnumSource(Door.class)
  void noisyAnswer_isCharged_soTheLedgerProbeWorks(Door door) throws Exception {
    List<Door.Outcome> o =
        door.run(f, List.of("SELECT region, COUNT(*) FROM people GROUP BY region"));
    Response r = o.get(0).response();
    assertNull(r.sqlState(), door + ": " + Invariants.show(r));
    assertTrue(r.released(), door + ": no cost notice: " + Invariants.show(r));
    assertTrue(o.get(0).ledgerChanged(), door + ": the release was not charged");
    Invariants.noLeak(door, r);
  }

  /** The power of the scan: what the superuser and the bare catalog role read is caught. */
  @Test
  void canaryScan_findsTheCanary_inDirectReads() throws Exception {
    try (Connection c = f.superuserData();
        Statement s = c.createStatement()) {
      for (String sql :
          List.of(
              "SELECT name FROM people WHERE salary > 7000000",
              "SELECT encode(convert_to(name, 'UTF8'), 'hex') FROM people WHERE salary > 7000000",
              "SELECT salary::float8 FROM people WHERE salary > 7000000",
              "SELECT count(*) FROM people",
              "SELECT sum(salary) FROM people")) {
        assertTrue(Response.ofJdbc(s, sql).leak().isPresent(), sql);
      }
    }
  }

  /**
   * Other analysts' query texts: eve runs a catalog query carrying her own text six times (enough
   * for pgJDBC to prepare it on the server, on a pooled catalog connection) and leaves; mallory
   * then reads pg_stat_activity, pg_prepared_statements and the backend-activity functions.
   */
  @ParameterizedTest
  @EnumSource(Door.class)
  void otherAnalystsQueryTexts_areNotVisible(Door door) throws Exception {
    String eveQuery =
        "SELECT relname FROM pg_catalog.pg_class WHERE relname = '"
            + Canary.OTHER_ANALYST_TEXT
            + "'";
    try (Connection eve =
            door == Door.DRIVER
                ? f.driver("eve-driver")
                : f.pgjdbc(BoundaryFixture.OTHER_ANALYST, BoundaryFixture.OTHER_PASSWORD);
        Statement s = eve.createStatement()) {
      for (int i = 0; i < 6; i++) {
        try (var p = eve.prepareStatement(eveQuery)) {
          p.execute();
        } catch (java.sql.SQLException e) {
          // refused or not, the text was sent; what matters is whether mallory can read it
        }
      }
      List<String> reads =
          Attacks.all().stream()
              .filter(a -> a.kind() == Attack.Kind.QUERY_TEXTS)
              .map(Attack::last)
              .toList();
      for (String sql : reads) {
        for (Door.Outcome o : door.run(f, List.of(sql))) {
          Invariants.noLeak(door, o.response());
        }
      }
    }
  }

  /**
   * psql's describe commands with sizes still work (sizes are NULL), and show no statistics: the
   * Size column of {@code people} is empty.
   */
  @Test
  void psqlDescribeWithSizes_worksWithoutSizes() throws Exception {
    String out = Door.runPsql(f.proxyPort(), "\\dt+\n\\di+\n\\l+\n\\d+ people\n\\dn+\n");
    Invariants.noLeak(Door.PSQL, new Response("\\dt+ \\di+ \\l+ \\d+ people", null, out, false));
    assertFalse(out.contains("ERROR"), out);
    assertTrue(out.contains("people"), out);
    Pattern size = Pattern.compile("(?m)^.*\\bpeople\\b.*\\b\\d+ (bytes|kB|MB|GB)\\b.*$");
    assertFalse(size.matcher(out).find(), "a size of people is shown:\n" + out);
  }

  /**
   * Parse with one text, Describe it, then Bind/Execute it: the text that runs is the text that was
   * checked, whatever its line endings.
   */
  @ParameterizedTest
  @MethodSource("parseTexts")
  void rawParseDescribeThenExecute_leaksNothing(String sql) throws Exception {
    List<String> before = f.dataSnapshot();
    try (RawPgClient c =
        RawPgClient.connect(
            f.proxyPort(),
            BoundaryFixture.ANALYST,
            BoundaryFixture.ANALYST_PASSWORD,
            BoundarySchema.DATABASE)) {
      RawPgClient.Exchange parsed = c.parseAndDescribe("s1", sql);
      Invariants.noLeak(
          Door.RAW_EXTENDED, new Response(sql, parsed.sqlState(), parsed.text(), false));
      RawPgClient.Exchange run = c.bindAndExecute("s1");
      Response r = new Response(sql, run.sqlState(), run.text(), run.notifiedRelease());
      Invariants.noLeak(Door.RAW_EXTENDED, r);
      if (sql.contains("c(a, b, c3")) { // "relname" names relpages: answered, as NULL
        assertEquals(null, run.sqlState(), Invariants.show(r));
        assertTrue(run.text().contains("0001ffffffff"), "not NULL: " + Invariants.show(r));
      } else {
        assertNotNull(
            parsed.sqlState() != null ? parsed.sqlState() : run.sqlState(),
            "answered: " + Invariants.show(r));
      }
    }
    assertEquals(before, f.dataSnapshot());
  }

  static Stream<String> parseTexts() {
    return Stream.of(
        "SELECT relname FROM pg_class --x\rUNION ALL SELECT name FROM people",
        "SELECT relname FROM pg_class --x\r\nUNION ALL SELECT email FROM people",
        "SELECT relname FROM pg_catalog.pg_class AS c(a, b, c3, d, e, f, g, h, i, j, relname)"
            + " WHERE b = 'people'",
        "WITH pg_class AS (SELECT name AS relname FROM people) SELECT relname FROM pg_class",
        "SELECT /* /* */ relname FROM pg_class */ name FROM people");
  }
}
