package dev.dpjdbc.it.boundary;

import static dev.dpjdbc.it.boundary.Attack.Expect.NO_LEAK;
import static dev.dpjdbc.it.boundary.Attack.Expect.REFUSED;
import static dev.dpjdbc.it.boundary.Attack.Expect.REFUSED_42501;
import static dev.dpjdbc.it.boundary.Attack.Kind.CURSORS;
import static dev.dpjdbc.it.boundary.Attack.Kind.MULTI_STATEMENT;
import static dev.dpjdbc.it.boundary.Attack.Kind.SET_CONFIG;
import static dev.dpjdbc.it.boundary.Attack.Kind.SHELL;
import static dev.dpjdbc.it.boundary.Attack.Kind.STRING_SETTINGS;
import static dev.dpjdbc.it.boundary.Attack.Kind.WRITES;

import java.util.List;

/**
 * The attack table's rows that act on the session or the database rather than read through the
 * catalog: settings that change how strings are read, writes (including the ledger's), shell,
 * {@code set_config} in a SELECT, cursors and prepared statements, and several statements in one.
 * {@link Attacks#all()} includes them.
 */
final class SessionAttacks {
  private SessionAttacks() {}

  static List<Attack> all() {
    return List.of(
        // session settings that change how strings are read
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET standard_conforming_strings = off"),
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET \"STANDARD_CONFORMING_STRINGS\" = off"),
        Attack.of(STRING_SETTINGS, REFUSED_42501, "set Standard_Conforming_Strings TO 'off'"),
        Attack.of(
            STRING_SETTINGS, REFUSED_42501, "SET SESSION standard_conforming_strings = false"),
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET LOCAL standard_conforming_strings = off"),
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET/**/standard_conforming_strings--x\r= off"),
        Attack.of(
            STRING_SETTINGS, REFUSED_42501, "SET U&\"standard_conforming_string\\0073\" = off"),
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET backslash_quote = on"),
        Attack.of(STRING_SETTINGS, REFUSED, "SET client_encoding = 'SJIS'"), // 0A000: UTF8 only
        Attack.of(STRING_SETTINGS, REFUSED_42501, "SET session_replication_role = replica"),
        Attack.of(STRING_SETTINGS, REFUSED, "SET ROLE dp_data"),
        Attack.of(STRING_SETTINGS, REFUSED, "SET SESSION AUTHORIZATION dp_data"),
        Attack.of(STRING_SETTINGS, NO_LEAK, "RESET ALL"), // resets the allow-listed settings
        Attack.of(
            STRING_SETTINGS,
            NO_LEAK,
            "SET standard_conforming_strings = off",
            "SELECT COUNT(*) FROM people WHERE name = '\\' OR salary > 7000000 --'"),
        // writes, including the ones that would reset a budget
        Attack.of(WRITES, REFUSED, "UPDATE dpjdbc_ledger_analyst SET epsilon = 0"),
        Attack.of(WRITES, REFUSED, "DELETE FROM dpjdbc_ledger_charge"),
        Attack.of(WRITES, REFUSED, "TRUNCATE dpjdbc_ledger_charge"),
        Attack.of(WRITES, REFUSED, "UPDATE dpledger.public.dpjdbc_ledger_analyst SET epsilon = 0"),
        Attack.of(WRITES, REFUSED, "UPDATE people SET salary = 0 WHERE salary > 7000000"),
        Attack.of(WRITES, REFUSED, "DELETE FROM people WHERE salary > 7000000"),
        Attack.of(WRITES, REFUSED, "INSERT INTO departments VALUES ('X', 'x')"),
        Attack.of(WRITES, REFUSED, "CREATE TABLE stolen AS SELECT * FROM people"),
        Attack.of(WRITES, REFUSED, "CREATE TEMP TABLE stolen AS SELECT name FROM people"),
        Attack.of(
            WRITES, REFUSED, "CREATE TEMP VIEW pg_class AS SELECT name AS relname FROM people"),
        Attack.of(WRITES, REFUSED, "ALTER ROLE CURRENT_USER SET standard_conforming_strings = off"),
        Attack.of(WRITES, REFUSED, "ALTER ROLE dp_catalog PASSWORD 'changed'"),
        Attack.of(WRITES, REFUSED, "SELECT lo_from_bytea(0, '\\x00'::bytea)"),
        Attack.of(WRITES, REFUSED, "DO $$ BEGIN UPDATE people SET salary = 0; END $$"),
        Attack.of(WRITES, REFUSED, "SELECT nextval('people_id_seq')"),
        Attack.of(WRITES, REFUSED, "SELECT setval('people_id_seq', 1)"),
        Attack.of(WRITES, REFUSED, "LOCK TABLE people"),
        Attack.of(WRITES, REFUSED, "CREATE EXTENSION dblink"),
        Attack.of(WRITES, NO_LEAK, "ANALYZE people"),
        // shell
        Attack.of(SHELL, REFUSED, "COPY people TO PROGRAM 'cat > /tmp/dpjdbc-leak'"),
        Attack.of(SHELL, REFUSED, "COPY (SELECT 1) TO PROGRAM 'id'"),
        Attack.of(SHELL, REFUSED, "COPY departments FROM PROGRAM 'echo X,x'"),
        Attack.of(SHELL, REFUSED, "COPY people TO STDOUT"),
        Attack.of(SHELL, REFUSED, "COPY (SELECT name, salary FROM people) TO STDOUT"),
        Attack.of(SHELL, REFUSED, "COPY people TO '/tmp/dpjdbc-leak'"),
        // set_config smuggled in a SELECT
        Attack.of(
            SET_CONFIG, REFUSED, "SELECT set_config('standard_conforming_strings', 'off', false)"),
        Attack.of(
            SET_CONFIG,
            REFUSED,
            "SELECT relname, set_config('search_path', 'public', false) FROM pg_class"),
        Attack.of(
            SET_CONFIG,
            REFUSED,
            "SELECT relname FROM pg_class WHERE set_config('statement_timeout', '1', false) IS NOT NULL"),
        Attack.of(
            SET_CONFIG, REFUSED, "SELECT pg_catalog.\"set_config\"('role', 'dp_data', false)"),
        // cursors, prepared statements
        Attack.of(
            CURSORS,
            REFUSED,
            "BEGIN",
            "DECLARE c CURSOR FOR SELECT * FROM people",
            "FETCH ALL FROM c"),
        Attack.of(CURSORS, REFUSED, "DECLARE c CURSOR WITH HOLD FOR SELECT name FROM people"),
        Attack.of(
            CURSORS,
            NO_LEAK,
            "BEGIN",
            "DECLARE c CURSOR FOR SELECT relname FROM pg_class",
            "FETCH 1 FROM c"),
        Attack.of(CURSORS, REFUSED, "PREPARE p AS SELECT * FROM people", "EXECUTE p"),
        Attack.of(CURSORS, NO_LEAK, "SELECT * FROM pg_cursors"),
        // several statements in one
        Attack.of(MULTI_STATEMENT, REFUSED, "SELECT 1; SELECT name FROM people"),
        Attack.of(MULTI_STATEMENT, REFUSED, "SELECT relname FROM pg_class; TABLE people"),
        Attack.of(
            MULTI_STATEMENT,
            REFUSED,
            "SELECT 1;; SELECT salary FROM people WHERE salary > 7000000"),
        Attack.of(
            MULTI_STATEMENT, REFUSED, "SET application_name = 'x'; SELECT email FROM people"));
  }
}
