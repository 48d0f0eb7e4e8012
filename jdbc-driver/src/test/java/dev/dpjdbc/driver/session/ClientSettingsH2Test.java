package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.execute.Table;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Running commands on H2 (no PostgreSQL settings there: changes are accepted and ignored, SHOW
 * answers fixed values), and the allow-list check that {@link ClientSettings#run} repeats for
 * hand-built commands. The PostgreSQL side is proven by PostgresClientSettingsIT.
 */
class ClientSettingsH2Test {

  private static Connection h2() throws SQLException {
    return DriverManager.getConnection("jdbc:h2:mem:client_settings", "sa", "");
  }

  @Test
  void run_showOnH2_answersThePostgresDefaultUnderPostgresLabel() throws SQLException {
    try (Connection c = h2()) {
      Table t = ClientSettings.run(c, ClientSettings.parse("SHOW DateStyle").orElseThrow());
      assertEquals("DateStyle", t.columns().get(0).label());
      assertEquals("ISO, MDY", t.rows().get(0)[0]);
      t = ClientSettings.run(c, ClientSettings.parse("SHOW server_version").orElseThrow());
      assertEquals("15.0", t.rows().get(0)[0]);
    }
  }

  @Test
  void run_changeOnH2_isAcceptedAndIgnored() throws SQLException {
    try (Connection c = h2()) {
      for (String sql :
          List.of(
              "SET application_name = 'x'",
              "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
              "RESET ALL",
              "SET extra_float_digits = 2")) {
        ClientSettingCommand command = ClientSettings.parse(sql).orElseThrow();
        assertNull(ClientSettings.run(c, command), sql);
        assertTrue(command.changesBackend(), sql);
      }
    }
  }

  @Test
  void showAll_mergesCallerRowsSortedByName() throws SQLException {
    try (Connection c = h2()) {
      Table t =
          ClientSettings.showAll(
              c, List.<Object[]>of(new Object[] {"dp.epsilon", "1.0", "per-query epsilon"}));
      assertEquals(List.of("name", "setting", "description"), labels(t));
      List<String> names = t.rows().stream().map(r -> (String) r[0]).toList();
      assertEquals(names.size(), ClientSettings.showableNames().size() + 1);
      assertEquals("default_transaction_read_only", names.get(names.indexOf("dp.epsilon") - 1));
      assertEquals(
          names.stream().sorted(String.CASE_INSENSITIVE_ORDER).toList(), names, "sorted by name");
    }
  }

  @Test
  void run_handBuiltCommandForAnotherSetting_isRefused() throws SQLException {
    try (Connection c = h2()) {
      for (ClientSettingCommand command :
          List.of(
              new ClientSettingCommand.Change(
                  List.of(new ClientSettingCommand.Assignment("statement_timeout", "0", false))),
              new ClientSettingCommand.Change(
                  List.of(new ClientSettingCommand.Assignment("server_version", "1", false))),
              new ClientSettingCommand.Change(
                  List.of(
                      new ClientSettingCommand.Assignment(
                          "standard_conforming_strings", "off", false))),
              new ClientSettingCommand.Show("data_directory", "data_directory"))) {
        SQLException e = assertThrows(SQLException.class, () -> ClientSettings.run(c, command));
        assertEquals("42501", e.getSQLState(), e.getMessage());
      }
    }
  }

  @Test
  void columns_describeShowAndShowAll() throws SQLException {
    assertEquals(
        List.of("TimeZone"),
        ClientSettings.columns(ClientSettings.parse("show time zone").orElseThrow()).stream()
            .map(Table.Column::label)
            .toList());
    assertEquals(3, ClientSettings.columns(new ClientSettingCommand.ShowAll()).size());
    assertEquals(
        List.of(), ClientSettings.columns(ClientSettings.parse("RESET ALL").orElseThrow()));
  }

  @Test
  void allowList_comparesNamesAsPostgres() {
    assertTrue(ClientSettings.isShowable("TIMEZONE"));
    assertTrue(ClientSettings.isSettable("DateStyle"));
    assertTrue(!ClientSettings.isSettable("server_version"));
    assertTrue(!ClientSettings.isShowable("t\u0131mezone"));
    assertTrue(!ClientSettings.isShowable("statement_timeout"));
  }

  private static List<String> labels(Table t) {
    return t.columns().stream().map(Table.Column::label).toList();
  }
}
