package dev.dpjdbc.benchmarks.rewrite;

import java.util.List;

/**
 * One analyst query and the candidate statements that answer it: the first shape is the raw
 * aggregate, the baseline every ratio is taken against; the others are rewrites of it.
 *
 * @param table the table the query reads (a row of the report)
 * @param aggregate SUM, COUNT or AVG
 * @param key the GROUP BY column, or null for a global aggregate
 */
public record Family(String table, String aggregate, String key, List<Shape> shapes) {
  public Family {
    shapes = List.copyOf(shapes);
    if (shapes.isEmpty()) {
      throw new IllegalArgumentException("a family needs at least the raw shape");
    }
  }

  /** The baseline: the analyst's query as written. */
  public Shape raw() {
    return shapes.get(0);
  }

  /** {@code employees SUM} or {@code employees SUM by region}. */
  public String title() {
    return table + " " + aggregate + (key == null ? "" : " by " + key);
  }
}
