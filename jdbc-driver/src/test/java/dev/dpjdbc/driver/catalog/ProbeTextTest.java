package dev.dpjdbc.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.core.NativeQuery;
import org.postgresql.core.Parser;

class ProbeTextTest {
  static Stream<Arguments> nullCalls() {
    return Stream.of(
        Arguments.of(
            "SELECT pg_size_pretty(pg_table_size((c.oid)::regclass)) AS c3 FROM pg_class c",
            "SELECT pg_size_pretty(NULL::bigint) AS c3 FROM pg_class c"),
        Arguments.of(
            "SELECT pg_catalog.pg_database_size(d.datname) FROM pg_database d",
            "SELECT NULL::bigint FROM pg_database d"),
        Arguments.of(
            "SELECT 'pg_table_size(x)' AS t, \"pg_table_size(\" FROM x",
            "SELECT 'pg_table_size(x)' AS t, \"pg_table_size(\" FROM x"),
        Arguments.of(
            "SELECT pg_relation_size(c.oid, 'main'''')') FROM c", "SELECT NULL::bigint FROM c"),
        Arguments.of("SELECT my_pg_table_size(1)", "SELECT my_pg_table_size(1)"));
  }

  @ParameterizedTest
  @MethodSource
  void nullCalls(String sql, String expected) throws SQLException {
    assertEquals(expected, ProbeText.nullCalls(sql, CatalogRules.SIZE_FUNCTIONS));
  }

  @org.junit.jupiter.api.Test
  void nullCalls_unbalanced_isRefused() {
    assertThrows(
        SQLException.class,
        () -> ProbeText.nullCalls("SELECT pg_table_size((1)", Set.of("pg_table_size")));
  }

  static Stream<Arguments> substitute() {
    return Stream.of(
        Arguments.of(
            "SELECT * FROM pg_class WHERE relname = ? AND relkind = ANY(?)",
            List.of("it's", "{r,v}"),
            List.of("name", "_char"),
            "SELECT * FROM pg_class WHERE relname = CAST('it''s' AS \"name\") AND relkind ="
                + " ANY(CAST('{r,v}' AS \"_char\"))"),
        Arguments.of(
            "SELECT ? , '?' /* ? */",
            java.util.Arrays.asList((Object) null),
            List.of("unknown"),
            "SELECT (NULL) , '?' /* ? */"),
        Arguments.of(
            "SELECT ?",
            List.of("back\\slash"),
            List.of("text"),
            "SELECT CAST('back\\slash' AS \"text\")"));
  }

  @ParameterizedTest
  @MethodSource
  void substitute(String sql, List<Object> params, List<String> types, String expected)
      throws SQLException {
    NativeQuery q = Parser.parseJdbcSql(sql, true, true, true, false, false).get(0);
    assertEquals(expected, ProbeText.substitute(q, params, types));
  }

  @org.junit.jupiter.api.Test
  void nul_isRefused() {
    SQLException e = assertThrows(SQLException.class, () -> ProbeText.quote("a\0b"));
    assertEquals("22021", e.getSQLState());
  }
}
