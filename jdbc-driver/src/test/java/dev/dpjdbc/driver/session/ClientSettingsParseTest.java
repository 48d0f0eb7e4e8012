package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.session.ClientSettingCommand.Assignment;
import dev.dpjdbc.driver.session.ClientSettingCommand.Change;
import dev.dpjdbc.driver.session.ClientSettingCommand.ResetAll;
import dev.dpjdbc.driver.session.ClientSettingCommand.Show;
import dev.dpjdbc.driver.session.ClientSettingCommand.ShowAll;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SET/RESET/SHOW grammar and the allow-list, statement by statement. The values expected here
 * are what PostgreSQL 14's own SET stores for the same text (PostgresClientSettingsIT checks the
 * same statements against a real server).
 */
class ClientSettingsParseTest {

  private static Change set(String name, String value) {
    return new Change(List.of(new Assignment(name, value, false)));
  }

  private static Change setLocal(String name, String value) {
    return new Change(List.of(new Assignment(name, value, true)));
  }

  private static final Change NO_OP = new Change(List.of());

  static Stream<Arguments> canonical() {
    return Stream.of(
        // application_name (pgJDBC, clients), values of every lexical form
        Arguments.of("SET application_name = 'psql'", set("application_name", "psql")),
        Arguments.of("set application_name to psql", set("application_name", "psql")),
        Arguments.of("SET application_name = Mixed", set("application_name", "mixed")),
        Arguments.of("SET application_name = \"Mixed\"", set("application_name", "Mixed")),
        Arguments.of("SET application_name = 'it''s'", set("application_name", "it's")),
        Arguments.of("SET application_name = E'a\\tb\\''", set("application_name", "a\tb'")),
        Arguments.of(
            "SET application_name = E'\\u00e9\\303\\251\\x41'", set("application_name", "ééA")),
        Arguments.of("SET application_name = $$x'y$$", set("application_name", "x'y")),
        Arguments.of("SET application_name = $t$a$$b$t$", set("application_name", "a$$b")),
        Arguments.of("SET application_name = 42", set("application_name", "42")),
        Arguments.of("SET application_name = 007", set("application_name", "7")),
        Arguments.of("SET application_name = - 2.50", set("application_name", "-2.50")),
        Arguments.of("SET application_name = +1e3", set("application_name", "1e3")),
        Arguments.of("SET application_name = 2147483648", set("application_name", "2147483648")),
        Arguments.of("SET application_name = on", set("application_name", "on")),
        Arguments.of(
            "SET application_name = " + "A".repeat(70), set("application_name", "a".repeat(63))),
        Arguments.of("SET SESSION application_name = 'a'", set("application_name", "a")),
        Arguments.of("SET LOCAL application_name = 'a'", setLocal("application_name", "a")),
        Arguments.of("SET application_name = 'a';;", set("application_name", "a")),
        // comments, line endings and string continuation between tokens
        Arguments.of("SET /* c */ application_name -- x\n = 'a'", set("application_name", "a")),
        Arguments.of("SET\r\napplication_name\r=\r'a'\r\n", set("application_name", "a")),
        Arguments.of("SET --c\rapplication_name = 'a'", set("application_name", "a")),
        Arguments.of("SET application_name = 'a' -- trailing", set("application_name", "a")),
        Arguments.of("SET application_name = 'a'\n'b'", set("application_name", "ab")),
        Arguments.of("SET application_name = 'a' -- c\n  'b'", set("application_name", "ab")),
        Arguments.of("SET application_name = 'a'\r'b'\n\n'c'", set("application_name", "abc")),
        // TimeZone (Metabase: SET SESSION TIMEZONE TO ..;)
        Arguments.of("SET \"TimeZone\" = 'UTC'", set("timezone", "UTC")),
        Arguments.of("SET \"TIMEZONE\" TO 'Europe/Paris'", set("timezone", "Europe/Paris")),
        Arguments.of("SET SESSION TIMEZONE TO 'UTC';", set("timezone", "UTC")),
        Arguments.of("SET TIME ZONE 'UTC'", set("timezone", "UTC")),
        Arguments.of("set time zone Utc", set("timezone", "utc")),
        Arguments.of("SET TIME ZONE -7", set("timezone", "-7")),
        Arguments.of("SET TIME ZONE +5.5", set("timezone", "5.5")),
        Arguments.of("SET LOCAL TIME ZONE 'UTC'", setLocal("timezone", "UTC")),
        Arguments.of("SET TIME ZONE LOCAL", set("timezone", null)),
        Arguments.of("SET TIME ZONE DEFAULT", set("timezone", null)),
        Arguments.of("SET timezone = DEFAULT", set("timezone", null)),
        Arguments.of("SET LOCAL timezone TO DEFAULT", setLocal("timezone", null)),
        Arguments.of("SET timezone FROM CURRENT", NO_OP),
        // extra_float_digits (pgJDBC 3, psqlODBC/Tableau 2)
        Arguments.of("SET extra_float_digits = 3", set("extra_float_digits", "3")),
        Arguments.of("SET extra_float_digits = 2", set("extra_float_digits", "2")),
        Arguments.of("SET extra_float_digits TO -15", set("extra_float_digits", "-15")),
        Arguments.of("SET extra_float_digits = ' 0x3 '", set("extra_float_digits", "3")),
        Arguments.of("SET extra_float_digits = '-010'", set("extra_float_digits", "-8")),
        // DateStyle (psycopg2, psqlODBC), IntervalStyle, bytea_output
        Arguments.of("SET DATESTYLE TO 'ISO'", set("datestyle", "ISO")),
        Arguments.of("SET DateStyle = 'ISO';", set("datestyle", "ISO")),
        Arguments.of("SET datestyle = ISO, DMY", set("datestyle", "iso, dmy")),
        Arguments.of("SET datestyle = 'ISO, \"MDY\"'", set("datestyle", "ISO, \"MDY\"")),
        Arguments.of("SET IntervalStyle = 'ISO_8601'", set("intervalstyle", "iso_8601")),
        Arguments.of("SET bytea_output = hex", set("bytea_output", "hex")),
        // search_path: pgJDBC setSchema, DBeaver, Superset, SET SCHEMA
        Arguments.of("SET search_path = public", set("search_path", "public")),
        Arguments.of(
            "SET search_path TO 'a,b', \"MySchema\", user_x, '$user'",
            set("search_path", "\"a,b\", \"MySchema\", user_x, \"$user\"")),
        Arguments.of("SET search_path = \"a\",\"b\"", set("search_path", "a, b")),
        Arguments.of("set search_path = \"sales\"", set("search_path", "sales")),
        Arguments.of("SET SESSION search_path TO 'x'", set("search_path", "x")),
        Arguments.of("SET SESSION search_path TO DEFAULT", set("search_path", null)),
        Arguments.of("SET SCHEMA 'my schema'", set("search_path", "\"my schema\"")),
        Arguments.of("SET search_path = ''", set("search_path", "\"\"")),
        Arguments.of("SET search_path = \"time\", int4", set("search_path", "\"time\", int4")),
        // client_encoding: UTF8 only, a no-op
        Arguments.of("SET NAMES 'UTF8'", NO_OP),
        Arguments.of("SET client_encoding TO 'utf-8'", NO_OP),
        Arguments.of("set client_encoding to 'UNICODE'", NO_OP),
        Arguments.of("SET CLIENT_ENCODING TO 'utf8'", NO_OP),
        Arguments.of("SET NAMES DEFAULT", NO_OP),
        Arguments.of("SET NAMES", NO_OP),
        Arguments.of("RESET client_encoding", NO_OP),
        // standard_conforming_strings: on only, a no-op
        Arguments.of("SET standard_conforming_strings = on", NO_OP),
        Arguments.of("SET standard_conforming_strings TO 'true'", NO_OP),
        // transaction modes: pgJDBC, SQLAlchemy, psqlODBC, psycopg2
        Arguments.of(
            "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ UNCOMMITTED",
            set("default_transaction_isolation", "read uncommitted")),
        Arguments.of(
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY",
            set("default_transaction_read_only", "on")),
        Arguments.of("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE", NO_OP),
        Arguments.of(
            "SET SESSION CHARACTERISTICS AS TRANSACTION NOT DEFERRABLE",
            set("default_transaction_deferrable", "off")),
        Arguments.of(
            "SET LOCAL SESSION CHARACTERISTICS AS TRANSACTION DEFERRABLE",
            setLocal("default_transaction_deferrable", "on")),
        Arguments.of(
            "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY DEFERRABLE",
            new Change(
                List.of(
                    new Assignment("transaction_isolation", "serializable", false),
                    new Assignment("transaction_read_only", "on", false),
                    new Assignment("transaction_deferrable", "on", false)))),
        Arguments.of(
            "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
            set("transaction_isolation", "repeatable read")),
        Arguments.of("SET TRANSACTION READ WRITE", NO_OP),
        Arguments.of(
            "SET default_transaction_isolation TO 'Repeatable Read'",
            set("default_transaction_isolation", "repeatable read")),
        Arguments.of(
            "SET default_transaction_read_only TO 'on'",
            set("default_transaction_read_only", "on")),
        Arguments.of("SET default_transaction_read_only = of", NO_OP),
        Arguments.of("SET default_transaction_read_only TO DEFAULT", NO_OP),
        Arguments.of(
            "SET default_transaction_deferrable TO 'y'",
            set("default_transaction_deferrable", "on")),
        Arguments.of(
            "SET transaction_isolation = 'SERIALIZABLE'",
            set("transaction_isolation", "serializable")),
        // RESET
        Arguments.of("RESET timezone", set("timezone", null)),
        Arguments.of("RESET TIME ZONE", set("timezone", null)),
        Arguments.of("reset \"search_path\"", set("search_path", null)),
        Arguments.of("RESET ALL", new ResetAll()),
        Arguments.of("RESET ROLE", NO_OP),
        Arguments.of("RESET SESSION AUTHORIZATION", NO_OP),
        Arguments.of("RESET transaction isolation level", NO_OP),
        Arguments.of("RESET default_transaction_read_only", NO_OP),
        // SHOW (SQLAlchemy, psqlODBC, pgJDBC, DBeaver)
        Arguments.of("SHOW ALL", new ShowAll()),
        Arguments.of("show all;", new ShowAll()),
        Arguments.of("SHOW \"ALL\"", new ShowAll()),
        Arguments.of("SHOW TimeZone", new Show("timezone", "TimeZone")),
        Arguments.of("SHOW TIME ZONE", new Show("timezone", "TimeZone")),
        Arguments.of("SHOW \"DateStyle\"", new Show("datestyle", "DateStyle")),
        Arguments.of(
            "show transaction isolation level",
            new Show("transaction_isolation", "transaction_isolation")),
        Arguments.of(
            "show transaction_isolation",
            new Show("transaction_isolation", "transaction_isolation")),
        Arguments.of(
            "show standard_conforming_strings",
            new Show("standard_conforming_strings", "standard_conforming_strings")),
        Arguments.of(
            "show transaction_read_only",
            new Show("transaction_read_only", "transaction_read_only")),
        Arguments.of("SHOW search_path", new Show("search_path", "search_path")),
        Arguments.of("SHOW server_version", new Show("server_version", "server_version")),
        Arguments.of("SHOW Is_SuperUser", new Show("is_superuser", "is_superuser")));
  }

  @ParameterizedTest
  @MethodSource("canonical")
  void parse_allowListedStatement_isCanonical(String sql, ClientSettingCommand expected)
      throws SQLException {
    assertEquals(Optional.of(expected), ClientSettings.parse(sql));
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("SET statement_timeout = 1", "42501", "statement_timeout"),
        Arguments.of("SET \"standard_conforming_strings\" TO off", "42501", "string literals"),
        Arguments.of("SET STANDARD_CONFORMING_STRINGS = off", "42501", "string literals"),
        Arguments.of("set backslash_quote = on", "42501", "backslash_quote"),
        Arguments.of("SET work_mem = '1GB'", "42501", "work_mem"),
        Arguments.of("SET myapp.user_id = 1", "42501", "myapp.user_id"),
        Arguments.of("SET \"t\u0131mezone\" = 'UTC'", "42501", "t\u0131mezone"),
        Arguments.of("SET \"timezone \" = 'UTC'", "42501", "timezone "),
        Arguments.of("SET session_authorization = 'x'", "42501", "role"),
        Arguments.of("SET SESSION AUTHORIZATION postgres", "42501", "role"),
        Arguments.of("SET SESSION AUTHORIZATION DEFAULT", "42501", "role"),
        Arguments.of("SET ROLE postgres", "42501", "role"),
        Arguments.of("SET LOCAL ROLE NONE", "42501", "role"),
        Arguments.of("set role = x", "42501", "role"),
        Arguments.of("SET server_version = '1'", "42501", "can be shown but not set"),
        Arguments.of("SET xml option document", "42501", "xmloption"),
        Arguments.of("SET TRANSACTION SNAPSHOT '0001'", "42501", "SNAPSHOT"),
        Arguments.of("RESET statement_timeout", "42501", "statement_timeout"),
        Arguments.of("SHOW data_directory", "42501", "data_directory"),
        Arguments.of("SHOW session_authorization", "42501", "session_authorization"),
        Arguments.of("SHOW SESSION AUTHORIZATION", "42501", "session_authorization"),
        Arguments.of("SHOW work_mem", "42501", "may show only"),
        Arguments.of("SHOW log_statement", "42501", "log_statement"),
        Arguments.of("SHOW role", "42501", "role"),
        Arguments.of("SET client_encoding = 'LATIN1'", "0A000", "UTF8"),
        Arguments.of("SET NAMES 'SQL_ASCII'", "0A000", "UTF8"),
        Arguments.of("SET DateStyle = German", "0A000", "ISO"),
        Arguments.of("SET DateStyle = 'SQL, DMY'", "0A000", "ISO"),
        Arguments.of("SET TIME ZONE INTERVAL '+02:00' HOUR TO MINUTE", "0A000", "INTERVAL"),
        Arguments.of("SET CATALOG 'x'", "0A000", "database"),
        Arguments.of("SET CONSTRAINTS ALL DEFERRED", "0A000", "CONSTRAINTS"),
        Arguments.of("SET application_name = E'a'\n'b'", "0A000", "plain"),
        Arguments.of("SET application_name = U&'\\0041'", "0A000", "plain"),
        Arguments.of("SET extra_float_digits = 4", "22023", "-15 to 3"),
        Arguments.of("SET extra_float_digits = 'abc'", "22023", "-15 to 3"),
        Arguments.of("SET extra_float_digits = 2.5", "22023", "-15 to 3"),
        Arguments.of("SET bytea_output = 'base64'", "22023", "escape"),
        Arguments.of("SET DateStyle = 'ISO; MDY'", "22023", "DateStyle"),
        Arguments.of("SET timezone = 'a', 'b'", "22023", "only one argument"),
        Arguments.of("SET default_transaction_read_only = maybe", "22023", "boolean"),
        Arguments.of("SET default_transaction_read_only = 'o'", "22023", "boolean"),
        Arguments.of("SET application_name = E'\\0'", "22023", "zero byte"),
        Arguments.of("SET application_name = E'\\377'", "22023", "UTF-8"),
        Arguments.of("SET application_name", "42601", "TO or ="),
        Arguments.of("SET application_name = ", "42601", "end of input"),
        Arguments.of("SET application_name = 'a' 'b'", "42601", "'b'"),
        Arguments.of("SET application_name = 'a' /* c */\n'b'", "42601", "'b'"),
        Arguments.of("SET application_name = user", "42601", "user"),
        Arguments.of("SET application_name = default, 'x'", "42601", "default"),
        Arguments.of("SET application_name = $1", "42601", "$1"),
        Arguments.of("SET application_name = 0x10", "42601", "0x10"),
        Arguments.of("SET application_name = 'open", "42601", "unterminated"),
        Arguments.of("SET application_name = B'101'", "42601", "bit-string"),
        Arguments.of("SET application_name = \"\"", "42601", "zero-length"),
        Arguments.of("SET timezone = 'UTC'; SET statement_timeout = 0", "42601", "one SET"),
        Arguments.of("SET TRANSACTION READ ONLY,", "42601", "end of input"),
        Arguments.of("SET TRANSACTION ISOLATION LEVEL READ", "42601", "isolation level"),
        Arguments.of("SHOW", "42601", "end of input"),
        Arguments.of("SHOW TimeZone extra", "42601", "extra"));
  }

  @ParameterizedTest
  @MethodSource("refused")
  void parse_refusedStatement_failsWithStateAndReason(String sql, String state, String reason) {
    SQLException e = assertThrows(SQLException.class, () -> ClientSettings.parse(sql));
    assertEquals(state, e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  /** Not SET/RESET/SHOW, or a dp.* setting: {@link SessionCommand}'s or the classifier's. */
  static Stream<String> notOurs() {
    return Stream.of(
        "",
        "SELECT 1",
        "BEGIN",
        "EXPLAIN PRIVACY SELECT COUNT(*) FROM t",
        "SELECT set_config('statement_timeout', '0', false)",
        "/* SET timezone = 'UTC' */ SELECT 1",
        "SET dp.epsilon = 0.5",
        "set DP.EPSILON to 1",
        "SET SESSION dp.delta = 1e-7",
        "SET dp.mechanism TO DEFAULT",
        "SET LOCAL dp.epsilon = 1",
        "SET \"DP\".epsilon = 1",
        "SET \"dp.epsilon\" = 1",
        "SET dp = 1",
        "SET dp.1x = 2",
        "RESET dp.epsilon",
        "SHOW dp.budget",
        "SHOW \"dp.budget\"");
  }

  @ParameterizedTest
  @MethodSource("notOurs")
  void parse_otherStatementsAndDpSettings_areLeftAlone(String sql) throws SQLException {
    assertEquals(Optional.empty(), ClientSettings.parse(sql));
  }

  /** Every statement SessionCommand claims is one ClientSettings leaves alone: never both. */
  static Stream<String> corpus() {
    return Stream.of(
            canonical().map(a -> (String) a.get()[0]),
            refused().map(a -> (String) a.get()[0]),
            notOurs(),
            Stream.of(
                "SET dp.epsilon = 0.5 -- comment",
                "SET dp.epsilon = 0.5, 1",
                "SET SESSION dp.x TO 'y'",
                "SHOW dp.epsilon",
                "explain privacy SELECT 1"))
        .flatMap(s -> s);
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void parse_neverClaimsWhatSessionCommandClaims(String sql) throws SQLException {
    if (SessionCommand.parse(sql).isPresent()) {
      assertEquals(Optional.empty(), ClientSettings.parse(sql));
    }
  }
}
