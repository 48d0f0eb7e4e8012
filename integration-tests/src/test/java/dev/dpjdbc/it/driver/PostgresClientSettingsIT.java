package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.execute.Table;
import dev.dpjdbc.driver.session.ClientSettingCommand;
import dev.dpjdbc.driver.session.ClientSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The settings allow-list on a real PostgreSQL 14, as a non-superuser login like the catalog role.
 * The oracle is PostgreSQL itself: the same statements run through {@link ClientSettings} on one
 * fresh connection and as plain SQL on another must leave every setting (all of pg_settings, read
 * with current_setting) identical, and change exactly the expected ones. SHOW must answer what
 * PostgreSQL's SHOW answers, column name included. Refused statements change nothing.
 */
class PostgresClientSettingsIT {
  private static final String ROLE = "settings_it";
  private static Backend pg;

  @BeforeAll
  static void start() throws Exception {
    pg = TestBackends.postgres();
    try (Connection c = pg.direct();
        Statement s = c.createStatement()) {
      s.execute(
          "DO $$BEGIN CREATE ROLE "
              + ROLE
              + " LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END$$");
    }
  }

  /** A fresh non-superuser connection (zonky's pg_hba trusts local logins). */
  private static Connection login() throws SQLException {
    return DriverManager.getConnection(pg.jdbcUrl(), ROLE, "");
  }

  /** Every setting's current value, by pg_settings name. */
  private static Map<String, String> settings(Connection c) throws SQLException {
    Map<String, String> out = new HashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, current_setting(name) FROM pg_settings")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }

  /** The settings whose values differ, each with {@code [postgres, dpjdbc]}, for messages. */
  private static Map<String, List<String>> differences(
      Map<String, String> postgres, Map<String, String> dpjdbc) {
    Map<String, List<String>> out = new TreeMap<>();
    for (String name : changed(postgres, dpjdbc)) {
      out.put(name, Arrays.asList(postgres.get(name), dpjdbc.get(name)));
    }
    return out;
  }

  private static Set<String> changed(Map<String, String> before, Map<String, String> after) {
    Set<String> names = new TreeSet<>();
    for (Map.Entry<String, String> e : after.entrySet()) {
      if (!e.getValue().equals(before.get(e.getKey()))) {
        names.add(e.getKey());
      }
    }
    return names;
  }

  private static void viaDpjdbc(Connection c, String sql) throws SQLException {
    ClientSettingCommand command = ClientSettings.parse(sql).orElseThrow();
    assertEquals(null, ClientSettings.run(c, command), sql);
  }

  private static void direct(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  static Stream<Arguments> sameAsPostgres() {
    return Stream.of(
        Arguments.of(List.of("SET application_name = 'it''s'"), Set.of("application_name")),
        Arguments.of(List.of("SET LOCAL application_name = 'x'"), Set.of()),
        Arguments.of(List.of("SET \"TimeZone\" = 'Europe/Paris'"), Set.of("TimeZone")),
        Arguments.of(List.of("SET SESSION TIMEZONE TO 'America/New_York';"), Set.of("TimeZone")),
        Arguments.of(List.of("set time zone utc"), Set.of("TimeZone")),
        Arguments.of(List.of("SET TIME ZONE -7"), Set.of("TimeZone")),
        Arguments.of(List.of("SET TIME ZONE 5.5"), Set.of("TimeZone")),
        Arguments.of(List.of("SET extra_float_digits = 2"), Set.of("extra_float_digits")),
        Arguments.of(List.of("SET extra_float_digits = ' 0x2 '"), Set.of("extra_float_digits")),
        Arguments.of(List.of("SET extra_float_digits = '-010'"), Set.of("extra_float_digits")),
        Arguments.of(List.of("SET datestyle = ISO, DMY"), Set.of("DateStyle")),
        Arguments.of(List.of("SET DATESTYLE TO 'ISO'"), Set.of()),
        Arguments.of(List.of("SET IntervalStyle = 'ISO_8601'"), Set.of("IntervalStyle")),
        Arguments.of(List.of("SET bytea_output = escape"), Set.of("bytea_output")),
        Arguments.of(
            List.of("SET search_path TO 'a,b', \"MySchema\", user_x, '$user'"),
            Set.of("search_path")),
        Arguments.of(List.of("SET search_path = \"time\", int4"), Set.of("search_path")),
        Arguments.of(List.of("SET SESSION search_path TO 'x'"), Set.of("search_path")),
        Arguments.of(List.of("SET SCHEMA 'my schema'"), Set.of("search_path")),
        Arguments.of(List.of("SET search_path = ''"), Set.of("search_path")),
        Arguments.of(
            List.of("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE"),
            Set.of("default_transaction_isolation", "transaction_isolation")),
        Arguments.of(
            List.of("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY, DEFERRABLE"),
            Set.of(
                "default_transaction_read_only",
                "transaction_read_only",
                "default_transaction_deferrable",
                "transaction_deferrable")),
        Arguments.of(
            List.of("SET default_transaction_isolation TO 'repeatable read'"),
            Set.of("default_transaction_isolation", "transaction_isolation")),
        Arguments.of(
            List.of("SET default_transaction_read_only TO 'on'"),
            Set.of("default_transaction_read_only", "transaction_read_only")),
        // accepted no-ops: PostgreSQL's own statement changes nothing here either
        Arguments.of(List.of("SET default_transaction_read_only = off"), Set.of()),
        Arguments.of(List.of("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"), Set.of()),
        Arguments.of(List.of("SET NAMES 'UTF8'"), Set.of()),
        Arguments.of(List.of("SET client_encoding TO 'unicode'"), Set.of()),
        Arguments.of(List.of("SET standard_conforming_strings = on"), Set.of()),
        Arguments.of(List.of("RESET ROLE"), Set.of()),
        Arguments.of(List.of("SET timezone FROM CURRENT"), Set.of()),
        // lexical corners: comments, line endings, continuation, escapes, numbers, truncation
        Arguments.of(List.of("SET --c\rapplication_name = 'cr'"), Set.of("application_name")),
        Arguments.of(
            List.of("SET application_name = 'a'\n-- c\n'b'\r'c'"), Set.of("application_name")),
        Arguments.of(
            List.of("SET application_name = E'\\u00e9\\303\\251\\t'"), Set.of("application_name")),
        Arguments.of(List.of("SET application_name = $t$a$$b$t$"), Set.of("application_name")),
        Arguments.of(List.of("SET application_name = - 2.50"), Set.of("application_name")),
        Arguments.of(List.of("SET application_name = 2147483648"), Set.of("application_name")),
        Arguments.of(List.of("SET application_name = on"), Set.of("application_name")),
        Arguments.of(
            List.of("SET application_name = " + "\u00c9".repeat(40)), Set.of("application_name")),
        // back to the session default
        Arguments.of(List.of("SET timezone = 'Europe/Paris'", "RESET timezone"), Set.of()),
        Arguments.of(List.of("SET TIME ZONE 'Asia/Tokyo'", "SET TIME ZONE LOCAL"), Set.of()),
        Arguments.of(List.of("SET search_path = x", "SET search_path TO DEFAULT"), Set.of()),
        Arguments.of(List.of("SET datestyle = 'ISO, YMD'", "RESET DateStyle"), Set.of()),
        Arguments.of(
            List.of(
                "SET application_name = 'z'",
                "SET extra_float_digits = 1",
                "SET bytea_output = escape",
                "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE",
                "RESET ALL"),
            Set.of()));
  }

  @ParameterizedTest
  @MethodSource("sameAsPostgres")
  void run_leavesTheSettingsPostgresOwnStatementLeaves(List<String> sql, Set<String> expected)
      throws SQLException {
    try (Connection ours = login();
        Connection theirs = login()) {
      Map<String, String> before = settings(ours);
      assertEquals(Map.of(), differences(settings(theirs), before), "fresh sessions start alike");
      for (String statement : sql) {
        viaDpjdbc(ours, statement);
        direct(theirs, statement);
      }
      Map<String, String> after = settings(ours);
      assertEquals(Map.of(), differences(settings(theirs), after), "PostgreSQL's own SET vs ours");
      assertEquals(expected, changed(before, after));
    }
  }

  static Stream<Arguments> inTransaction() {
    return Stream.of(
        Arguments.of(
            "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE",
            Set.of("transaction_isolation", "transaction_read_only", "transaction_deferrable")),
        Arguments.of(
            "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", Set.of("transaction_isolation")),
        Arguments.of("SET transaction_isolation = 'serializable'", Set.of("transaction_isolation")),
        Arguments.of("SET TRANSACTION READ ONLY", Set.of("transaction_read_only")),
        Arguments.of("SET LOCAL application_name = 'local'", Set.of("application_name")),
        Arguments.of("SET LOCAL TIME ZONE 'Asia/Tokyo'", Set.of("TimeZone")));
  }

  /** SET TRANSACTION and SET LOCAL act on the transaction in progress, then vanish with it. */
  @ParameterizedTest
  @MethodSource("inTransaction")
  void run_insideTransaction_actsOnThatTransactionOnly(String sql, Set<String> expected)
      throws SQLException {
    try (Connection ours = login();
        Connection theirs = login()) {
      Map<String, String> before = settings(ours);
      ours.setAutoCommit(false);
      theirs.setAutoCommit(false);
      viaDpjdbc(ours, sql);
      direct(theirs, sql);
      Map<String, String> inside = settings(ours);
      assertEquals(Map.of(), differences(settings(theirs), inside), "PostgreSQL's own SET vs ours");
      assertEquals(expected, changed(before, inside));
      ours.rollback();
      theirs.rollback();
      assertEquals(Map.of(), differences(before, settings(ours)), "gone with the transaction");
    }
  }

  /** RESET ALL resets the allow-listed settings only, not what dpjdbc itself set. */
  @Test
  void resetAll_leavesSettingsOffTheAllowListAlone() throws SQLException {
    try (Connection ours = login()) {
      direct(ours, "SET statement_timeout = 1234"); // as the driver pins it on the catalog role
      viaDpjdbc(ours, "SET TimeZone = 'Asia/Tokyo'");
      viaDpjdbc(ours, "RESET ALL");
      Map<String, String> after = settings(ours);
      assertEquals("1234ms", after.get("statement_timeout"));
      assertNotEquals("Asia/Tokyo", after.get("TimeZone"));
    }
  }

  static Stream<String> shows() {
    return Stream.concat(
        Stream.of(
            "SHOW TimeZone",
            "SHOW time zone",
            "show transaction isolation level",
            "SHOW \"DateStyle\"",
            "show standard_conforming_strings",
            "show transaction_read_only",
            "SHOW Is_SuperUser"),
        ClientSettings.showableNames().stream().map(n -> "SHOW " + n));
  }

  @ParameterizedTest
  @MethodSource("shows")
  void show_answersAsPostgresShow(String sql) throws SQLException {
    try (Connection ours = login();
        Connection theirs = login();
        Statement s = theirs.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      Table t = ClientSettings.run(ours, ClientSettings.parse(sql).orElseThrow());
      assertEquals(rs.getMetaData().getColumnLabel(1), t.columns().get(0).label());
      assertEquals(
          List.of(rs.getMetaData().getColumnLabel(1)),
          ClientSettings.columns(ClientSettings.parse(sql).orElseThrow()).stream()
              .map(Table.Column::label)
              .toList());
      assertEquals(rs.getString(1), t.rows().get(0)[0]);
    }
  }

  @Test
  void showAll_isPostgresShowAllRestrictedToTheAllowList() throws SQLException {
    Map<String, List<String>> all = new HashMap<>();
    try (Connection ours = login();
        Connection theirs = login();
        Statement s = theirs.createStatement();
        ResultSet rs = s.executeQuery("SHOW ALL")) {
      while (rs.next()) {
        all.put(rs.getString(1), List.of(rs.getString(2), rs.getString(3)));
      }
      Table t = ClientSettings.run(ours, ClientSettings.parse("SHOW ALL").orElseThrow());
      Set<String> shown = new TreeSet<>();
      for (Object[] row : t.rows()) {
        String name = (String) row[0];
        shown.add(name.toLowerCase(Locale.ROOT));
        assertEquals(all.get(name), List.of(row[1], row[2]), name);
      }
      Set<String> expected = new TreeSet<>();
      for (String name : all.keySet()) {
        if (ClientSettings.isShowable(name)) {
          expected.add(name.toLowerCase(Locale.ROOT));
        }
      }
      assertEquals(expected, shown);
      assertFalse(shown.contains("statement_timeout"));
      assertTrue(shown.contains("timezone") && shown.contains("server_version"));
    }
  }

  static Stream<String> refusedStatements() {
    return Stream.of(
        "SET \"standard_conforming_strings\" TO off",
        "SET STANDARD_CONFORMING_STRINGS = off",
        "set backslash_quote = on",
        "SET statement_timeout = 1",
        "SET session_authorization = 'postgres'",
        "SET SESSION AUTHORIZATION postgres",
        "SET ROLE postgres",
        "SET work_mem = '64MB'",
        "RESET statement_timeout",
        "SHOW data_directory",
        "SHOW session_authorization",
        "SET \"t\u0131mezone\" = 'UTC'");
  }

  @ParameterizedTest
  @MethodSource("refusedStatements")
  void refused_isStateInsufficientPrivilegeAndChangesNothing(String sql) throws SQLException {
    try (Connection ours = login()) {
      Map<String, String> before = settings(ours);
      SQLException e = assertThrows(SQLException.class, () -> ClientSettings.parse(sql));
      assertEquals("42501", e.getSQLState(), e.getMessage());
      assertEquals(Map.of(), differences(before, settings(ours)));
    }
  }
}
