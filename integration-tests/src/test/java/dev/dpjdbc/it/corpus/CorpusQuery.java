package dev.dpjdbc.it.corpus;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One entry of {@code corpus/queries.yaml}: a query that must be answered (compared with its exact
 * answer within the declared error) or refused (with the declared SQLState, charging nothing).
 *
 * @param id unique name, e.g. {@code a017}
 * @param issue 8 or 9: the issue whose acceptance the query belongs to
 * @param answer true for {@code expect: answer}, false for {@code expect: refuse}
 * @param sql the statement exactly as the analyst or the tool sends it
 * @param tags what the query exercises ({@code join}, {@code metabase}, {@code date}, ...)
 * @param backends where it runs ({@code postgres}, {@code h2}); a query that uses syntax only one
 *     backend has says so here
 * @param columns for answers, one {@link ColumnCheck} per output column, in order
 * @param probe a zero-row probe ({@code WHERE 1 = 0}, {@code LIMIT 0}): must return the exact
 *     answer's columns, no rows, and spend nothing
 * @param population for {@code rank} columns (1-based position → SQL returning the group keys then
 *     the aggregated value of every row): the population a released quantile is ranked in
 * @param sqlState for refusals, the SQLState the refusal must carry
 * @param message for refusals, a fragment the message must contain (case-insensitive)
 * @param knownBug a defect of the current driver that makes this query fail today (reported as
 *     NOT-YET until it is fixed), or null
 * @param units for a query whose groups are released by partition selection: SQL returning the
 *     group keys then each group's number of distinct privacy units ({@link SelectionCheck})
 */
record CorpusQuery(
    String id,
    int issue,
    boolean answer,
    String sql,
    List<String> tags,
    Set<String> backends,
    List<ColumnCheck> columns,
    boolean probe,
    Map<Integer, String> population,
    String sqlState,
    String message,
    String knownBug,
    String units) {

  CorpusQuery {
    if (issue != 8 && issue != 9) {
      throw new IllegalArgumentException(id + ": issue must be 8 or 9, got " + issue);
    }
    if (answer && !probe && columns.isEmpty()) {
      throw new IllegalArgumentException(id + ": an answer needs cmp: (one check per column)");
    }
    if (!answer && (sqlState == null || sqlState.length() != 5)) {
      throw new IllegalArgumentException(id + ": a refusal needs a five-character sqlstate");
    }
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).kind() == ColumnCheck.Kind.RANK && !population.containsKey(i + 1)) {
        throw new IllegalArgumentException(id + ": rank column " + (i + 1) + " needs population");
      }
    }
  }

  boolean runsOn(String backend) {
    return backends.contains(backend);
  }

  /** Positions (0-based) of the group-key columns rows are matched on. */
  List<Integer> keyColumns() {
    return java.util.stream.IntStream.range(0, columns.size())
        .filter(i -> columns.get(i).kind() == ColumnCheck.Kind.KEY)
        .boxed()
        .toList();
  }
}
