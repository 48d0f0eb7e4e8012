package dev.dpjdbc.it.boundary;

import java.util.Set;

/**
 * The words {@link Mutator} builds mutants from: line endings, keywords it leaves alone, catalog
 * and data relations and columns, CTE bodies, function calls that read statistics, files, settings
 * or data, second statements, and the settings that change how strings are read.
 */
final class FuzzVocabulary {
  private FuzzVocabulary() {}

  static final String[] LINE_ENDINGS = {"\n", "\r", "\r\n", "\f", "\u000b", "\t", " "};

  static final Set<String> KEYWORDS =
      Set.of(
          "select",
          "from",
          "where",
          "and",
          "or",
          "not",
          "join",
          "left",
          "right",
          "inner",
          "outer",
          "on",
          "as",
          "case",
          "when",
          "then",
          "else",
          "end",
          "in",
          "is",
          "null",
          "order",
          "by",
          "group",
          "having",
          "limit",
          "union",
          "all",
          "distinct",
          "with",
          "true",
          "false",
          "like",
          "ilike",
          "between",
          "exists",
          "any",
          "array",
          "cast",
          "operator",
          "collate",
          "offset",
          "using",
          "desc",
          "asc",
          "nulls",
          "first",
          "last",
          "over",
          "partition",
          "row",
          "table",
          "values",
          "full",
          "cross",
          "lateral",
          "natural",
          "set",
          "to",
          "session",
          "local",
          "show",
          "reset",
          "both",
          "trim",
          "leading",
          "trailing",
          "escape",
          "similar",
          "interval",
          "only");

  static final String[] CATALOG_RELATIONS = {
    "pg_class", "pg_namespace", "pg_attribute", "pg_type", "pg_index", "pg_constraint",
    "pg_description", "pg_proc", "pg_database", "pg_roles", "pg_stat_user_tables", "pg_settings"
  };

  static final String[] DATA_RELATIONS = {
    "people", "public.people", "\"people\"", "people_names", "ONLY people", "U&\"peopl\\0065\""
  };

  static final String[] COLUMN_NAMES = {
    "relname",
    "reltuples",
    "relpages",
    "relallvisible",
    "nspname",
    "oid",
    "attname",
    "name",
    "salary",
    "email",
    "n_live_tup",
    "typname",
    "relkind",
    "x"
  };

  static final String[] DATA_COLUMNS = {
    "name", "email", "salary", "salary::text", "(salary)", "\"salary\"", "U&\"em\\0061il\""
  };

  static final String[] CTE_BODIES = {
    "SELECT * FROM people",
    "SELECT name AS relname, email AS nspname, salary AS oid FROM people",
    "TABLE people",
    "SELECT relname AS name FROM pg_catalog.pg_class",
    "SELECT reltuples AS relname FROM pg_catalog.pg_class"
  };

  static final String[] FUNCTIONS = {
    "set_config('standard_conforming_strings', 'off', false)",
    "pg_catalog.set_config('search_path', 'public', false)",
    "pg_table_size('people')",
    "pg_relation_size('people'::regclass)",
    "pg_total_relation_size('public.people')",
    "pg_stat_get_live_tuples('people'::regclass)",
    "(SELECT reltuples FROM pg_catalog.pg_class WHERE relname = 'people')",
    "(SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'people')",
    "(SELECT name FROM people WHERE salary > 7000000)",
    "(SELECT max(salary) FROM people)",
    "query_to_xml('select name, salary from people where salary > 7000000', true, true, '')",
    "current_setting('data_directory')",
    "pg_read_file('PG_VERSION')",
    "(SELECT last_value FROM people_id_seq)",
    "payroll_total()",
    "(SELECT string_agg(query, ',') FROM pg_stat_activity)"
  };

  static final String[] SECOND_STATEMENTS = {
    "; SELECT name FROM people",
    ";TABLE people",
    ";\rSELECT email FROM people WHERE salary > 7000000",
    " --\r; SELECT salary FROM people WHERE salary > 7000000",
    " UNION ALL SELECT name FROM people",
    " --x\rUNION ALL SELECT email FROM people"
  };

  static final String[] SETTINGS = {
    "standard_conforming_strings",
    "backslash_quote",
    "client_encoding",
    "escape_string_warning",
    "search_path",
    "session_replication_role",
    "application_name",
    "DateStyle",
    "TimeZone",
    "extra_float_digits",
    "statement_timeout",
    "transaction_read_only",
    "role"
  };

  static final String[] SETTING_VALUES = {
    "off",
    "on",
    "'off'",
    "false",
    "SJIS",
    "'LATIN1'",
    "'people, public'",
    "replica",
    "DEFAULT",
    "'x'",
    "0",
    "dp_data"
  };
}
