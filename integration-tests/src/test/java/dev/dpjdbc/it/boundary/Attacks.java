package dev.dpjdbc.it.boundary;

import static dev.dpjdbc.it.boundary.Attack.Expect.ANSWERED;
import static dev.dpjdbc.it.boundary.Attack.Expect.NO_LEAK;
import static dev.dpjdbc.it.boundary.Attack.Expect.REFUSED;
import static dev.dpjdbc.it.boundary.Attack.Expect.REFUSED_42501;
import static dev.dpjdbc.it.boundary.Attack.Kind.ATTRIBUTE_NOTATION;
import static dev.dpjdbc.it.boundary.Attack.Kind.COLUMN_ALIAS_LISTS;
import static dev.dpjdbc.it.boundary.Attack.Kind.COMMENT_DOLLAR_TRICKS;
import static dev.dpjdbc.it.boundary.Attack.Kind.COMMENT_LINE_ENDINGS;
import static dev.dpjdbc.it.boundary.Attack.Kind.CTE_SHADOWING;
import static dev.dpjdbc.it.boundary.Attack.Kind.LITERAL_INJECTION;
import static dev.dpjdbc.it.boundary.Attack.Kind.QUERY_TEXTS;
import static dev.dpjdbc.it.boundary.Attack.Kind.QUERY_TO_XML;
import static dev.dpjdbc.it.boundary.Attack.Kind.RAW_READS;
import static dev.dpjdbc.it.boundary.Attack.Kind.SERVER_FILES_SETTINGS;
import static dev.dpjdbc.it.boundary.Attack.Kind.STATISTICS;
import static dev.dpjdbc.it.boundary.Attack.Kind.TABLE_FORM;
import static dev.dpjdbc.it.boundary.Attack.Kind.UNICODE_IDENTIFIERS;

import java.util.List;

/**
 * The attack table of issue 7: every class, each with the variants that defeat a home-made lexer or
 * classifier. No statement contains a canary value itself (an error that quotes the statement would
 * otherwise look like a leak): a canary is reached only through the data, e.g. {@code salary >
 * 7000000} (only the canary earns that much) or {@code name LIKE 'CANARY-%'}.
 */
final class Attacks {
  private Attacks() {}

  /** pg_class's columns up to reltuples: an alias list that makes "relname" mean reltuples. */
  private static final String RELTUPLES_AS_RELNAME = "c(a, b, c3, d, e, f, g, h, i, j, relname)";

  /** The rows of {@code people} through the catalog's UNION: a naive lexer sees only the head. */
  private static final String UNION_PEOPLE = "UNION ALL SELECT name FROM people";

  /** Every row: the catalog reads below and {@link SessionAttacks}. */
  static List<Attack> all() {
    List<Attack> all = new java.util.ArrayList<>(reads());
    all.addAll(SessionAttacks.all());
    return List.copyOf(all);
  }

  private static List<Attack> reads() {
    return List.of(
        // line endings that end a -- comment for PostgreSQL (scan.l: newline is [\n\r])
        Attack.of(
            COMMENT_LINE_ENDINGS, REFUSED, "SELECT relname FROM pg_class --x\r" + UNION_PEOPLE),
        Attack.of(
            COMMENT_LINE_ENDINGS, REFUSED, "SELECT relname FROM pg_class --x\r\n" + UNION_PEOPLE),
        Attack.of(
            COMMENT_LINE_ENDINGS, REFUSED, "SELECT relname FROM pg_class --x\n" + UNION_PEOPLE),
        Attack.of(
            COMMENT_LINE_ENDINGS, NO_LEAK, "SELECT relname FROM pg_class --x\f" + UNION_PEOPLE),
        Attack.of(
            COMMENT_LINE_ENDINGS, NO_LEAK, "SELECT relname FROM pg_class --x\u000b" + UNION_PEOPLE),
        Attack.of(
            COMMENT_LINE_ENDINGS,
            REFUSED,
            "SELECT relname FROM pg_class WHERE relname = 'x' --'\r OR true UNION ALL"
                + " SELECT email FROM people"),
        Attack.of(COMMENT_LINE_ENDINGS, REFUSED, "SELECT 1 --\r; SELECT name FROM people"),
        Attack.of(
            COMMENT_LINE_ENDINGS,
            NO_LEAK, // on PostgreSQL answered: the statistic comes back NULL (PgCatalogDoorIT)
            "SHOW application_name --x\r; SELECT reltuples::bigint::text::regclass FROM pg_class"
                + " WHERE relname = 'people'"),
        Attack.of(
            COMMENT_LINE_ENDINGS,
            NO_LEAK, // on PostgreSQL answered: the statistic comes back NULL (PgCatalogDoorIT)
            "SET application_name = 'x' --x\r; SELECT n_live_tup::text::regclass"
                + " FROM pg_stat_user_tables WHERE relname = 'people'"),
        Attack.of(
            COMMENT_LINE_ENDINGS,
            REFUSED,
            "SELECT /* /* */ relname FROM pg_class */ name FROM people"),
        Attack.of(
            COMMENT_LINE_ENDINGS,
            NO_LEAK,
            "SELECT relname FROM pg_class /* /* */ " + UNION_PEOPLE + " */"),
        // WITH names that shadow or are shadowed by real tables
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH pg_class AS (SELECT * FROM people) SELECT * FROM pg_class"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH pg_class AS (SELECT name AS relname FROM people) SELECT relname FROM pg_class"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH people AS (SELECT * FROM people) SELECT name FROM people"),
        Attack.of(
            CTE_SHADOWING,
            NO_LEAK,
            "WITH people AS (SELECT relname AS name FROM pg_catalog.pg_class) SELECT name FROM people"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH RECURSIVE pg_namespace AS (SELECT name AS nspname FROM people)"
                + " SELECT nspname FROM pg_namespace"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH x AS (SELECT email FROM people) SELECT relname, email FROM pg_class, x"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH U&\"pg_cl\\0061ss\" AS (SELECT name AS relname FROM people)"
                + " SELECT relname FROM pg_class"),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH \"PG_CLASS\" AS (SELECT salary AS relname FROM people)"
                + " SELECT relname FROM \"PG_CLASS\""),
        Attack.of(
            CTE_SHADOWING,
            REFUSED,
            "WITH x AS MATERIALIZED (SELECT salary FROM people)"
                + " SELECT relname FROM pg_class WHERE EXISTS (SELECT 1 FROM x WHERE salary > 7000000)"),
        // the TABLE form
        Attack.of(TABLE_FORM, REFUSED, "TABLE people"),
        Attack.of(TABLE_FORM, REFUSED, "TABLE public.people"),
        Attack.of(TABLE_FORM, REFUSED, "TABLE ONLY people"),
        Attack.of(TABLE_FORM, REFUSED, "table\rpeople"),
        Attack.of(TABLE_FORM, REFUSED, "TABLE people_names"),
        Attack.of(TABLE_FORM, REFUSED, "SELECT * FROM (TABLE people) t"),
        Attack.of(TABLE_FORM, ANSWERED, "TABLE pg_catalog.pg_class"),
        Attack.of(TABLE_FORM, ANSWERED, "TABLE pg_stat_user_tables"),
        Attack.of(TABLE_FORM, NO_LEAK, "TABLE pg_catalog.pg_namespace"),
        // functions in attribute notation, columns in functional notation
        Attack.of(ATTRIBUTE_NOTATION, REFUSED, "SELECT (p).salary FROM people p"),
        Attack.of(ATTRIBUTE_NOTATION, REFUSED, "SELECT name(p) FROM people p"),
        Attack.of(
            ATTRIBUTE_NOTATION, REFUSED, "SELECT salary(p) FROM people p WHERE salary > 7000000"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            ANSWERED,
            "SELECT reltuples(c) FROM pg_catalog.pg_class c WHERE relname = 'people'"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            ANSWERED,
            "SELECT (c).reltuples FROM pg_catalog.pg_class c WHERE relname = 'people'"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            ANSWERED,
            "SELECT (c.*).relpages FROM pg_catalog.pg_class c WHERE relname = 'people'"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            ANSWERED,
            "SELECT (s).n_live_tup FROM pg_stat_user_tables s WHERE relname = 'people'"),
        Attack.of(
            ATTRIBUTE_NOTATION, REFUSED, "SELECT (SELECT p FROM people p WHERE salary > 7000000)"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            REFUSED,
            "SELECT row_to_json(p) FROM people p WHERE salary > 7000000"),
        Attack.of(
            ATTRIBUTE_NOTATION,
            NO_LEAK, // a size function: answered, as NULL
            "SELECT (c.oid::regclass).pg_table_size, c.relname FROM pg_class c"),
        // column-alias lists that rename catalog columns
        Attack.of(
            COLUMN_ALIAS_LISTS,
            ANSWERED,
            "SELECT relname FROM pg_catalog.pg_class AS "
                + RELTUPLES_AS_RELNAME
                + " WHERE b = 'people'"),
        Attack.of(
            COLUMN_ALIAS_LISTS,
            ANSWERED,
            "SELECT relname FROM pg_catalog.pg_class AS c(a, b, c3, d, e, f, g, h, i, relname)"
                + " WHERE b = 'people'"),
        Attack.of(
            COLUMN_ALIAS_LISTS,
            ANSWERED,
            "SELECT relname FROM pg_stat_user_tables AS s(a, b, x, d, e, f, g, h, i, j, k, relname)"
                + " WHERE x = 'people'"),
        Attack.of(COLUMN_ALIAS_LISTS, REFUSED, "SELECT relname FROM people AS p(oid, relname)"),
        Attack.of(
            COLUMN_ALIAS_LISTS,
            ANSWERED,
            "SELECT relname FROM (SELECT * FROM pg_class) AS "
                + RELTUPLES_AS_RELNAME
                + " WHERE b = 'people'"),
        // literals into the noised path
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT COUNT(*) FROM people WHERE name = 'x'' UNION ALL SELECT salary FROM people"
                + " WHERE salary > 7000000 --'"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT COUNT(*) FROM people WHERE name = E'x\\' UNION ALL SELECT salary FROM people"
                + " WHERE salary > 7000000 --'"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT COUNT(*) FROM people WHERE name = $$x' UNION ALL SELECT salary FROM people"
                + " WHERE salary > 7000000 --$$"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT COUNT(*) FROM people WHERE name = U&'x\\0027 UNION ALL SELECT salary FROM"
                + " people WHERE salary > 7000000 --'"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT region, COUNT(*) FROM people WHERE email LIKE '%'' OR salary > 7000000 OR ''%'"
                + " GROUP BY region"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT COUNT(*) FROM people WHERE name = '--' AND email = '*/ UNION ALL SELECT salary"
                + " FROM people /*'"),
        Attack.of(
            LITERAL_INJECTION,
            NO_LEAK,
            "SELECT SUM(salary) FROM people WHERE name LIKE 'CANARY-%'"),
        Attack.of(
            LITERAL_INJECTION,
            REFUSED,
            "SELECT COUNT(*) FROM people LIMIT (SELECT salary FROM people WHERE salary > 7000000)"),
        // other analysts' query texts (see also BoundaryAttackIT.otherAnalystsQueryTexts)
        Attack.of(QUERY_TEXTS, NO_LEAK, "SELECT pid, usename, state, query FROM pg_stat_activity"),
        Attack.of(QUERY_TEXTS, NO_LEAK, "SELECT * FROM pg_prepared_statements"),
        Attack.of(
            QUERY_TEXTS,
            NO_LEAK,
            "SELECT pg_stat_get_backend_activity(s) FROM pg_stat_get_backend_idset() s"),
        Attack.of(QUERY_TEXTS, REFUSED, "SELECT pg_cancel_backend(pid) FROM pg_stat_activity"),
        Attack.of(QUERY_TEXTS, REFUSED, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"),
        // table sizes and row counts: answered, as NULL (the canary scan finds no count)
        Attack.of(STATISTICS, ANSWERED, "SELECT reltuples FROM pg_class WHERE relname = 'people'"),
        Attack.of(
            STATISTICS,
            ANSWERED,
            "SELECT RELTUPLES::bigint FROM PG_CATALOG.PG_CLASS WHERE relname = 'people'"),
        Attack.of(
            STATISTICS, ANSWERED, "SELECT \"relpages\" FROM pg_class WHERE relname = 'people'"),
        Attack.of(
            STATISTICS,
            ANSWERED,
            "SELECT U&\"reltuple\\0073\" FROM pg_class WHERE relname = 'people'"),
        Attack.of(
            STATISTICS, ANSWERED, "SELECT relname FROM pg_class ORDER BY reltuples DESC LIMIT 1"),
        Attack.of(STATISTICS, ANSWERED, "SELECT relname FROM pg_class WHERE reltuples > 611000"),
        Attack.of(STATISTICS, ANSWERED, "SELECT * FROM pg_class WHERE relname = 'people'"),
        Attack.of(STATISTICS, ANSWERED, "SELECT c FROM pg_class c WHERE relname = 'people'"),
        Attack.of(
            STATISTICS, ANSWERED, "SELECT to_json(c.*) FROM pg_class c WHERE relname = 'people'"),
        Attack.of(
            STATISTICS,
            ANSWERED,
            "SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'people'"),
        Attack.of(
            STATISTICS,
            ANSWERED,
            "SELECT n_tup_ins FROM pg_stat_all_tables WHERE relname = 'people'"),
        Attack.of(STATISTICS, ANSWERED, "SELECT pg_stat_get_live_tuples('people'::regclass)"),
        Attack.of(
            STATISTICS,
            ANSWERED,
            "SELECT pg_catalog.pg_stat_get_tuples_inserted(c.oid) FROM pg_class c"),
        Attack.of(
            STATISTICS, NO_LEAK, "SELECT pg_table_size('people'), pg_relation_size('people')"),
        Attack.of(STATISTICS, NO_LEAK, "SELECT pg_total_relation_size('people'::regclass)"),
        Attack.of(STATISTICS, NO_LEAK, "SELECT pg_database_size(current_database())"),
        Attack.of(STATISTICS, REFUSED, "SELECT last_value FROM people_id_seq"),
        Attack.of(STATISTICS, REFUSED, "SELECT pg_sequence_last_value('people_id_seq')"),
        Attack.of(STATISTICS, NO_LEAK, "SELECT last_value FROM pg_sequences"),
        Attack.of(
            STATISTICS,
            NO_LEAK,
            "SELECT histogram_bounds::text FROM pg_stats WHERE attname = 'salary'"),
        Attack.of(STATISTICS, REFUSED, "SELECT stavalues1::text FROM pg_statistic"),
        Attack.of(STATISTICS, REFUSED, "EXPLAIN SELECT * FROM people"),
        Attack.of(STATISTICS, REFUSED, "EXPLAIN (FORMAT JSON) SELECT relname FROM pg_class"),
        // server files and settings
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT pg_read_file('PG_VERSION')"),
        Attack.of(
            SERVER_FILES_SETTINGS, REFUSED, "SELECT pg_read_binary_file('global/pg_control')"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT * FROM pg_ls_dir('.')"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT pg_stat_file('postgresql.conf')"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT current_setting('data_directory')"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SHOW data_directory"),
        Attack.of(SERVER_FILES_SETTINGS, NO_LEAK, "SHOW ALL"), // the allow-list only
        Attack.of(SERVER_FILES_SETTINGS, NO_LEAK, "SELECT name, setting FROM pg_settings"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT * FROM pg_file_settings"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT * FROM pg_hba_file_rules"),
        Attack.of(SERVER_FILES_SETTINGS, REFUSED, "SELECT lo_import('/etc/hostname')"),
        // query_to_xml and other functions that run SQL text
        Attack.of(
            QUERY_TO_XML, REFUSED, "SELECT query_to_xml('select * from people', true, true, '')"),
        Attack.of(
            QUERY_TO_XML,
            REFUSED,
            "SELECT query_to_xml('select salary from people where salary > 7000000', true, false, '')"),
        Attack.of(QUERY_TO_XML, REFUSED, "SELECT table_to_xml('people', true, false, '')"),
        Attack.of(QUERY_TO_XML, REFUSED, "SELECT database_to_xml(true, true, '')"),
        Attack.of(
            QUERY_TO_XML, REFUSED, "SELECT * FROM ts_stat('SELECT to_tsvector(name) FROM people')"),
        Attack.of(QUERY_TO_XML, REFUSED, "SELECT payroll_total()"),
        // comment and dollar-quote tricks
        Attack.of(
            COMMENT_DOLLAR_TRICKS,
            REFUSED,
            "SELECT relname FROM pg_class WHERE relname = $x$people$x$ " + UNION_PEOPLE),
        Attack.of(COMMENT_DOLLAR_TRICKS, REFUSED, "SELECT $a$x$a$ " + UNION_PEOPLE),
        Attack.of(
            COMMENT_DOLLAR_TRICKS,
            REFUSED,
            "SELECT relname FROM pg_class WHERE relname = $$--$$ UNION ALL SELECT email FROM people"),
        Attack.of(
            COMMENT_DOLLAR_TRICKS,
            REFUSED,
            "SELECT 'it''s' AS a, relname FROM pg_class /* ' */ UNION ALL SELECT 'b', name FROM people"
                + " /* ' */"),
        Attack.of(COMMENT_DOLLAR_TRICKS, REFUSED, "SELECT E'\\'' AS a " + UNION_PEOPLE + " --'"),
        Attack.of(
            COMMENT_DOLLAR_TRICKS,
            NO_LEAK,
            "SELECT E'\\\\' AS a, relname FROM pg_class --' " + UNION_PEOPLE),
        Attack.of(
            COMMENT_DOLLAR_TRICKS,
            REFUSED,
            "SELECT $$ */ $$, relname FROM pg_class /* $$ */ " + UNION_PEOPLE),
        // U& identifiers and quoting
        Attack.of(UNICODE_IDENTIFIERS, REFUSED, "SELECT * FROM U&\"peopl\\0065\""),
        Attack.of(
            UNICODE_IDENTIFIERS,
            REFUSED,
            "SELECT U&\"s\\0061lary\" FROM people WHERE salary > 7000000"),
        Attack.of(
            UNICODE_IDENTIFIERS,
            REFUSED,
            "SELECT relname FROM pg_class UNION ALL SELECT U&\"!006e!0061me\" UESCAPE '!' FROM people"),
        Attack.of(UNICODE_IDENTIFIERS, ANSWERED, "SELECT * FROM U&\"pg_st\\0061t_user_tables\""),
        Attack.of(UNICODE_IDENTIFIERS, REFUSED, "SELECT * FROM \"people\""),
        Attack.of(
            UNICODE_IDENTIFIERS,
            REFUSED,
            "SELECT * FROM public.\"people\" WHERE \"salary\" > 7000000"),
        // plain raw reads and their disguises
        Attack.of(RAW_READS, REFUSED, "SELECT * FROM people"),
        Attack.of(RAW_READS, REFUSED, "SELECT salary FROM people WHERE salary > 7000000"),
        Attack.of(RAW_READS, REFUSED, "SELECT * FROM people_names"),
        // MAX of a bounded numeric column is a DP quantile (the exponential mechanism, audited by
        // QuantileAuditIT); MAX of a text column would release a stored value and stays refused
        Attack.of(RAW_READS, REFUSED_42501, "SELECT MAX(email) FROM people"),
        Attack.of(
            RAW_READS, REFUSED, "SELECT ARRAY(SELECT name FROM people WHERE salary > 7000000)"),
        Attack.of(RAW_READS, REFUSED, "VALUES ((SELECT email FROM people WHERE salary > 7000000))"),
        Attack.of(
            RAW_READS,
            REFUSED,
            "SELECT relname FROM pg_class WHERE EXISTS (SELECT 1 FROM people WHERE salary > 7000000)"),
        Attack.of(
            RAW_READS,
            REFUSED,
            "SELECT relname FROM pg_class, LATERAL (SELECT name FROM people) e"),
        Attack.of(
            RAW_READS,
            REFUSED,
            "SELECT textin(record_out(p)) FROM people p WHERE salary > 7000000"));
  }
}
