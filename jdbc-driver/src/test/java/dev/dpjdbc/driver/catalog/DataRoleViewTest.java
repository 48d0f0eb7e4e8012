package dev.dpjdbc.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rewrite that asks privilege functions for the data role (PostgreSQL re-checks its result).
 */
class DataRoleViewTest {
  private static final String ROLE = "'dp_data'::name";

  static Stream<Arguments> forRole() {
    return Stream.of(
        Arguments.of(
            "SELECT has_table_privilege(c.oid, 'SELECT'::text) FROM pg_class c",
            "SELECT has_table_privilege(" + ROLE + ", c.oid, 'SELECT'::text) FROM pg_class c"),
        Arguments.of(
            "SELECT pg_catalog.has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT'::text)",
            "SELECT pg_catalog.has_column_privilege("
                + ROLE
                + ", c.oid, a.attnum, 'SELECT, INSERT'::text)"),
        Arguments.of(
            "SELECT (pg_has_role(c.relowner, 'USAGE'::text) OR"
                + " has_any_column_privilege(c.oid, 'SELECT'::text))",
            "SELECT (pg_has_role("
                + ROLE
                + ", c.relowner, 'USAGE'::text) OR"
                + " has_any_column_privilege("
                + ROLE
                + ", c.oid, 'SELECT'::text))"),
        // explicit forms keep their user, unless it is the session's user
        Arguments.of(
            "SELECT has_table_privilege('bob'::name, 'staff'::text, 'SELECT'::text)",
            "SELECT has_table_privilege('bob'::name, 'staff'::text, 'SELECT'::text)"),
        Arguments.of(
            "SELECT has_table_privilege(CURRENT_USER, (('\"'::text || n.nspname) || '\"'::text),"
                + " 'update'::text)",
            "SELECT has_table_privilege("
                + ROLE
                + ", (('\"'::text || n.nspname) || '\"'::text), 'update'::text)"),
        // nested calls, arrays, quoted text that only looks like a call
        Arguments.of(
            "SELECT has_table_privilege(ARRAY[1, 2][1]::oid, 'SELECT'::text),"
                + " 'has_table_privilege(x, y)'::text, \"has_schema_privilege\"",
            "SELECT has_table_privilege("
                + ROLE
                + ", ARRAY[1, 2][1]::oid, 'SELECT'::text),"
                + " 'has_table_privilege(x, y)'::text, \"has_schema_privilege\""),
        Arguments.of(
            "SELECT has_schema_privilege(format_type(has_type_privilege(t.oid, 'USAGE'::text)::int,"
                + " NULL), 'USAGE'::text)",
            "SELECT has_schema_privilege("
                + ROLE
                + ", format_type(has_type_privilege("
                + ROLE
                + ", t.oid, 'USAGE'::text)::int, NULL), 'USAGE'::text)"),
        Arguments.of("SELECT my_has_table_privilege(1, 2)", "SELECT my_has_table_privilege(1, 2)"));
  }

  @ParameterizedTest
  @MethodSource("forRole")
  void forRole_asksForTheDataRole(String in, String out) throws Exception {
    assertEquals(out, DataRoleView.forRole(in, "dp_data"));
  }

  @org.junit.jupiter.api.Test
  void forRole_quotesTheRoleName() throws Exception {
    assertEquals(
        "SELECT has_table_privilege('o''brien'::name, c.oid, 'SELECT'::text)",
        DataRoleView.forRole("SELECT has_table_privilege(c.oid, 'SELECT'::text)", "o'brien"));
  }

  @org.junit.jupiter.api.Test
  void informationSchemaViews_becomeSubqueriesWithTheirName() {
    assertEquals(
        "SELECT tables.table_name FROM (SELECT 1) tables WHERE true",
        ProbeText.maskRelations(
            "SELECT tables.table_name FROM information_schema.tables WHERE true",
            Map.of("information_schema.tables", "(SELECT 1)")));
    assertEquals(
        "SELECT t.table_name FROM (SELECT 1) t",
        ProbeText.maskRelations(
            "SELECT t.table_name FROM information_schema.tables t",
            Map.of("information_schema.tables", "(SELECT 1)")));
  }
}
