package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Server-side cursors through real clients: SQL cursors (DECLARE/FETCH/MOVE/CLOSE) from pgJDBC,
 * psql and psycopg2's named cursors, and extended-protocol portals with row limits (pgJDBC's fetch
 * size). Each DP cursor walks the released table: the ledger is charged once, at DECLARE or the
 * portal's first Execute, and FETCH past the end returns no rows.
 */
class ProxyCursorIT {
  private static final String BY_REGION =
      "SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY region";
  private static final List<String> REGIONS = List.of("E", "N", "S", "W");

  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(10_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  private static long queries(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW dp.budget")) {
      assertTrue(rs.next());
      return rs.getLong("queries");
    }
  }

  private static List<String> fetch(Statement s, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void sqlCursor_pgJdbc_chargedOnceAtDeclare_fetchPastEndIsEmpty() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      long before = queries(c);
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        assertFalse(s.execute("DECLARE \"c\" NO SCROLL CURSOR WITHOUT HOLD FOR " + BY_REGION));
        assertNotNull(s.getWarnings(), "the cost NOTICE arrives with DECLARE");
        List<String> rows = new ArrayList<>(fetch(s, "FETCH FORWARD 2 FROM \"c\""));
        assertEquals(2, rows.size());
        assertEquals(1, s.executeUpdate("MOVE NEXT IN c"));
        rows.addAll(fetch(s, "FETCH ALL FROM c"));
        assertEquals(List.of("E", "N", "W"), rows, "MOVE skipped S");
        assertEquals(List.of(), fetch(s, "FETCH NEXT FROM c"));
        assertEquals(List.of(), fetch(s, "FETCH 100 FROM c"));
        SQLException back = assertThrows(SQLException.class, () -> fetch(s, "FETCH PRIOR FROM c"));
        assertEquals("55000", back.getSQLState(), back.getMessage());
      }
      c.rollback();
      c.setAutoCommit(true);
      assertEquals(before + 1, queries(c), "one release, at DECLARE");
      try (Statement s = c.createStatement()) {
        SQLException gone = assertThrows(SQLException.class, () -> fetch(s, "FETCH c"));
        assertEquals("34000", gone.getSQLState(), "WITHOUT HOLD closed at the end of the block");
      }
      assertEquals(before + 1, queries(c), "failed FETCHes cost nothing");
    }
  }

  @Test
  void holdCursor_scrollsBothWays_andCloses() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement()) {
      long before = queries(c);
      s.execute("DECLARE h SCROLL CURSOR WITH HOLD FOR " + BY_REGION);
      assertEquals(REGIONS, fetch(s, "FETCH ALL IN h"));
      assertEquals(List.of("W", "S"), fetch(s, "FETCH BACKWARD 2 FROM h"));
      assertEquals(List.of("E"), fetch(s, "FETCH FIRST FROM h"));
      assertEquals(List.of("W"), fetch(s, "FETCH ABSOLUTE -1 FROM h"));
      s.execute("CLOSE h");
      assertEquals(
          "34000", assertThrows(SQLException.class, () -> s.execute("CLOSE h")).getSQLState());
      assertEquals(before + 1, queries(c));
    }
  }

  @Test
  void portalRowLimits_pgJdbcFetchSize_chargedOnce() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      long before = queries(c);
      c.setAutoCommit(false);
      List<String> regions = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement(BY_REGION)) {
        ps.setFetchSize(1); // Execute with max rows 1, PortalSuspended, Execute, ...
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            regions.add(rs.getString(1));
            assertTrue(rs.getLong(2) > 0, "noisy count of a region with ~250 people");
          }
        }
        assertNotNull(ps.getWarnings(), "the cost NOTICE arrives with the first Execute");
      }
      c.commit();
      c.setAutoCommit(true);
      assertEquals(REGIONS, regions);
      assertEquals(before + 1, queries(c), "one release for the whole portal");
    }
  }

  @Test
  void catalogCursor_andRefusals() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement()) {
      long before = queries(c);
      s.execute(
          "DECLARE k CURSOR FOR SELECT relname FROM pg_catalog.pg_class"
              + " WHERE relname IN ('employees', 'departments') ORDER BY relname");
      assertEquals(List.of("departments"), fetch(s, "FETCH 1 FROM k"));
      assertEquals(List.of("employees"), fetch(s, "FETCH 1 FROM k"));
      assertEquals(List.of(), fetch(s, "FETCH 1 FROM k"));
      s.execute("CLOSE ALL");
      SQLException notQuery =
          assertThrows(SQLException.class, () -> s.execute("DECLARE x CURSOR FOR SHOW dp.budget"));
      assertEquals("42601", notQuery.getSQLState());
      SQLException binary =
          assertThrows(
              SQLException.class, () -> s.execute("DECLARE b BINARY CURSOR FOR " + BY_REGION));
      assertEquals("0A000", binary.getSQLState());
      assertEquals(before, queries(c), "catalog cursors and refusals spend nothing");
    }
  }

  @Test
  void psql_declareFetchClose() throws Exception {
    Psql.Result r =
        fixture.psql(
            "BEGIN;\nDECLARE c CURSOR FOR "
                + BY_REGION
                + ";\nFETCH 3 FROM c;\nFETCH 3 FROM c;\nFETCH 3 FROM c;\nCLOSE c;\nCOMMIT;\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.out().contains("DECLARE CURSOR"), r.all());
    assertTrue(r.out().contains("(3 rows)"), r.all());
    assertTrue(r.out().contains("(1 row)"), r.all());
    assertTrue(r.out().contains("(0 rows)"), r.all());
    assertTrue(r.out().contains("CLOSE CURSOR"), r.all());
    assertFalse(r.all().contains("ERROR"), r.all());
  }

  @Test
  void psycopg2_namedCursor_andItersize() throws Exception {
    Path script = Files.createTempFile("dpjdbc-psycopg2", ".py");
    try (InputStream in = getClass().getResourceAsStream("/clients/psycopg2_named_cursor.py")) {
      Files.write(script, in.readAllBytes());
    }
    try {
      int exit = 3;
      String out = "";
      // Debian's python3-psycopg2 serves /usr/bin/python3, which a pyenv python3 may shadow
      for (String python : List.of("python3", "/usr/bin/python3")) {
        Process p =
            new ProcessBuilder(
                    python,
                    script.toString(),
                    Integer.toString(fixture.port()),
                    ProxyFixture.ANALYST,
                    ProxyFixture.PASSWORD)
                .redirectErrorStream(true)
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "psycopg2 script timed out");
        out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        exit = p.exitValue();
        if (exit != 3) {
          break;
        }
      }
      Assumptions.assumeTrue(
          exit != 3,
          "python3-psycopg2 is not installed (apt-get install -y python3-psycopg2): skipped");
      assertEquals(0, exit, out);
      Map<String, String> lines = new HashMap<>();
      for (String line : out.split("\n")) {
        String[] kv = line.strip().split(" ", 2);
        lines.put(kv[0], kv.length > 1 ? kv[1] : "");
      }
      assertEquals("3", lines.get("page1"), out);
      assertEquals("1", lines.get("page2"), out);
      assertEquals("0", lines.get("page3"), out);
      assertEquals(String.join(",", REGIONS), lines.get("regions"), out);
      assertEquals(String.join(",", REGIONS), lines.get("streamed"), out);
      assertEquals(
          Long.parseLong(lines.get("queries_before")) + 2,
          Long.parseLong(lines.get("queries_after")),
          "two named cursors, one release each: " + out);
    } finally {
      Files.deleteIfExists(script);
    }
  }
}
