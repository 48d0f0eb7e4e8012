package dev.dpjdbc.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The text rewrites that answer statistics columns as NULL (PostgreSQL re-checks their result). */
class ProbeTextMaskTest {
  private static final String SUB = "(SELECT x)";
  private static final Map<String, String> PG_CLASS = Map.of("pg_class", SUB);

  static Stream<Arguments> maskRelations() {
    return Stream.of(
        Arguments.of(
            "SELECT c.relname FROM pg_class c WHERE c.relkind = 'r'",
            "SELECT c.relname FROM " + SUB + " c WHERE c.relkind = 'r'"),
        Arguments.of(
            "SELECT pg_class.reltuples FROM pg_class",
            "SELECT pg_class.reltuples FROM " + SUB + " pg_class"),
        Arguments.of(
            "SELECT pg_class.relname FROM pg_catalog.pg_class WHERE true",
            "SELECT pg_class.relname FROM " + SUB + " pg_class WHERE true"),
        Arguments.of(
            "SELECT c.relname FROM (pg_class c\n     LEFT JOIN pg_namespace n ON ((n.oid = c.relnamespace)))",
            "SELECT c.relname FROM ("
                + SUB
                + " c\n     LEFT JOIN pg_namespace n ON ((n.oid = c.relnamespace)))"),
        Arguments.of(
            "SELECT 1 FROM pg_namespace n, pg_class JOIN x ON true",
            "SELECT 1 FROM pg_namespace n, " + SUB + " pg_class JOIN x ON true"),
        Arguments.of("SELECT c.b FROM pg_class c(a, b)", "SELECT c.b FROM " + SUB + " c(a, b)"),
        Arguments.of(
            "SELECT 'pg_class' AS t, 'x'::regclass FROM \"pg_class\" q",
            "SELECT 'pg_class' AS t, 'x'::regclass FROM \"pg_class\" q"),
        Arguments.of(
            "SELECT (c.*)::pg_class FROM pg_class c", "SELECT (c.*)::pg_class FROM " + SUB + " c"),
        Arguments.of( // a CTE named pg_class: only the qualified catalog reference is replaced
            "WITH pg_class AS (\n SELECT pg_class_1.oid FROM pg_catalog.pg_class pg_class_1\n)"
                + " SELECT pg_class.oid FROM pg_class",
            "WITH pg_class AS (\n SELECT pg_class_1.oid FROM "
                + SUB
                + " pg_class_1\n) SELECT pg_class.oid FROM pg_class"));
  }

  @ParameterizedTest
  @MethodSource
  void maskRelations(String sql, String expected) {
    assertEquals(expected, ProbeText.maskRelations(sql, PG_CLASS));
  }

  @Test
  void maskedRelation_selectsEveryColumnInOrder_statisticsAsNullOfTheirType() {
    assertEquals(
        "(SELECT \"oid\", \"relname\", NULL::real AS \"reltuples\", \"relkind\" FROM"
            + " pg_catalog.\"pg_class\")",
        ProbeText.maskedRelation(
            "pg_class",
            List.of(
                new String[] {"1", "oid", "oid"},
                new String[] {"2", "relname", "name"},
                new String[] {"3", "reltuples", "real"},
                new String[] {"4", "relkind", "\"char\""})));
    assertEquals(
        "(SELECT \"relid\", \"schemaname\", NULL::bigint AS \"n_live_tup\" FROM"
            + " pg_catalog.\"pg_stat_user_tables\")",
        ProbeText.maskedRelation(
            "pg_stat_user_tables",
            List.of(
                new String[] {"1", "relid", "oid"},
                new String[] {"2", "schemaname", "name"},
                new String[] {"3", "n_live_tup", "bigint"})));
  }

  @Test
  void statisticsFunctions_becomeNullOfTheirType() throws Exception {
    assertEquals(
        "SELECT NULL::bigint AS n, NULL::timestamp with time zone AS t FROM pg_index i",
        ProbeText.nullCalls(
            "SELECT pg_stat_get_numscans(i.indexrelid) AS n,"
                + " pg_catalog.pg_stat_get_last_analyze_time(i.indrelid) AS t FROM pg_index i",
            CatalogRules.nullFunctions()));
  }

  @Test
  void pseudoAsText_wrapsTheStatement() {
    assertEquals(
        "SELECT q.c1, q.c2::text FROM (SELECT a.attname, a.attmissingval FROM pg_attribute a -- x\n"
            + ") q(c1, c2)",
        ProbeText.pseudoAsText(
            "SELECT a.attname, a.attmissingval FROM pg_attribute a -- x",
            List.of("name", "anyarray"),
            Set.of("anyarray")));
  }
}
