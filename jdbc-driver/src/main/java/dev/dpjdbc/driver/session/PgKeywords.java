package dev.dpjdbc.driver.session;

import java.util.HashSet;
import java.util.Set;

/**
 * PostgreSQL's keywords that are not UNRESERVED (PostgreSQL 14, {@code
 * src/include/parser/kwlist.h}), in the two groups the SET grammar and quote_identifier care about.
 * A reserved word cannot be a bare SET value ({@code SET search_path = user} is a syntax error);
 * quote_identifier quotes every word of either group ({@code "user"}, {@code "time"}).
 */
final class PgKeywords {
  private PgKeywords() {}

  /** RESERVED_KEYWORD. */
  static final Set<String> RESERVED =
      words(
          """
          all analyse analyze and any array as asc asymmetric both case cast check collate column
          constraint create current_catalog current_date current_role current_time
          current_timestamp current_user default deferrable desc distinct do else end except false
          fetch for foreign from grant group having in initially intersect into lateral leading
          limit localtime localtimestamp not null offset on only or order placing primary
          references returning select session_user some symmetric table then to trailing true
          union unique user using variadic when where window with
          """);

  /** RESERVED_KEYWORD, COL_NAME_KEYWORD and TYPE_FUNC_NAME_KEYWORD. */
  static final Set<String> NOT_UNRESERVED =
      union(
          RESERVED,
          words(
              """
              between bigint bit boolean char character coalesce dec decimal exists extract float
              greatest grouping inout int integer interval least national nchar none nullif
              numeric out overlay position precision real row setof smallint substring time
              timestamp treat trim values varchar xmlattributes xmlconcat xmlelement xmlexists
              xmlforest xmlnamespaces xmlparse xmlpi xmlroot xmlserialize xmltable
              """),
          words(
              """
              authorization binary collation concurrently cross current_schema freeze full ilike
              inner is isnull join left like natural notnull outer overlaps right similar
              tablesample verbose
              """));

  private static Set<String> words(String text) {
    return Set.of(text.strip().split("\\s+"));
  }

  @SafeVarargs
  private static Set<String> union(Set<String>... sets) {
    Set<String> all = new HashSet<>();
    for (Set<String> s : sets) {
      all.addAll(s);
    }
    return Set.copyOf(all);
  }
}
