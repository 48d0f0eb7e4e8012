package dev.dpjdbc.it.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Separation proven on its own (issue 7, layer 1): with the test-only switch {@code
 * dp.testing.passAllToCatalog=true} the driver passes every statement, unchecked, to the catalog
 * role. No dpjdbc check runs; PostgreSQL's privileges are the only thing left, and they must still
 * stop every read of user data with its permission error (SQLState 42501), and every attack of the
 * table must leak no row value.
 *
 * <p>What separation does not hide, and so only the pass-through check (layer 2) stops: PostgreSQL
 * shows planner and collector statistics (pg_class.reltuples/relpages, pg_stat_*) to every role
 * ({@link #catalogRole_seesRowCountStatistics_onlyThePassThroughCheckStopsThem}), and all analysts'
 * catalog sessions share the catalog role, so a pooled catalog connection shows the statements
 * another analyst prepared on it ({@code pg_prepared_statements}). The attack table here is
 * therefore scanned for row values and the exact sum only; {@code BoundaryAttackIT} checks the rest
 * with every layer on.
 */
class SeparationIT {
  static BoundaryFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = BoundaryFixture.get();
  }

  static Stream<String> rawReads() {
    return Stream.of(
        "SELECT * FROM people",
        "TABLE people",
        "SELECT salary FROM people WHERE salary > 7000000",
        "SELECT count(*) FROM people",
        "SELECT sum(salary) FROM people",
        "COPY people TO STDOUT",
        "COPY (SELECT name, salary FROM people) TO STDOUT",
        "SELECT * FROM people_names",
        "SELECT payroll_total()",
        "SELECT last_value FROM people_id_seq",
        "SELECT pg_sequence_last_value('people_id_seq')",
        "SELECT query_to_xml('select * from people', true, true, '')",
        "SELECT table_to_xml('people', true, false, '')",
        "SELECT * FROM ts_stat('SELECT to_tsvector(name) FROM people')",
        "WITH pg_class AS (SELECT * FROM people) SELECT * FROM pg_class",
        "SELECT relname FROM pg_class --x\rUNION ALL SELECT name FROM people",
        "SELECT (p).salary FROM people p",
        "UPDATE people SET salary = 0 WHERE salary > 7000000",
        "DELETE FROM people WHERE salary > 7000000",
        "INSERT INTO departments VALUES ('X', 'x')",
        "SELECT nextval('people_id_seq')",
        "SELECT pg_read_file('PG_VERSION')",
        "COPY people TO PROGRAM 'id'");
  }

  @ParameterizedTest
  @MethodSource("rawReads")
  void passAllToCatalog_rawRead_failsWithPostgresPermissionError(String sql) throws Exception {
    List<String> before = f.dataSnapshot();
    Response r;
    try (Connection c = f.driverPassAll("separation");
        Statement s = c.createStatement()) {
      r = Response.ofJdbc(s, sql);
    }
    Invariants.noLeak(Door.DRIVER, r);
    if (WRITE.matcher(sql).lookingAt()) {
      // the pass-through transaction is READ ONLY, which stops writes first;
      // catalogRole_cannotWrite shows the privileges stop them too
      assertTrue(List.of("42501", "25006").contains(r.sqlState()), Invariants.show(r));
    } else {
      assertEquals("42501", r.sqlState(), Invariants.show(r));
      assertTrue(
          r.text().contains("permission denied") || r.text().contains("must be superuser"),
          "PostgreSQL's own permission error, not a dpjdbc refusal: " + Invariants.show(r));
    }
    assertEquals(before, f.dataSnapshot());
  }

  private static final java.util.regex.Pattern WRITE =
      java.util.regex.Pattern.compile("(?i)(UPDATE|DELETE|INSERT)\\b");

  /** The bare catalog role, outside any read-only transaction, cannot write user tables. */
  @ParameterizedTest
  @MethodSource("rawReads")
  void catalogRole_rawReadOrWrite_failsWithPermissionError(String sql) throws Exception {
    List<String> before = f.dataSnapshot();
    try (Connection c = f.catalogRole();
        Statement s = c.createStatement()) {
      Response r = Response.ofJdbc(s, sql);
      Invariants.noLeak(Door.DRIVER, r);
      assertEquals("42501", r.sqlState(), Invariants.show(r));
    }
    assertEquals(before, f.dataSnapshot());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.dpjdbc.it.boundary.Attacks#all")
  void passAllToCatalog_attack_leaksNoRowValue(Attack attack) throws Exception {
    List<String> before = f.dataSnapshot();
    try (Connection c = f.driverPassAll("separation")) {
      for (String sql : attack.statements()) {
        try (Statement s = c.createStatement()) {
          Response r = Response.ofJdbc(s, sql);
          Optional<String> leak = Canary.findIn(r.text(), r.released(), false);
          if (leak.isPresent()) {
            fail("catalog role alone LEAK of " + leak.get() + ": " + Invariants.show(r));
          }
        }
      }
    }
    assertEquals(before, f.dataSnapshot(), "the database changed: " + attack);
  }

  /**
   * The premise of the limit stated above: the bare catalog role (no dpjdbc) reads the exact row
   * count from statistics, while it cannot read a row.
   */
  @Test
  void catalogRole_seesRowCountStatistics_onlyThePassThroughCheckStopsThem() throws Exception {
    try (Connection c = f.catalogRole();
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("SELECT reltuples::bigint FROM pg_class WHERE relname = 'people'")) {
        assertTrue(rs.next());
        assertEquals(Canary.ROWS, rs.getLong(1), "VACUUM left the exact count in reltuples");
      }
      Response denied = Response.ofJdbc(s, "SELECT count(*) FROM people");
      assertEquals("42501", denied.sqlState(), Invariants.show(denied));
      assertFalse(denied.leak().isPresent());
    }
  }
}
