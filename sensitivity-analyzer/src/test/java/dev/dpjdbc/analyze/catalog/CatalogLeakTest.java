package dev.dpjdbc.analyze.catalog;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.dpjdbc.analyze.catalog.CatalogQueries.Verdict;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Red-team table: statements dressed as catalog traffic that read user data or data-derived
 * numbers. None may be PASS_THROUGH (REFUSE or NOT_CATALOG are both safe: NOT_CATALOG goes to the
 * analyzer, which refuses anything that is not a bounded aggregate over a user table).
 */
class CatalogLeakTest {
  static Stream<String> leaks() {
    return Stream.of(
        "SELECT pg_catalog.pg_sequence_last_value('employees_id_seq')",
        "SELECT pg_sequence_last_value('employees_id_seq'::regclass)",
        "SELECT last_value FROM pg_catalog.pg_sequences",
        "SELECT * FROM pg_sequences",
        "SELECT * FROM pg_catalog.ts_stat('SELECT to_tsvector(name) FROM employees')",
        "SELECT pg_catalog.ts_stat('SELECT to_tsvector(name) FROM employees')",
        "SELECT * FROM pg_catalog.pg_largeobject",
        "SELECT pg_catalog.loread(pg_catalog.lo_open(16384, 262144), 100)",
        "SELECT rolpassword FROM pg_catalog.pg_authid",
        "SELECT passwd FROM pg_shadow",
        "SELECT umoptions FROM pg_catalog.pg_user_mappings",
        "SELECT pg_catalog.pg_stat_get_live_tuples('employees'::regclass)",
        "SELECT pg_catalog.currtid2('employees', '(0,1)')",
        "SELECT pg_catalog.query_to_xml('SELECT * FROM employees', true, true, '')",
        "SELECT pg_catalog.some_future_function('employees')",
        "SELECT \"reltuples\" FROM pg_catalog.pg_class",
        "SELECT c.relname, (SELECT to_json(c.*)) FROM pg_catalog.pg_class c",
        "SELECT relname FROM pg_catalog.pg_class c WHERE relname IN (SELECT name FROM employees)",
        "SELECT relname FROM pg_catalog.pg_class UNION SELECT name FROM employees",
        "WITH x AS (SELECT name FROM employees) SELECT * FROM x",
        "SELECT relname FROM pg_catalog.pg_class c, LATERAL (SELECT name FROM employees) e",
        "SELECT * FROM pg_catalog.\"pg_stats\"",
        "SELECT * FROM pg_catalog./**/pg_stats",
        "SELECT * FROM U&\"pg_st\\0061ts\"",
        "SELECT $$x$$, * FROM pg_stats",
        "SELECT pg_catalog.pg_relation_size('employees')",
        "SELECT pg_catalog.pg_column_size(name) FROM employees",
        "SELECT * FROM pg_salaries",
        "SELECT ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.TABLES",
        "SELECT * FROM INFORMATION_SCHEMA.TABLES",
        "SELECT t.* FROM information_schema.tables t",
        "SELECT EXECUTING_STATEMENT FROM INFORMATION_SCHEMA.SESSIONS",
        "SELECT statement FROM pg_catalog.pg_prepared_statements",
        "SELECT * FROM pg_catalog.pg_file_settings");
  }

  @ParameterizedTest
  @MethodSource("leaks")
  void catalogDisguise_doesNotPassThrough(String sql) {
    assertNotEquals(
        Verdict.PASS_THROUGH, CatalogQueries.classify(sql).verdict(), "passed through: " + sql);
  }
}
