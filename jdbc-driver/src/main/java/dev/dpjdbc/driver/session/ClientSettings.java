package dev.dpjdbc.driver.session;

import dev.dpjdbc.driver.execute.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The settings allow-list (issue 7, layer 3): an analyst may SET, RESET and SHOW only harmless
 * client settings; every other statement starting with SET, RESET or SHOW is refused with SQLState
 * 42501 naming the setting. The analyst's text never reaches the backend: {@link #parse} turns it
 * into a canonical {@link ClientSettingCommand} and {@link #run} executes that as {@code SELECT
 * pg_catalog.set_config(?, ?, ?)} / {@code SELECT pg_catalog.current_setting(?)} with bind
 * parameters, so a disagreement with PostgreSQL's parser can at worst produce a wrong value of an
 * allow-listed setting, never another statement.
 *
 * <p><b>Names</b> are compared as PostgreSQL compares GUC names: an unquoted name is folded to
 * lower case (ASCII letters only), a quoted one is taken as written, both are truncated to 63
 * bytes, and the result is compared ASCII-case-insensitively ({@code SET "TimeZone"}, {@code SET
 * "TIMEZONE"} and {@code SET timezone} are one setting; {@code SET "tımezone"} with a dotless i is
 * none). Names starting with {@code dp} are not handled here ({@link #parse} answers empty) so that
 * {@link SessionCommand} owns them; every statement {@link SessionCommand#parse} recognises is such
 * a statement.
 *
 * <p><b>Values</b> become the string PostgreSQL's own SET would store (flatten_set_variable_args):
 * a list is joined with {@code ", "}, an identifier is folded, a string constant decoded, a number
 * kept as written (an integer printed in decimal), and for search_path every element is re-quoted
 * as an identifier ({@code SET search_path = 'a,b'} is the one schema {@code "a,b"}). {@code
 * DEFAULT}, {@code RESET} and {@code SET TIME ZONE LOCAL} go back to the session default.
 *
 * <p><b>Settable</b> (everything else is refused):
 *
 * <ul>
 *   <li>application_name, TimeZone, search_path: any value (PostgreSQL validates it);
 *   <li>DateStyle: output style ISO only (pgJDBC, used underneath, closes a connection whose
 *       DateStyle stops starting with ISO); IntervalStyle, bytea_output: their enum values;
 *       extra_float_digits: an integer in [-15, 3];
 *   <li>client_encoding / {@code SET NAMES}: UTF8 in any spelling, a no-op (others 0A000);
 *       standard_conforming_strings: on, a no-op ({@code off} is 42501: it changes how string
 *       literals are read);
 *   <li>[default_]transaction_isolation, [default_]transaction_deferrable; [default_]
 *       transaction_read_only and {@code READ ONLY} only towards read only ({@code READ WRITE},
 *       {@code = off} and their RESET are accepted and ignored: pass-through is read only).
 * </ul>
 *
 * <p><b>Showable</b>: the settable ones plus server facts: server_version, server_version_num,
 * server_encoding, lc_collate, lc_ctype, lc_messages, lc_monetary, lc_numeric, lc_time,
 * integer_datetimes, max_identifier_length, is_superuser, in_hot_standby. {@code SHOW ALL} lists
 * only these (plus the rows the caller adds, see {@link #showAll}). Refused, for example:
 * statement_timeout, work_mem, role, session_authorization, log_*, data_directory, backslash_quote,
 * and SET ROLE / SET SESSION AUTHORIZATION (RESET ROLE is an accepted no-op).
 *
 * <p><b>What clients send</b> (checked against their sources), all accepted:
 *
 * <ul>
 *   <li>pgJDBC 42.x: startup parameters (client_encoding, DateStyle, TimeZone, extra_float_digits,
 *       application_name), {@code SET extra_float_digits = 3} and {@code SET application_name =
 *       '..'} for old servers and setClientInfo, {@code show transaction_read_only}, {@code SHOW
 *       TRANSACTION ISOLATION LEVEL}, {@code SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION
 *       LEVEL ..} / {@code READ ONLY} / {@code READ WRITE}, {@code SET SESSION search_path TO '..'}
 *       and {@code TO DEFAULT} (setSchema);
 *   <li>psql: startup parameters only; {@code \encoding} sends {@code set client_encoding to '..'}
 *       (libpq's PQsetClientEncoding);
 *   <li>psycopg2: {@code SET DATESTYLE TO 'ISO'} when DateStyle is not ISO, {@code SET
 *       default_transaction_isolation|_read_only|_deferrable TO '..'} or {@code TO DEFAULT}
 *       (set_session in autocommit), {@code SET client_encoding TO '..'};
 *   <li>SQLAlchemy (PostgreSQL dialects): {@code show standard_conforming_strings}, {@code show
 *       transaction isolation level}, {@code show transaction_read_only}, {@code show
 *       transaction_deferrable}, {@code SET SESSION CHARACTERISTICS AS TRANSACTION ..}, pg8000's
 *       {@code SET CLIENT_ENCODING TO '..'};
 *   <li>node-postgres, pgcli (psycopg 3), Grafana (Go drivers): startup parameters only (pgcli's
 *       pg_settings read and Grafana's {@code SELECT current_setting('server_version_num')} are
 *       SELECTs, not handled here);
 *   <li>DBeaver (over pgJDBC): {@code SHOW search_path}, {@code SET search_path = "a","b"};
 *   <li>Metabase (over pgJDBC): {@code SET SESSION TIMEZONE TO '..';} (SET ROLE for impersonation
 *       is refused);
 *   <li>Tableau via psqlODBC: {@code SET DateStyle = 'ISO'}, {@code SET extra_float_digits = 2},
 *       {@code show transaction_isolation}, {@code SET SESSION CHARACTERISTICS AS TRANSACTION
 *       ISOLATION LEVEL READ COMMITTED}; via pgJDBC as above;
 *   <li>Superset: SQLAlchemy's, and {@code set search_path = "<schema>"} before SQL Lab queries.
 * </ul>
 *
 * <p><b>H2 backends</b> (tests only) have no PostgreSQL settings: changes are accepted and ignored,
 * SHOW answers from a fixed map: PostgreSQL 14's defaults for a pgJDBC session, the values the
 * proxy reports in ParameterStatus, and the JVM's time zone.
 */
public final class ClientSettings {
  private ClientSettings() {}

  /**
   * The canonical command for one statement (trailing semicolons allowed).
   *
   * @return empty when the statement is not SET/RESET/SHOW or names a {@code dp*} setting
   * @throws SQLException 42501 for a setting not on the allow-list (or a refused value), 42601 for
   *     a syntax error, 22023 for a malformed value, 0A000 for an unsupported form or value
   */
  public static Optional<ClientSettingCommand> parse(String statement) throws SQLException {
    return SettingsParser.parse(statement);
  }

  /**
   * Runs {@code command} on the catalog connection (its auto-commit mode is left alone: SET LOCAL
   * and SET TRANSACTION act on the transaction in progress, as in PostgreSQL).
   *
   * @return the rows of a SHOW / SHOW ALL (without caller rows; see {@link #showAll}), null for a
   *     change
   */
  public static Table run(Connection catalog, ClientSettingCommand command) throws SQLException {
    return SettingsRunner.run(catalog, command);
  }

  /**
   * {@code SHOW ALL}: name, setting, description of every allow-listed setting the backend has,
   * merged with {@code extraRows} (three cells each, e.g. the {@code dp.*} settings), sorted by
   * name as PostgreSQL sorts them.
   */
  public static Table showAll(Connection catalog, List<Object[]> extraRows) throws SQLException {
    return SettingsRunner.showAll(catalog, extraRows);
  }

  /** The columns {@code command} returns (for describe): one for SHOW, three for SHOW ALL. */
  public static List<Table.Column> columns(ClientSettingCommand command) {
    if (command instanceof ClientSettingCommand.Show show) {
      String label =
          ClientSetting.lookup(show.name()).map(ClientSetting::label).orElse(show.label());
      return List.of(SettingsRunner.text(label));
    }
    return command instanceof ClientSettingCommand.ShowAll
        ? SettingsRunner.SHOW_ALL_COLUMNS
        : List.of();
  }

  /**
   * Whether {@code name} (a GUC name as PostgreSQL resolved it, e.g. the argument of
   * current_setting) is on the showable allow-list; for filtering pg_settings and current_setting.
   */
  public static boolean isShowable(String name) {
    return ClientSetting.lookup(name).isPresent();
  }

  /** Whether {@code name} is on the settable allow-list (for vetting set_config calls). */
  public static boolean isSettable(String name) {
    return ClientSetting.lookup(name).map(ClientSetting::settable).orElse(false);
  }

  /** The lower-case GUC names of every showable setting (e.g. to filter pg_settings). */
  public static List<String> showableNames() {
    return Arrays.stream(ClientSetting.values()).map(ClientSetting::guc).toList();
  }
}
