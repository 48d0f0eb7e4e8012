package dev.dpjdbc.analyze.release;

import java.util.List;

/** The COUNT(DISTINCT ...) rewrites on embedded PostgreSQL ({@link DistinctRewrites}). */
class DistinctRewritesPostgresTest extends GoldenRewritesPostgresTest {
  @Override
  List<RewriteCases.Case> cases() {
    return DistinctRewrites.CASES;
  }

  @Override
  String goldenFile() {
    return "distinct-postgresql.md";
  }
}
