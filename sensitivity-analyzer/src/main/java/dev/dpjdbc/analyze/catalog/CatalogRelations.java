package dev.dpjdbc.analyze.catalog;

import java.util.Set;

/**
 * The relation lists behind {@link CatalogQueries}: which catalog relations expose data or
 * data-derived numbers (refused), which {@code pg_*} names are PostgreSQL's own, and which columns
 * count a table's rows.
 */
final class CatalogRelations {
  private CatalogRelations() {}

  /**
   * Statistics relations holding sampled column values, histograms or row counts. {@code
   * pg_statistic_ext} itself holds only the definitions of extended-statistics objects (their data
   * lives in {@code pg_statistic_ext_data} since PostgreSQL 12) and psql's {@code \d} reads it, so
   * it passes.
   */
  static String deniedRelation(String name) {
    if (Set.of(
                "pg_stats",
                "pg_stats_ext",
                "pg_stats_ext_exprs",
                "pg_statistic",
                "pg_statistic_ext_data")
            .contains(name)
        || name.startsWith("pg_stat_")
        || name.startsWith("pg_statio_")) {
      return "relation "
          + name
          + " exposes statistics computed from the data (values, histograms,"
          + " row counts)";
    }
    if (Set.of("sessions", "query_statistics", "pg_prepared_statements", "pg_cursors")
        .contains(name)) {
      return "relation "
          + name
          + " shows SQL text of this or other sessions (other analysts' queries and literals)";
    }
    if (Set.of("pg_file_settings", "pg_hba_file_rules", "pg_ident_file_mappings", "pg_config")
        .contains(name)) {
      return "relation " + name + " shows server configuration files, which can hold credentials";
    }
    if (name.equals("pg_sequences")) {
      return "relation pg_sequences shows each sequence's last_value, which counts the rows"
          + " inserted into a table";
    }
    if (name.startsWith("pg_largeobject")) {
      return "relation " + name + " holds large-object data stored by users";
    }
    if (Set.of("pg_authid", "pg_shadow", "pg_user_mapping", "pg_user_mappings", "pg_subscription")
        .contains(name)) {
      return "relation " + name + " holds credentials (password hashes or connection strings)";
    }
    return null;
  }

  /**
   * PostgreSQL's own catalog tables and views (15/16). An unqualified {@code pg_*} relation outside
   * this list may be a user table in {@code public} (nothing stops a DBA naming one {@code
   * pg_salaries}), so it is not catalog traffic; qualified {@code pg_catalog.*} names cannot be.
   */
  static final Set<String> SYSTEM_RELATIONS =
      Set.of(
          "pg_aggregate",
          "pg_am",
          "pg_amop",
          "pg_amproc",
          "pg_attrdef",
          "pg_attribute",
          "pg_auth_members",
          "pg_cast",
          "pg_class",
          "pg_collation",
          "pg_constraint",
          "pg_conversion",
          "pg_database",
          "pg_db_role_setting",
          "pg_default_acl",
          "pg_depend",
          "pg_description",
          "pg_enum",
          "pg_event_trigger",
          "pg_extension",
          "pg_foreign_data_wrapper",
          "pg_foreign_server",
          "pg_foreign_table",
          "pg_index",
          "pg_inherits",
          "pg_init_privs",
          "pg_language",
          "pg_namespace",
          "pg_opclass",
          "pg_operator",
          "pg_opfamily",
          "pg_parameter_acl",
          "pg_partitioned_table",
          "pg_policy",
          "pg_proc",
          "pg_publication",
          "pg_publication_namespace",
          "pg_publication_rel",
          "pg_range",
          "pg_replication_origin",
          "pg_rewrite",
          "pg_seclabel",
          "pg_sequence",
          "pg_shdepend",
          "pg_shdescription",
          "pg_shseclabel",
          "pg_statistic_ext",
          "pg_subscription_rel",
          "pg_tablespace",
          "pg_transform",
          "pg_trigger",
          "pg_ts_config",
          "pg_ts_config_map",
          "pg_ts_dict",
          "pg_ts_parser",
          "pg_ts_template",
          "pg_type",
          "pg_available_extensions",
          "pg_available_extension_versions",
          "pg_group",
          "pg_indexes",
          "pg_locks",
          "pg_matviews",
          "pg_policies",
          "pg_prepared_xacts",
          "pg_publication_tables",
          "pg_replication_origin_status",
          "pg_replication_slots",
          "pg_roles",
          "pg_rules",
          "pg_seclabels",
          "pg_settings",
          "pg_tables",
          "pg_timezone_abbrevs",
          "pg_timezone_names",
          "pg_user",
          "pg_views");

  /**
   * Columns that estimate table sizes: pg_class's, and H2's {@code
   * INFORMATION_SCHEMA.TABLES.ROW_COUNT_ESTIMATE} (exact on H2's MVStore).
   */
  static final Set<String> SIZE_COLUMNS =
      Set.of("reltuples", "relpages", "relallvisible", "row_count_estimate");
}
