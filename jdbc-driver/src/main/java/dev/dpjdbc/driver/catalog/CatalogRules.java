package dev.dpjdbc.driver.catalog;

import java.util.Set;

/**
 * What a catalog pass-through statement may touch on PostgreSQL, judged on the objects PostgreSQL's
 * own parse resolved (by OID), never on names in the SQL text.
 *
 * <ul>
 *   <li><b>Relations:</b> every table of {@code pg_catalog} except those holding data or secrets
 *       ({@link #DENIED_TABLES}); the {@code pg_catalog} views in {@link #ALLOWED_VIEWS} (the
 *       statistics, activity, settings and credential views are not among them); every relation of
 *       {@code information_schema}. Nothing else: a user table, view or sequence is refused here,
 *       and the catalog role could not read it anyway.
 *   <li><b>Columns:</b> the statistics columns of {@code pg_class} ({@link #PG_CLASS_STATISTICS})
 *       and whole-row references to {@code pg_class} are refused, whatever alias names them:
 *       PostgreSQL records the columns each relation is read for by column number.
 *   <li><b>Functions and operators:</b> only those of {@code pg_catalog} and {@code
 *       information_schema}, not {@code SECURITY DEFINER}, and either immutable (a pure function of
 *       its arguments) or named in {@link #ALLOWED_NON_IMMUTABLE} (catalog helpers that psql,
 *       pgJDBC and BI tools call: they read catalog rows, privileges and the session, never user
 *       data or statistics). Size functions ({@link #SIZE_FUNCTIONS}) are answered as NULL instead
 *       of refusing the whole statement, so {@code \dt+} works.
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
          "pg_largeobject_metadata",
          "pg_authid",
          "pg_auth_members",
          "pg_user_mapping",
          "pg_subscription",
          "pg_subscription_rel",
          "pg_replication_origin",
          "pg_db_role_setting");

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

  /** Column names of pg_class that are statistics of the data. */
  static final Set<String> PG_CLASS_STATISTICS = Set.of("relpages", "reltuples", "relallvisible");

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
          "pg_get_keywords",
          "pg_get_publication_tables",
          "pg_options_to_table",
          "pg_describe_object",
          "pg_identify_object",
          "pg_identify_object_as_address",
          "pg_get_object_address",
          "pg_relation_is_publishable",
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
          "pg_client_encoding",
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
