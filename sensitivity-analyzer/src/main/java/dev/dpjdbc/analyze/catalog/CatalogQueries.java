package dev.dpjdbc.analyze.catalog;

/**
 * Classifies statements that touch no user data and may go to the backend unchanged: catalog
 * queries (only {@code pg_catalog} / {@code information_schema} relations, built-in functions),
 * session statements (ordinary {@code SET}/{@code SHOW}, {@code BEGIN}/{@code COMMIT}/{@code
 * ROLLBACK}) — and refuses the ones that expose data (statistics views such as {@code pg_stats},
 * size functions, {@code reltuples}, user-defined functions).
 */
public final class CatalogQueries {
  private CatalogQueries() {}

  /** What to do with a statement. */
  public enum Verdict {
    /** Not a catalog/session statement: plan it as an aggregate query (or refuse it there). */
    NOT_CATALOG,
    /** Touches no user data: run it on the backend, return its result unchanged. */
    PASS_THROUGH,
    /** Catalog traffic that would expose data: refuse with {@link Classification#reason}. */
    REFUSE
  }

  public record Classification(Verdict verdict, String reason) {}

  public static Classification classify(String sql) {
    throw new UnsupportedOperationException("TODO(issue 4)");
  }
}
