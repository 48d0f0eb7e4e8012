package dev.dpjdbc.driver.catalog;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a catalog pass-through statement may touch on PostgreSQL, judged on the objects PostgreSQL's
 * own parse resolved (by OID), never on names in the SQL text.
 *
 * <ul>
 *   <li><b>Relations:</b> every table of {@code pg_catalog} except those holding data or secrets
 *       ({@link #DENIED_TABLES}); the {@code pg_catalog} views in {@link #ALLOWED_VIEWS}, {@link
 *       #STATISTICS_VIEWS} and {@link #MASKED_COLUMNS} (the activity, histogram and credential
 *       views are not among them); every relation of {@code information_schema}. Nothing else: a
 *       user table, view or sequence is refused here, and the catalog role could not read it
 *       anyway.
 *   <li><b>Columns:</b> statistics and secret columns ({@link #masked}: {@code pg_class.reltuples},
 *       {@code relpages}, {@code relallvisible}, every counter of the {@code
 *       pg_stat*_tables/indexes} views, {@code pg_subscription.subconninfo}) are answered as NULL
 *       of their type, whatever alias names them and also inside a whole-row reference: PostgreSQL
 *       records the columns each relation is read for by column number, and the relation is
 *       replaced by a subquery that selects NULL in their place; the result is checked again with
 *       no masked column allowed.
 *   <li><b>Functions and operators:</b> only those of {@code pg_catalog} and {@code
 *       information_schema}, not {@code SECURITY DEFINER}, and either immutable (a pure function of
 *       its arguments) or named in {@link #ALLOWED_NON_IMMUTABLE} (catalog helpers that psql,
 *       pgJDBC and BI tools call: they read catalog rows, privileges and the session, never user
 *       data or statistics). Size and statistics functions ({@link #SIZE_FUNCTIONS}, {@link
 *       #STATISTICS_FUNCTIONS}) are answered as NULL instead of refusing the whole statement, so
 *       {@code \dt+} works.
 * </ul>
 *
 * <p>This is an allow-list over a fixed PostgreSQL release: a function or view added by a later
 * release is refused until it is listed here.
 */
public final class CatalogRules {
  private CatalogRules() {}

  static final String PG_CATALOG = "pg_catalog";
  static final String INFORMATION_SCHEMA = "information_schema";

  /**
   * Tables of pg_catalog that hold data, statistics or secrets. Not {@code pg_sequence}: it holds
   * sequence definitions only (start, increment, bounds, cache, cycle; no {@code last_value}), and
   * SQLAlchemy's column reflection reads it for identity columns.
   */
  static final Set<String> DENIED_TABLES =
      Set.of(
          "pg_statistic",
          "pg_statistic_ext_data",
          "pg_largeobject",
          "pg_authid",
          "pg_user_mapping",
          "pg_subscription_rel",
          "pg_replication_origin");

  /** Views of pg_catalog that show catalog definitions only (no statistics, activity, secrets). */
  static final Set<String> ALLOWED_VIEWS =
      Set.of(
          "pg_tables",
          "pg_views",
          "pg_matviews",
          "pg_indexes",
          "pg_roles",
          "pg_user",
          "pg_group",
          "pg_rules",
          "pg_policies",
          "pg_available_extensions",
          "pg_available_extension_versions",
          "pg_timezone_names",
          "pg_timezone_abbrevs",
          "pg_publication_tables",
          // settings as the catalog role may see them (superuser-only values stay hidden)
          "pg_settings",
          "pg_seclabels");

  /**
   * Relations of pg_catalog with columns that are statistics of the data or secrets: those columns
   * are answered as NULL of their type, the others are real.
   */
  static final Map<String, Set<String>> MASKED_COLUMNS =
      Map.of(
          "pg_class", Set.of("relpages", "reltuples", "relallvisible"),
          "pg_subscription", Set.of("subconninfo"),
          "pg_user_mappings", Set.of("umoptions"));

  /**
   * Statistics views of pg_catalog whose rows are one per table or index (a function of the
   * catalog): only {@link #IDENTITY_COLUMNS} are real, every counter, size and timestamp is NULL.
   * {@code pg_stat_activity}, {@code pg_stats}, {@code pg_statistic*} and {@code
   * pg_stat_statements} are not among them: their rows or values are other sessions' query texts or
   * histograms of the data itself, so they stay refused.
   */
  static final Set<String> STATISTICS_VIEWS =
      Set.of(
          "pg_stat_all_tables",
          "pg_stat_user_tables",
          "pg_stat_sys_tables",
          "pg_stat_xact_all_tables",
          "pg_stat_xact_user_tables",
          "pg_stat_xact_sys_tables",
          "pg_statio_all_tables",
          "pg_statio_user_tables",
          "pg_statio_sys_tables",
          "pg_stat_all_indexes",
          "pg_stat_user_indexes",
          "pg_stat_sys_indexes",
          "pg_statio_all_indexes",
          "pg_statio_user_indexes",
          "pg_statio_sys_indexes",
          "pg_statio_all_sequences",
          "pg_statio_user_sequences",
          "pg_statio_sys_sequences");

  /** The columns of {@link #STATISTICS_VIEWS} that name a table or index (kept real). */
  static final Set<String> IDENTITY_COLUMNS =
      Set.of("relid", "schemaname", "relname", "indexrelid", "indexrelname");

  /** Whether column {@code column} of pg_catalog relation {@code relation} is answered as NULL. */
  static boolean masked(String relation, String column) {
    if (STATISTICS_VIEWS.contains(relation)) {
      return !IDENTITY_COLUMNS.contains(column);
    }
    return MASKED_COLUMNS.getOrDefault(relation, Set.of()).contains(column);
  }

  /** Whether pg_catalog relation {@code name} of kind {@code relkind} may be read at all. */
  static boolean allowedRelation(String name, String relkind) {
    if (relkind.equals("r")) {
      return !DENIED_TABLES.contains(name);
    }
    return ALLOWED_VIEWS.contains(name)
        || STATISTICS_VIEWS.contains(name)
        || MASKED_COLUMNS.containsKey(name);
  }

  /** Size functions: answered as NULL of their type (bigint), never computed. */
  static final Set<String> SIZE_FUNCTIONS =
      Set.of(
          "pg_table_size",
          "pg_total_relation_size",
          "pg_relation_size",
          "pg_indexes_size",
          "pg_database_size",
          "pg_tablespace_size");

  /**
   * Per-table and per-index statistics functions (what the {@link #STATISTICS_VIEWS} are made of,
   * and what DBeaver calls for an index's scan count): answered as NULL of their type, never
   * computed. The per-backend and per-database ones ({@code pg_stat_get_backend_activity}, …) are
   * not among them and stay refused.
   */
  static final Map<String, String> STATISTICS_FUNCTIONS = statisticsFunctions();

  private static Map<String, String> statisticsFunctions() {
    Map<String, String> m = new java.util.HashMap<>();
    for (String counter :
        List.of(
            "numscans",
            "tuples_returned",
            "tuples_fetched",
            "tuples_inserted",
            "tuples_updated",
            "tuples_deleted",
            "tuples_hot_updated",
            "blocks_fetched",
            "blocks_hit")) {
      m.put("pg_stat_get_" + counter, "bigint");
      m.put("pg_stat_get_xact_" + counter, "bigint");
    }
    for (String counter :
        List.of(
            "live_tuples",
            "dead_tuples",
            "mod_since_analyze",
            "ins_since_vacuum",
            "vacuum_count",
            "autovacuum_count",
            "analyze_count",
            "autoanalyze_count")) {
      m.put("pg_stat_get_" + counter, "bigint");
    }
    for (String time :
        List.of(
            "last_vacuum_time",
            "last_autovacuum_time",
            "last_analyze_time",
            "last_autoanalyze_time",
            "lastscan")) {
      m.put("pg_stat_get_" + time, "timestamp with time zone");
    }
    return Map.copyOf(m);
  }

  /** The functions answered as NULL, each with its result type: sizes and statistics. */
  static Map<String, String> nullFunctions() {
    Map<String, String> m = new java.util.HashMap<>(STATISTICS_FUNCTIONS);
    SIZE_FUNCTIONS.forEach(f -> m.put(f, "bigint"));
    return m;
  }

  /**
   * Stable or volatile pg_catalog functions that read only catalog rows, privileges or the session:
   * what psql's {@code \d} family, pgJDBC's {@code DatabaseMetaData}, psycopg/SQLAlchemy
   * inspection, pgcli, DBeaver and Metabase call.
   */
  static final Set<String> ALLOWED_NON_IMMUTABLE =
      Set.of(
          // deparsing catalog definitions
          "pg_get_expr",
          "pg_get_constraintdef",
          "pg_get_indexdef",
          "pg_get_viewdef",
          "pg_get_ruledef",
          "pg_get_triggerdef",
          "pg_get_functiondef",
          "pg_get_function_arguments",
          "pg_get_function_identity_arguments",
          "pg_get_function_result",
          "pg_get_function_arg_default",
          "pg_get_partkeydef",
          "pg_get_partition_constraintdef",
          "pg_get_serial_sequence",
          "pg_get_statisticsobjdef",
          "pg_get_statisticsobjdef_columns",
          "pg_get_statisticsobjdef_expressions",
          "pg_get_userbyid",
          "pg_get_function_sqlbody",
          "pg_tablespace_location",
          "pg_get_keywords",
          "pg_get_publication_tables",
          "pg_options_to_table",
          "pg_describe_object",
          "pg_identify_object",
          "pg_identify_object_as_address",
          "pg_get_object_address",
          "pg_relation_is_publishable",
          // whether a relation or column accepts INSERT/UPDATE/DELETE, from its kind, rules and
          // triggers (information_schema.tables and columns call them)
          "pg_relation_is_updatable",
          "pg_column_is_updatable",
          // a column's position in an index, from pg_index (information_schema.key_column_usage)
          "_pg_index_position",
          "pg_partition_tree",
          "pg_partition_root",
          "pg_partition_ancestors",
          "pg_index_column_has_property",
          "pg_index_has_property",
          "pg_indexam_has_property",
          "pg_collation_is_visible",
          "pg_conversion_is_visible",
          "pg_function_is_visible",
          "pg_opclass_is_visible",
          "pg_operator_is_visible",
          "pg_opfamily_is_visible",
          "pg_statistics_obj_is_visible",
          "pg_table_is_visible",
          "pg_ts_config_is_visible",
          "pg_ts_dict_is_visible",
          "pg_ts_parser_is_visible",
          "pg_ts_template_is_visible",
          "pg_type_is_visible",
          "format_type",
          "obj_description",
          "col_description",
          "shobj_description",
          "pg_encoding_to_char",
          "pg_char_to_encoding",
          "getdatabaseencoding",
          "pg_client_encoding",
          "pg_encoding_max_length",
          "pg_typeof",
          "pg_settings_get_flags",
          // privileges of the session's role
          "has_any_column_privilege",
          "has_column_privilege",
          "has_database_privilege",
          "has_foreign_data_wrapper_privilege",
          "has_function_privilege",
          "has_language_privilege",
          "has_schema_privilege",
          "has_sequence_privilege",
          "has_server_privilege",
          "has_table_privilege",
          "has_tablespace_privilege",
          "has_type_privilege",
          "pg_has_role",
          "row_security_active",
          "acldefault",
          "aclexplode",
          "makeaclitem",
          // the session
          "current_database",
          "current_schema",
          "current_schemas",
          "current_user",
          "current_role",
          "session_user",
          "user",
          "current_setting",
          "version",
          "pg_backend_pid",
          "pg_my_temp_schema",
          "pg_is_other_temp_schema",
          "pg_jit_available",
          "pg_trigger_depth",
          "pg_postmaster_start_time",
          "pg_conf_load_time",
          "inet_client_addr",
          "inet_client_port",
          "inet_server_addr",
          "inet_server_port",
          "pg_is_in_recovery",
          "now",
          "statement_timestamp",
          "transaction_timestamp",
          "clock_timestamp",
          "timeofday",
          "localtime",
          "localtimestamp",
          "current_date",
          "current_time",
          "current_timestamp",
          // type input/output and conversions that depend on session settings (DateStyle,
          // TimeZone, search_path), not on data
          "to_char",
          "to_date",
          "to_timestamp",
          "to_number",
          "date_part",
          "date_trunc",
          "extract",
          "timezone",
          "age",
          "array_to_string",
          "array_in",
          "array_out",
          "record_in",
          "record_out",
          "regclassin",
          "regclassout",
          "regprocin",
          "regprocout",
          "regprocedurein",
          "regprocedureout",
          "regoperin",
          "regoperout",
          "regoperatorin",
          "regoperatorout",
          "regtypein",
          "regtypeout",
          "regnamespacein",
          "regnamespaceout",
          "regrolein",
          "regroleout",
          "regconfigin",
          "regconfigout",
          "regcollationin",
          "regcollationout",
          "text_regclass",
          "regclass", // the text -> regclass cast (prosrc text_regclass), as SQLAlchemy reflects
          "to_regclass",
          "to_regtype",
          "to_regproc",
          "to_regprocedure",
          "to_regoper",
          "to_regoperator",
          "to_regnamespace",
          "to_regrole",
          "to_regcollation",
          "format",
          "concat",
          "concat_ws",
          "textanycat",
          "anytextcat",
          "quote_literal",
          "quote_nullable",
          "string_agg",
          "array_agg",
          "json_agg",
          "jsonb_agg",
          "json_build_object",
          "jsonb_build_object",
          "json_object_agg",
          "row_to_json",
          "to_json",
          "to_jsonb",
          "xmlagg",
          "generate_subscripts",
          "unnest",
          "pg_size_pretty");
}
