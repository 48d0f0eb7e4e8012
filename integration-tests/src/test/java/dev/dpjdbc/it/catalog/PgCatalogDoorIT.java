package dev.dpjdbc.it.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The catalog door on a real PostgreSQL with the two least-privileged roles: psql's and pgJDBC's
 * catalog SQL passes (checked by PostgreSQL's own parse, run as PostgreSQL's text of it, on the
 * catalog role), statistics are NULL whatever they are called (histograms, activity and data are
 * refused), and the test-only switch that passes everything through unchecked still cannot read a
 * row (PostgreSQL's privileges).
 */
class PgCatalogDoorIT {
  private static CatalogRolesFixture fx;

  @BeforeAll
  static void start() throws Exception {
    fx = CatalogRolesFixture.start();
  }

  @AfterAll
  static void stop() throws Exception {
    fx.close();
  }

  static Stream<String> clientCatalogSql() throws Exception {
    List<String> out = new ArrayList<>();
    for (String file : List.of("psql15-describe.sql", "pgjdbc-metadata.sql")) {
      String text =
          Files.readString(
              Path.of("../sensitivity-analyzer/src/test/resources/catalog/").resolve(file));
      for (String part : text.split("-- @@")) {
        String sql = part.strip();
        if (!sql.isEmpty()) {
          out.add(sql.replace("employees", "staff"));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("clientCatalogSql")
  void clientCatalogSql_passesOnTheCatalogRole(String sql) throws Exception {
    try (Connection c = fx.driver("psql-user", false);
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            String v = rs.getString(i);
            assertFalse(
                v != null && (v.contains(CatalogRolesFixture.CANARY_NAME) || v.contains("7391737")),
                v);
          }
        }
      }
    }
  }

  @Test
  void psqlDtPlus_answersSizesAsNull() throws Exception {
    String sql =
        "SELECT n.nspname as \"Schema\", c.relname as \"Name\","
            + " pg_catalog.pg_size_pretty(pg_catalog.pg_table_size(c.oid)) as \"Size\""
            + " FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_namespace n"
            + " ON n.oid = c.relnamespace WHERE c.relkind IN ('r','p','') AND n.nspname = 'public'"
            + " ORDER BY 1,2;";
    try (Connection c = fx.driver("psql-user", false);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertEquals("Schema", rs.getMetaData().getColumnLabel(1));
      assertEquals("Size", rs.getMetaData().getColumnLabel(3));
      assertTrue(rs.next());
      assertEquals("staff", rs.getString("Name"));
      assertNull(rs.getString("Size"));
    }
  }

  /**
   * Statistics whatever they are called: answered, with every statistics value NULL. Each statement
   * returns one column to check, and PostgreSQL holds a non-zero value for it ({@link
   * #statistics_areRealInPostgres}).
   */
  static Stream<String> statisticsAnsweredAsNull() {
    return Stream.of(
        "SELECT reltuples FROM pg_class WHERE relname = 'staff'",
        "SELECT \"reltuples\" FROM pg_catalog.pg_class WHERE relname = 'staff'",
        "SELECT relpages FROM pg_class c WHERE c.relname = 'staff'",
        "SELECT c.relname FROM pg_class c(oid, relname2, relnamespace, reltype, reloftype,"
            + " relowner, relam, relfilenode, reltablespace, relpages, relname)"
            + " WHERE relname2 = 'staff'",
        "SELECT x FROM (SELECT c.relpages AS x, relname FROM pg_class c) s WHERE relname = 'staff'",
        "SELECT to_json(c)->>'reltuples' FROM pg_class c WHERE relname = 'staff'",
        "SELECT (c).reltuples FROM pg_class c WHERE relname = 'staff'",
        "WITH t AS (SELECT * FROM pg_class) SELECT reltuples FROM t WHERE relname = 'staff'",
        "SELECT c.reltuples FROM pg_catalog.pg_class c JOIN pg_namespace n"
            + " ON n.oid = c.relnamespace WHERE c.relname = 'staff'",
        "SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'staff'",
        "SELECT n_tup_ins FROM pg_stat_all_tables WHERE relname = 'staff'",
        "SELECT (s).n_live_tup FROM pg_stat_user_tables s WHERE relname = 'staff'",
        "SELECT heap_blks_hit FROM pg_statio_user_tables WHERE relname = 'staff'",
        "SELECT idx_scan FROM pg_stat_user_indexes WHERE relname = 'staff'",
        "SELECT last_analyze::text FROM pg_stat_user_tables WHERE relname = 'staff'",
        "SELECT pg_stat_get_live_tuples('staff'::regclass)",
        "SELECT pg_catalog.pg_stat_get_last_analyze_time(c.oid) FROM pg_class c"
            + " WHERE c.relname = 'staff'",
        // DBeaver's index query
        "SELECT pg_catalog.pg_stat_get_numscans(i.indexrelid) AS index_num_scans,"
            + " pg_catalog.pg_relation_size(i.indexrelid) AS index_rel_size"
            + " FROM pg_catalog.pg_index i WHERE i.indrelid = 'staff'::regclass");
  }

  @ParameterizedTest
  @MethodSource("statisticsAnsweredAsNull")
  void statistics_areAnsweredAsNull(String sql) throws Exception {
    try (Connection c = fx.driver("stats", false);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), "one row for staff: " + sql);
      assertNull(rs.getObject(1), sql);
      assertFalse(rs.next());
    }
  }

  @Test
  void statistics_areRealInPostgres_soNullMeansMasked() throws Exception {
    try (Connection admin = fx.pg.getPostgresDatabase().getConnection();
        Statement s = admin.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("SELECT reltuples, relpages FROM pg_class WHERE relname = 'staff'")) {
        assertTrue(rs.next());
        assertEquals(201, rs.getInt(1));
        assertTrue(rs.getInt(2) > 0);
      }
      long deadline = System.currentTimeMillis() + 20_000; // the statistics collector is async
      long live = 0;
      while (live == 0 && System.currentTimeMillis() < deadline) {
        try (ResultSet rs =
            s.executeQuery("SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'staff'")) {
          rs.next();
          live = rs.getLong(1);
        }
        Thread.sleep(live == 0 ? 200 : 0);
      }
      assertTrue(live > 0, "PostgreSQL counts live tuples: " + live);
    }
    try (Connection c = fx.driver("stats", false);
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT relid::regclass::text, schemaname, relname, n_live_tup, seq_scan"
                  + " FROM pg_stat_user_tables WHERE relname = 'staff'")) {
        assertTrue(rs.next());
        assertEquals("staff", rs.getString(1));
        assertEquals("public", rs.getString(2));
        assertEquals("staff", rs.getString(3));
        assertNull(rs.getObject(4));
        assertNull(rs.getObject(5));
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT indexrelid::regclass::text, indexrelname, idx_scan"
                  + " FROM pg_stat_user_indexes WHERE relname = 'staff'")) {
        assertTrue(rs.next());
        assertEquals("staff_pkey", rs.getString(2));
        assertNull(rs.getObject(3));
      }
    }
  }

  @Test
  void wholeRowOfPgClass_isAnsweredWithStatisticsNull() throws Exception {
    try (Connection c = fx.driver("dbeaver", false);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select c.oid, c.* from pg_catalog.pg_class c where relname = 'staff'")) {
      assertTrue(rs.next());
      assertEquals("staff", rs.getString("relname"));
      assertEquals("r", rs.getString("relkind"));
      assertTrue(rs.getLong("oid") > 0);
      assertNull(rs.getObject("reltuples"));
      assertNull(rs.getObject("relpages"));
      assertNull(rs.getObject("relallvisible"));
    }
  }

  @Test
  void pgAttributeStar_isAnswered_anyarrayAsText() throws Exception {
    try (Connection c = fx.driver("dbeaver", false);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select a.* from pg_catalog.pg_attribute a where a.attrelid = 'staff'::regclass"
                    + " and a.attnum > 0 order by a.attnum")) {
      assertTrue(rs.next());
      assertEquals("id", rs.getString("attname"));
      assertNull(rs.getObject("attmissingval"));
    }
  }

  static Stream<String> statisticsWhateverTheyAreCalled() {
    return Stream.of(
        "SELECT * FROM pg_stats",
        "SELECT query FROM pg_stat_activity",
        "SELECT pg_stat_get_backend_activity(1)",
        "SELECT * FROM pg_stat_statements",
        "SELECT * FROM pg_statistic",
        "SELECT * FROM pg_statistic_ext_data",
        "SELECT * FROM pg_prepared_statements",
        "SELECT pg_read_file('postgresql.conf')",
        "SELECT set_config('standard_conforming_strings', 'off', false)",
        "SELECT query_to_xml('select reltuples from pg_class', true, true, '')",
        "SELECT last_value FROM pg_sequences",
        "SELECT * FROM staff",
        "TABLE staff",
        "WITH pg_class AS (SELECT * FROM staff) SELECT * FROM pg_class",
        "SELECT (s).salary FROM staff s",
        "SELECT relname FROM pg_class\r-- comment\r, staff",
        "SELECT c.relname, s.salary FROM pg_class c JOIN staff s ON true");
  }

  @ParameterizedTest
  @MethodSource("statisticsWhateverTheyAreCalled")
  void dataAndStatistics_areRefused(String sql) throws Exception {
    try (Connection c = fx.driver("attacker", false);
        Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> drain(s.executeQuery(sql)));
      assertTrue(
          e.getSQLState().startsWith("42") || e.getSQLState().equals("0A000"),
          e.getSQLState() + " " + e.getMessage());
      assertFalse(e.getMessage().contains(CatalogRolesFixture.CANARY_NAME));
    }
  }

  static Stream<String> rawReads() {
    return Stream.of(
        "SELECT * FROM staff",
        "TABLE staff",
        "SELECT salary FROM staff WHERE name = 'CANARY-ZQX-4417'",
        "SELECT COUNT(*) FROM staff",
        "WITH pg_class AS (SELECT * FROM staff) SELECT * FROM pg_class",
        "COPY staff TO STDOUT");
  }

  @ParameterizedTest
  @MethodSource("rawReads")
  void passAllSwitch_privilegesAloneStopRawReads(String sql) throws Exception {
    try (Connection c = fx.driver("switch", true);
        Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> drain(s.executeQuery(sql)));
      assertTrue(
          e.getSQLState().equals("42501") || e.getSQLState().equals("0A000"),
          e.getSQLState() + " " + e.getMessage());
    }
  }

  @Test
  void parameters_areBoundAsTypedLiteralsOfTheCheckedTree() throws Exception {
    try (Connection c = fx.driver("params", false);
        java.sql.PreparedStatement ps =
            c.prepareStatement(
                "SELECT c.relname, c.relnatts + ? AS n FROM pg_catalog.pg_class c"
                    + " WHERE c.relname = ? AND c.relkind = ?")) {
      ps.setInt(1, 1);
      ps.setString(2, "staff");
      ps.setString(3, "r");
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals("staff", rs.getString(1));
        assertEquals("n", rs.getMetaData().getColumnLabel(2));
        assertEquals(4, rs.getInt(2));
        assertFalse(rs.next());
      }
      ps.setString(2, "it's -- not there'; SELECT 1");
      try (ResultSet rs = ps.executeQuery()) {
        assertFalse(rs.next());
      }
    }
  }

  @Test
  void hugeResult_isCappedWith54000() throws Exception {
    try (Connection c = fx.driver("huge", false);
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () -> drain(s.executeQuery("SELECT g FROM generate_series(1, 1000000) g")));
      assertEquals("54000", e.getSQLState(), e.getMessage());
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM staff")) {
        assertTrue(rs.next()); // the session goes on
      }
    }
  }

  @Test
  void hugeResults_doNotStopAConcurrentAnalyst() throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<?> hog =
          pool.submit(
              () -> {
                for (int i = 0; i < 3; i++) {
                  try (Connection c = fx.driver("hog", false);
                      Statement s = c.createStatement()) {
                    assertThrows(
                        SQLException.class,
                        () ->
                            drain(
                                s.executeQuery(
                                    "SELECT g, repeat('x', 200) FROM generate_series(1, 2000000) g")));
                  }
                }
                return null;
              });
      for (int i = 0; i < 20; i++) {
        try (Connection c = fx.driver("quiet", false);
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM staff")) {
          assertTrue(rs.next());
        }
      }
      hog.get(120, java.util.concurrent.TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void terminatedBackends_newSessionsReconnect() throws Exception {
    try (Connection c = fx.driver("restart", false);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM staff")) {
      assertTrue(rs.next());
    }
    try (Connection admin = fx.pg.getPostgresDatabase().getConnection();
        Statement s = admin.createStatement()) {
      s.execute(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
              + " WHERE usename IN ('dp_data', 'dp_catalog')");
    }
    Thread.sleep(600); // past HikariCP's 500 ms window in which a borrowed connection is trusted
    try (Connection c = fx.driver("restart", false);
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM staff")) {
        assertTrue(rs.next());
      }
      try (ResultSet rs = s.executeQuery("SELECT relname FROM pg_class WHERE relname = 'staff'")) {
        assertTrue(rs.next());
      }
    }
  }

  private static void drain(ResultSet rs) throws SQLException {
    try (rs) {
      while (rs.next()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          rs.getObject(i);
        }
      }
    }
  }
}
