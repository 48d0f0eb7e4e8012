package dev.dpjdbc.analyze.catalog;

import java.util.List;
import java.util.Set;

/**
 * The name lists behind {@link CatalogQueries}: relations and functions that expose data (refused),
 * built-in catalog helpers (allowed), and keywords that look like function calls.
 */
final class CatalogNames {
  private CatalogNames() {}

  static final Set<String> CATALOG_SCHEMAS = Set.of("pg_catalog", "information_schema");

  private static final Set<String> SIZE_FUNCTIONS =
      Set.of(
          "pg_relation_size",
          "pg_total_relation_size",
          "pg_table_size",
          "pg_indexes_size",
          "pg_database_size",
          "pg_tablespace_size",
          "pg_column_size",
          "pg_sequence_last_value",
          "ts_stat",
          "currtid2",
          "currtid_byrelname");

  private static final List<String> DENIED_PREFIXES =
      List.of(
          "pg_read_file",
          "pg_read_binary_file",
          "pg_ls_",
          "pg_stat_",
          "pg_statio_",
          "pg_sleep",
          "lo_",
          "dblink",
          "query_to_",
          "table_to_",
          "cursor_to_",
          "database_to_",
          "schema_to_");

  /** Why calling {@code name} is refused, or null. */
  static String deniedFunction(String name) {
    if (SIZE_FUNCTIONS.contains(name)) {
      return "function "
          + name
          + " reveals the size or row count of stored data, or runs SQL outside the privacy"
          + " pipeline";
    }
    for (String prefix : DENIED_PREFIXES) {
      if (name.startsWith(prefix)) {
        return "function "
            + name
            + " reads files, runs SQL, sleeps or reads data statistics outside the privacy pipeline";
      }
    }
    return null;
  }

  /** Functions with side effects: never catalog traffic, even when qualified with pg_catalog. */
  static boolean sideEffect(String name) {
    return Set.of(
                "pg_terminate_backend",
                "pg_cancel_backend",
                "pg_reload_conf",
                "pg_rotate_logfile",
                "pg_switch_wal",
                "pg_promote",
                "pg_notify",
                "nextval",
                "setval",
                "currval",
                "lastval")
            .contains(name)
        || name.startsWith("pg_advisory")
        || name.startsWith("pg_try_advisory")
        || name.startsWith("pg_create_")
        || name.startsWith("pg_drop_")
        || name.startsWith("pg_replication_")
        || name.startsWith("pg_logical_")
        || name.startsWith("pg_import_")
        || name.startsWith("pg_file_")
        || name.startsWith("pg_backup")
        || name.startsWith("txid_")
        || name.startsWith("pg_current_");
  }

  private static final Set<String> HELPERS =
      Set.of(
          "format_type",
          "obj_description",
          "col_description",
          "shobj_description",
          "pg_encoding_to_char",
          "pg_char_to_encoding",
          "pg_client_encoding",
          "pg_has_role",
          "pg_typeof",
          "pg_backend_pid",
          "pg_postmaster_start_time",
          "pg_is_in_recovery",
          "pg_size_pretty",
          "pg_tablespace_location",
          "pg_relation_is_updatable",
          "pg_relation_is_publishable",
          "oidvectortypes",
          "pg_column_is_updatable",
          "pg_options_to_table",
          "pg_indexam_has_property",
          "pg_index_has_property",
          "pg_index_column_has_property",
          "pg_collation_for",
          "pg_jit_available",
          "pg_partition_tree",
          "pg_partition_root",
          "pg_partition_ancestors",
          "version",
          "set_config",
          "quote_ident",
          "quote_literal",
          "quote_nullable",
          "format",
          "lower",
          "upper",
          "length",
          "char_length",
          "octet_length",
          "substr",
          "strpos",
          "concat",
          "concat_ws",
          "replace",
          "translate",
          "split_part",
          "left",
          "right",
          "btrim",
          "ltrim",
          "rtrim",
          "lpad",
          "rpad",
          "repeat",
          "regexp_replace",
          "regexp_match",
          "regexp_matches",
          "string_to_array",
          "string_agg",
          "starts_with",
          "encode",
          "md5",
          "unnest",
          "generate_series",
          "generate_subscripts",
          "count",
          "min",
          "max",
          "sum",
          "avg",
          "bool_and",
          "bool_or",
          "every",
          "json_agg",
          "jsonb_agg",
          "json_build_object",
          "jsonb_build_object",
          "row_number",
          "rank",
          "dense_rank",
          "grouping",
          "abs",
          "now",
          "to_char",
          "to_number",
          "textlen",
          "texteq",
          "int4",
          "int8",
          "text",
          "oid",
          "regclass",
          "regtype",
          "cardinality",
          "exists",
          "isfinite");

  /**
   * Built-in helpers a catalog query may call, qualified with {@code pg_catalog} or not. An
   * allow-list also for qualified names: {@code pg_catalog} holds functions that read data or
   * data-derived numbers ({@code pg_sequence_last_value}, {@code ts_stat('SELECT ...')}, {@code
   * pg_stat_get_*}), and a deny-list would have to know every one of them in every version.
   */
  static boolean catalogHelper(String name) {
    return HELPERS.contains(name)
        || name.startsWith("_pg_") // information_schema helpers (_pg_expandarray, ...)
        || name.startsWith("pg_get_")
        || name.endsWith("_is_visible")
        || name.startsWith("array_")
        || name.startsWith("current_")
        || (name.startsWith("has_") && name.endsWith("_privilege"));
  }

  /** Words that precede a parenthesis without being a function call. */
  static final Set<String> NOT_FUNCTIONS =
      Set.of(
          "in",
          "exists",
          "any",
          "all",
          "some",
          "array",
          "values",
          "cast",
          "coalesce",
          "nullif",
          "greatest",
          "least",
          "row",
          "and",
          "or",
          "not",
          "on",
          "using",
          "over",
          "filter",
          "within",
          "as",
          "then",
          "else",
          "when",
          "select",
          "from",
          "where",
          "join",
          "lateral",
          "case",
          "by",
          "is",
          "like",
          "ilike",
          "similar",
          "escape",
          "operator",
          "extract",
          "position",
          "substring",
          "trim",
          "overlay",
          "union",
          "intersect",
          "except",
          "distinct",
          "limit",
          "offset",
          "having",
          "group",
          "order",
          "partition",
          "rows",
          "range",
          "window",
          "collate",
          "interval",
          "timestamp",
          "timestamptz",
          "date",
          "time",
          "varchar",
          "char",
          "character",
          "numeric",
          "decimal",
          "float",
          "double",
          "precision",
          "bit",
          "varying",
          "between",
          "to",
          "with",
          "recursive",
          "materialized",
          "only",
          "inner",
          "full",
          "cross",
          "outer",
          "natural",
          "null",
          "true",
          "false",
          "default",
          "desc",
          "asc",
          "nulls",
          "first",
          "last",
          "end",
          "if");

  /** Words that end a FROM list. */
  static final Set<String> FROM_LIST_END =
      Set.of(
          "where",
          "group",
          "having",
          "order",
          "limit",
          "offset",
          "union",
          "intersect",
          "except",
          "window",
          "fetch",
          "for",
          "returning");

  /** Words that cannot be a table alias. */
  static final Set<String> NOT_ALIAS =
      Set.of(
          "where",
          "group",
          "having",
          "order",
          "limit",
          "offset",
          "union",
          "intersect",
          "except",
          "window",
          "fetch",
          "for",
          "on",
          "using",
          "join",
          "left",
          "right",
          "full",
          "inner",
          "cross",
          "natural",
          "outer",
          "tablesample",
          "with");

  /** Statement words that modify data or schema: never catalog traffic. */
  static final Set<String> WRITES =
      Set.of(
          "insert",
          "update",
          "delete",
          "merge",
          "into",
          "truncate",
          "copy",
          "create",
          "drop",
          "alter",
          "grant",
          "revoke",
          "call",
          "execute",
          "lock",
          "vacuum",
          "notify",
          "listen");
}
