package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.driver.execute.Table;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;

/**
 * Runs a {@link ClientSettingCommand} on the catalog connection. What reaches PostgreSQL is one of
 * a few constant statements with the setting name and value as bind parameters, or (for the
 * settings of the current transaction, which set_config cannot change once its SELECT holds a
 * snapshot) one of eight constant {@code SET TRANSACTION ...} texts. The allow-list is checked
 * again here, so a hand-built command cannot name any other setting.
 *
 * <p>On H2 (a test backend without PostgreSQL settings) changes are accepted and ignored, and SHOW
 * answers with the values a fresh PostgreSQL session reports by default ({@link #h2Value}).
 */
final class SettingsRunner {
  private SettingsRunner() {}

  static final String SET_CONFIG = "SELECT pg_catalog.set_config(?, ?, ?)";
  static final String CURRENT_SETTING = "SELECT pg_catalog.current_setting(?)";

  /** (name=value) to the constant statement that sets it for the current transaction. */
  private static final Map<String, String> TRANSACTION_STATEMENTS =
      Map.of(
          "transaction_isolation=read uncommitted",
              "SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
          "transaction_isolation=read committed", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
          "transaction_isolation=repeatable read",
              "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
          "transaction_isolation=serializable", "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE",
          "transaction_read_only=on", "SET TRANSACTION READ ONLY",
          "transaction_deferrable=on", "SET TRANSACTION DEFERRABLE",
          "transaction_deferrable=off", "SET TRANSACTION NOT DEFERRABLE");

  static final List<Table.Column> SHOW_ALL_COLUMNS =
      List.of(text("name"), text("setting"), text("description"));

  /** Runs {@code command}; the rows of a SHOW, null for a change. */
  static Table run(Connection catalog, ClientSettingCommand command) throws SQLException {
    boolean h2 = isH2(catalog);
    if (command instanceof ClientSettingCommand.Change change) {
      for (ClientSettingCommand.Assignment a : change.assignments()) {
        apply(catalog, h2, a);
      }
      return null;
    }
    if (command instanceof ClientSettingCommand.ResetAll) {
      for (ClientSetting s : ClientSetting.values()) {
        if (s.resettable()) {
          apply(catalog, h2, new ClientSettingCommand.Assignment(s.guc(), null, false));
        }
      }
      return null;
    }
    if (command instanceof ClientSettingCommand.Show show) {
      ClientSetting s = allowed(show.name());
      return BudgetTable.single(s.label(), h2 ? h2Value(s) : currentSetting(catalog, s));
    }
    return showAll(catalog, List.of());
  }

  /** SHOW ALL over the allow-list, with {@code extraRows} (name, setting, description) merged. */
  static Table showAll(Connection catalog, List<Object[]> extraRows) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    if (isH2(catalog)) {
      for (ClientSetting s : ClientSetting.values()) {
        rows.add(new Object[] {s.label(), h2Value(s), "fixed value (H2 backend)"});
      }
    } else {
      ClientSetting[] all = ClientSetting.values();
      String sql =
          "SELECT name, pg_catalog.current_setting(name), short_desc FROM pg_catalog.pg_settings"
              + " WHERE lower(name) IN ("
              + String.join(", ", Collections.nCopies(all.length, "?"))
              + ")";
      try (PreparedStatement ps = catalog.prepareStatement(sql)) {
        for (int i = 0; i < all.length; i++) {
          ps.setString(i + 1, all[i].guc());
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            rows.add(new Object[] {rs.getString(1), rs.getString(2), rs.getString(3)});
          }
        }
      }
    }
    for (Object[] row : extraRows) {
      if (row.length != 3) {
        throw new IllegalArgumentException("SHOW ALL rows have 3 cells, got " + row.length);
      }
      rows.add(row.clone());
    }
    rows.sort(Comparator.comparing(row -> Literals.asciiLower(String.valueOf(row[0]))));
    return new Table(SHOW_ALL_COLUMNS, rows);
  }

  private static void apply(Connection catalog, boolean h2, ClientSettingCommand.Assignment a)
      throws SQLException {
    ClientSetting s = allowed(a.name());
    if (!s.settable()) {
      throw s.notSettable();
    }
    String value;
    if (a.value() == null) {
      if (!s.resettable()) {
        return;
      }
      value = null;
    } else {
      Optional<String> checked = s.normalise(a.value());
      if (checked.isEmpty()) {
        return;
      }
      value = checked.get();
    }
    if (h2) {
      return;
    }
    if (s.transactionScoped()) {
      String sql = TRANSACTION_STATEMENTS.get(s.guc() + "=" + value);
      if (sql == null) {
        throw new SQLException(
            "cannot set " + s.label() + " to " + value,
            AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
      }
      try (Statement st = catalog.createStatement()) {
        st.execute(sql);
      }
      return;
    }
    try (PreparedStatement ps = catalog.prepareStatement(SET_CONFIG)) {
      ps.setString(1, s.guc());
      if (value == null) {
        ps.setNull(2, Types.VARCHAR); // set_config(name, NULL, ..) is RESET
      } else {
        ps.setString(2, value);
      }
      ps.setBoolean(3, a.local());
      ps.executeQuery().close();
    }
  }

  private static String currentSetting(Connection catalog, ClientSetting s) throws SQLException {
    try (PreparedStatement ps = catalog.prepareStatement(CURRENT_SETTING)) {
      ps.setString(1, s.guc());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  private static ClientSetting allowed(String name) throws SQLException {
    return ClientSetting.lookup(name)
        .orElseThrow(
            () ->
                new SQLException(
                    name + " is not an allow-listed setting",
                    AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code()));
  }

  static boolean isH2(Connection c) throws SQLException {
    return c.getMetaData().getDatabaseProductName().contains("H2");
  }

  private static final Map<ClientSetting, String> H2_VALUES = h2Values();

  /**
   * What SHOW answers on H2: PostgreSQL 14's defaults for a session opened by pgJDBC, the values
   * dpjdbc's proxy reports in its ParameterStatus messages (server_version 15.0, as for every
   * non-PostgreSQL backend), and the JVM's time zone.
   */
  static String h2Value(ClientSetting s) {
    return s == ClientSetting.TIME_ZONE ? TimeZone.getDefault().getID() : H2_VALUES.get(s);
  }

  private static Map<ClientSetting, String> h2Values() {
    Map<ClientSetting, String> m = new EnumMap<>(ClientSetting.class);
    m.put(ClientSetting.APPLICATION_NAME, "");
    m.put(ClientSetting.BYTEA_OUTPUT, "hex");
    m.put(ClientSetting.CLIENT_ENCODING, "UTF8");
    m.put(ClientSetting.DATE_STYLE, "ISO, MDY");
    m.put(ClientSetting.DEFAULT_TRANSACTION_DEFERRABLE, "off");
    m.put(ClientSetting.DEFAULT_TRANSACTION_ISOLATION, "read committed");
    m.put(ClientSetting.DEFAULT_TRANSACTION_READ_ONLY, "off");
    m.put(ClientSetting.EXTRA_FLOAT_DIGITS, "3");
    m.put(ClientSetting.INTERVAL_STYLE, "postgres");
    m.put(ClientSetting.SEARCH_PATH, "\"$user\", public");
    m.put(ClientSetting.STANDARD_CONFORMING_STRINGS, "on");
    m.put(ClientSetting.TRANSACTION_DEFERRABLE, "off");
    m.put(ClientSetting.TRANSACTION_ISOLATION, "read committed");
    m.put(ClientSetting.TRANSACTION_READ_ONLY, "off");
    m.put(ClientSetting.IN_HOT_STANDBY, "off");
    m.put(ClientSetting.INTEGER_DATETIMES, "on");
    m.put(ClientSetting.IS_SUPERUSER, "off");
    m.put(ClientSetting.LC_COLLATE, "C");
    m.put(ClientSetting.LC_CTYPE, "C");
    m.put(ClientSetting.LC_MESSAGES, "C");
    m.put(ClientSetting.LC_MONETARY, "C");
    m.put(ClientSetting.LC_NUMERIC, "C");
    m.put(ClientSetting.LC_TIME, "C");
    m.put(ClientSetting.MAX_IDENTIFIER_LENGTH, "63");
    m.put(ClientSetting.SERVER_ENCODING, "UTF8");
    m.put(ClientSetting.SERVER_VERSION, "15.0");
    m.put(ClientSetting.SERVER_VERSION_NUM, "150000");
    return m;
  }

  static Table.Column text(String label) {
    return new Table.Column(label, Types.VARCHAR, "text", String.class.getName());
  }
}
