package dev.dpjdbc.analyze.sql2rel;

import java.util.List;
import java.util.stream.Stream;

/**
 * The queries of the front-end tests: what must convert ({@link AnalystQueries}, {@link
 * ToolQueries}; each with its golden plan in {@code sql2rel/plans.txt}, keyed by id) and what must
 * be refused ({@link RefusedQueries}, with its SQLState). {@code {db}} stands for the connection's
 * database name. Parameters are the values the PostgreSQL oracle binds.
 */
final class FrontEndCases {
  private FrontEndCases() {}

  /** A query that must convert. */
  record Convert(String id, String sql, List<Object> params) {
    @Override
    public String toString() {
      return id;
    }
  }

  /**
   * A query that must be refused.
   *
   * @param postgresToo PostgreSQL refuses it as well (the oracle checks that it does)
   */
  record Refuse(String id, String sql, String state, String fragment, boolean postgresToo) {
    @Override
    public String toString() {
      return id;
    }
  }

  static List<Convert> converts() {
    return Stream.concat(AnalystQueries.all().stream(), ToolQueries.all().stream()).toList();
  }

  static List<Refuse> refusals() {
    return RefusedQueries.all();
  }
}
