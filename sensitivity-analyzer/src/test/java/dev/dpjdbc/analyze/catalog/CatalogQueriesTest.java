package dev.dpjdbc.analyze.catalog;

import static dev.dpjdbc.analyze.catalog.CatalogQueries.Verdict.NOT_CATALOG;
import static dev.dpjdbc.analyze.catalog.CatalogQueries.Verdict.PASS_THROUGH;
import static dev.dpjdbc.analyze.catalog.CatalogQueries.Verdict.REFUSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.catalog.CatalogQueries.Classification;
import dev.dpjdbc.analyze.catalog.CatalogQueries.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CatalogQueriesTest {

  /** Every query psql 15 sends for \dt, \d employees, \l and \dn (captured with psql -E). */
  static Stream<String> psqlDescribeQueries() throws IOException {
    return Stream.concat(resource("psql15-describe.sql"), resource("pgjdbc-metadata.sql"));
  }

  private static Stream<String> resource(String name) throws IOException {
    try (InputStream in = CatalogQueriesTest.class.getResourceAsStream("/catalog/" + name)) {
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return Arrays.stream(all.split("\n-- @@\n")).toList().stream();
    }
  }

  /** pgJDBC's getIndexInfo selects reltuples/relpages (CARDINALITY, PAGES): refused. */
  @org.junit.jupiter.api.Test
  void classify_pgjdbcGetIndexInfo_isRefusedForReltuples() throws IOException {
    String sql = resource("pgjdbc-getIndexInfo.sql").findFirst().orElseThrow();
    Classification c = CatalogQueries.classify(sql);
    assertEquals(REFUSE, c.verdict());
    assertTrue(c.reason().contains("reltuples"), c.reason());
  }

  @ParameterizedTest
  @MethodSource("psqlDescribeQueries")
  void classify_psqlDescribeQuery_passesThrough(String sql) {
    assertEquals(PASS_THROUGH, CatalogQueries.classify(sql).verdict(), sql);
  }

  static Stream<Arguments> table() {
    return Stream.of(
        // session and transaction statements
        Arguments.of("BEGIN", PASS_THROUGH, null),
        Arguments.of("start transaction isolation level serializable", PASS_THROUGH, null),
        Arguments.of("COMMIT;", PASS_THROUGH, null),
        Arguments.of("ROLLBACK", PASS_THROUGH, null),
        Arguments.of("END", PASS_THROUGH, null),
        Arguments.of("DISCARD ALL", PASS_THROUGH, null),
        Arguments.of("DEALLOCATE ALL", PASS_THROUGH, null),
        Arguments.of("SET extra_float_digits = 3", PASS_THROUGH, null),
        Arguments.of("SET application_name = 'PostgreSQL JDBC Driver'", PASS_THROUGH, null),
        Arguments.of("set search_path to public", PASS_THROUGH, null),
        Arguments.of(
            "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
            PASS_THROUGH,
            null),
        Arguments.of("RESET ALL", PASS_THROUGH, null),
        Arguments.of("SHOW TRANSACTION ISOLATION LEVEL", PASS_THROUGH, null),
        Arguments.of("show timezone", PASS_THROUGH, null),
        Arguments.of("SET dp.epsilon = 0.5", NOT_CATALOG, null),
        Arguments.of("SHOW dp.budget", NOT_CATALOG, null),
        Arguments.of("SET ROLE postgres", REFUSE, "role"),
        Arguments.of("SET LOCAL ROLE postgres", REFUSE, "role"),
        Arguments.of("SET SESSION AUTHORIZATION postgres", REFUSE, "AUTHORIZATION"),
        // catalog queries with no relation
        Arguments.of("SELECT version()", PASS_THROUGH, null),
        Arguments.of("select current_schema()", PASS_THROUGH, null),
        Arguments.of("SELECT 1", PASS_THROUGH, null),
        Arguments.of("SELECT pg_catalog.set_config('search_path', '', false)", PASS_THROUGH, null),
        Arguments.of("SELECT set_config('role', 'postgres', false)", REFUSE, "role"),
        Arguments.of("SELECT EXTRACT(year FROM now())", PASS_THROUGH, null),
        // pgJDBC metadata
        Arguments.of(PGJDBC_TYPE_QUERY, PASS_THROUGH, null),
        Arguments.of(PGJDBC_GET_TABLES, PASS_THROUGH, null),
        Arguments.of(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
            PASS_THROUGH,
            null),
        Arguments.of(
            "WITH t AS (SELECT oid FROM pg_catalog.pg_namespace) SELECT count(*) FROM t",
            PASS_THROUGH,
            null),
        // user data and anything else
        Arguments.of("SELECT COUNT(*) FROM employees", NOT_CATALOG, null),
        Arguments.of("SELECT * FROM public.employees", NOT_CATALOG, null),
        Arguments.of(
            "SELECT c.relname FROM pg_class c JOIN employees e ON true", NOT_CATALOG, null),
        Arguments.of("SELECT * FROM (SELECT * FROM employees) x", NOT_CATALOG, null),
        Arguments.of("SELECT relname FROM pg_class; DROP TABLE employees", NOT_CATALOG, null),
        Arguments.of("SELECT my_udf(oid) FROM pg_catalog.pg_class", NOT_CATALOG, null),
        Arguments.of("SELECT public.f() ", NOT_CATALOG, null),
        Arguments.of("SELECT nextval('s')", NOT_CATALOG, null),
        Arguments.of("SELECT pg_catalog.pg_terminate_backend(1)", NOT_CATALOG, null),
        Arguments.of("SELECT relname INTO t FROM pg_class", NOT_CATALOG, null),
        Arguments.of("INSERT INTO employees VALUES (1)", NOT_CATALOG, null),
        Arguments.of("EXPLAIN PRIVACY SELECT COUNT(*) FROM employees", NOT_CATALOG, null),
        Arguments.of("VALUES (1)", NOT_CATALOG, null),
        Arguments.of("", NOT_CATALOG, null),
        // statistics and size leaks
        Arguments.of("SELECT * FROM pg_stats WHERE tablename = 'employees'", REFUSE, "pg_stats"),
        Arguments.of("select histogram_bounds from pg_catalog.pg_stats", REFUSE, "pg_stats"),
        Arguments.of("SELECT * FROM pg_stats_ext", REFUSE, "pg_stats_ext"),
        Arguments.of("SELECT * FROM pg_catalog.pg_stats_ext_exprs", REFUSE, "pg_stats_ext_exprs"),
        Arguments.of("SELECT stavalues1 FROM pg_statistic", REFUSE, "pg_statistic"),
        Arguments.of("SELECT * FROM pg_statistic_ext_data", REFUSE, "pg_statistic_ext_data"),
        Arguments.of("SELECT n_live_tup FROM pg_stat_user_tables", REFUSE, "pg_stat_user_tables"),
        Arguments.of("SELECT * FROM pg_statio_user_tables", REFUSE, "pg_statio_user_tables"),
        Arguments.of(
            "SELECT reltuples FROM pg_class WHERE relname = 'employees'", REFUSE, "reltuples"),
        Arguments.of("SELECT c.relpages FROM pg_catalog.pg_class c", REFUSE, "relpages"),
        Arguments.of("SELECT * FROM pg_class", REFUSE, "pg_class"),
        Arguments.of("SELECT c.* FROM pg_catalog.pg_class c", REFUSE, "pg_class"),
        Arguments.of("SELECT c FROM pg_catalog.pg_class c", REFUSE, "whole-row"),
        Arguments.of("SELECT pg_relation_size('employees')", REFUSE, "pg_relation_size"),
        Arguments.of(
            "SELECT pg_catalog.pg_total_relation_size('employees')",
            REFUSE,
            "pg_total_relation_size"),
        Arguments.of("SELECT pg_table_size(c.oid) FROM pg_class c", REFUSE, "pg_table_size"),
        Arguments.of("SELECT pg_indexes_size('employees')", REFUSE, "pg_indexes_size"),
        Arguments.of("SELECT pg_database_size('demo')", REFUSE, "pg_database_size"),
        Arguments.of("SELECT pg_stat_get_live_tuples(16384)", REFUSE, "pg_stat_get_live_tuples"),
        Arguments.of("SELECT pg_read_file('/etc/passwd')", REFUSE, "pg_read_file"),
        Arguments.of("SELECT pg_read_binary_file('x')", REFUSE, "pg_read_binary_file"),
        Arguments.of("SELECT * FROM pg_ls_dir('.')", REFUSE, "pg_ls_dir"),
        Arguments.of("SELECT pg_stat_file('x')", REFUSE, "pg_stat_file"),
        Arguments.of("SELECT lo_import('/etc/passwd')", REFUSE, "lo_import"),
        Arguments.of("SELECT * FROM dblink('x', 'select 1') AS t(a int)", REFUSE, "dblink"),
        Arguments.of(
            "SELECT query_to_xml('select * from employees', true, true, '')",
            REFUSE,
            "query_to_xml"),
        Arguments.of("SELECT table_to_xml('employees', true, true, '')", REFUSE, "table_to_xml"),
        Arguments.of("SELECT cursor_to_xml('c', 1, true, true, '')", REFUSE, "cursor_to_xml"),
        Arguments.of("SELECT database_to_xml(true, true, '')", REFUSE, "database_to_xml"),
        Arguments.of("SELECT schema_to_xml('public', true, true, '')", REFUSE, "schema_to_xml"),
        Arguments.of("SELECT pg_sleep(10)", REFUSE, "pg_sleep"),
        // scopes and aliases
        Arguments.of("SELECT * FROM (SELECT relname FROM pg_class) x", PASS_THROUGH, null),
        Arguments.of("SELECT * FROM (SELECT * FROM pg_class) x", REFUSE, "pg_class"),
        Arguments.of(
            "SELECT x.n FROM pg_catalog.generate_series(1, 3) AS x(n)", PASS_THROUGH, null),
        Arguments.of("SELECT now() AT TIME ZONE pg_read_file('x')", REFUSE, "pg_read_file"),
        Arguments.of("SELECT 1 OPERATOR(pg_catalog.+) pg_sleep(1)", REFUSE, "pg_sleep"),
        Arguments.of("SELECT 1 OPERATOR(pg_catalog.+) my_func(1)", NOT_CATALOG, null),
        Arguments.of(
            "SELECT (information_schema._pg_expandarray(i.indkey)).n FROM pg_catalog.pg_index i",
            PASS_THROUGH,
            null),
        Arguments.of("SELECT public.evil() FROM pg_catalog.pg_index i", NOT_CATALOG, null),
        // quoting does not fool the lexer
        Arguments.of("SELECT 'FROM employees' FROM pg_catalog.pg_namespace", PASS_THROUGH, null),
        Arguments.of("SELECT 1 -- FROM employees", PASS_THROUGH, null),
        Arguments.of("SELECT $$ pg_stats $$", PASS_THROUGH, null),
        Arguments.of("SELECT * FROM \"employees\"", NOT_CATALOG, null),
        Arguments.of("SELECT x FROM \"pg_catalog\".\"pg_stats\"", REFUSE, "pg_stats"));
  }

  @ParameterizedTest
  @MethodSource("table")
  void classify_statement_givesVerdict(String sql, Verdict expected, String reasonMentions) {
    Classification c = CatalogQueries.classify(sql);
    assertEquals(expected, c.verdict(), sql);
    if (reasonMentions != null) {
      assertNotNull(c.reason(), sql);
      assertTrue(
          c.reason().toLowerCase().contains(reasonMentions.toLowerCase()),
          () -> "reason '" + c.reason() + "' should name " + reasonMentions);
    }
  }

  static final String PGJDBC_TYPE_QUERY =
      "SELECT typinput='pg_catalog.array_in'::regproc as is_array, typtype, typname, pg_type.oid"
          + "   FROM pg_catalog.pg_type   LEFT JOIN (select ns.oid as nspoid, ns.nspname, r.r"
          + "           from pg_namespace as ns           join ( select s.r,"
          + " (current_schemas(false))[s.r] as nspname                    from"
          + " generate_series(1, array_upper(current_schemas(false), 1)) as s(r) ) as r"
          + "          using ( nspname )        ) as sp     ON sp.nspoid = typnamespace  WHERE"
          + " pg_type.oid = $1  ORDER BY sp.r, pg_type.oid DESC";

  static final String PGJDBC_GET_TABLES =
      "SELECT NULL AS TABLE_CAT, n.nspname AS TABLE_SCHEM, c.relname AS TABLE_NAME,  CASE"
          + " n.nspname ~ '^pg_' OR n.nspname = 'information_schema'  WHEN true THEN CASE  WHEN"
          + " n.nspname = 'pg_catalog' OR n.nspname = 'information_schema' THEN CASE c.relkind "
          + "  WHEN 'r' THEN 'SYSTEM TABLE'   WHEN 'v' THEN 'SYSTEM VIEW'   ELSE NULL   END  ELSE"
          + " NULL  END  ELSE CASE c.relkind   WHEN 'r' THEN 'TABLE'   ELSE NULL   END  END  AS"
          + " TABLE_TYPE, d.description AS REMARKS,  '' as TYPE_CAT, '' as TYPE_SCHEM, '' as"
          + " TYPE_NAME, '' AS SELF_REFERENCING_COL_NAME, '' AS REF_GENERATION  FROM"
          + " pg_catalog.pg_namespace n, pg_catalog.pg_class c  LEFT JOIN"
          + " pg_catalog.pg_description d ON (c.oid = d.objoid AND d.objsubid = 0  and"
          + " d.classoid = 'pg_class'::regclass)  WHERE c.relnamespace = n.oid  AND c.relname"
          + " LIKE 'employees' ORDER BY TABLE_TYPE,TABLE_SCHEM,TABLE_NAME ";
}
