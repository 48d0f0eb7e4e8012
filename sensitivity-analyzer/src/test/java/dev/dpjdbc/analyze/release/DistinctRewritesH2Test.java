package dev.dpjdbc.analyze.release;

import java.util.List;

/** The COUNT(DISTINCT ...) rewrites on H2 ({@link DistinctRewrites}). */
class DistinctRewritesH2Test extends GoldenRewritesH2Test {
  @Override
  List<RewriteCases.Case> cases() {
    return DistinctRewrites.CASES;
  }

  @Override
  String goldenFile() {
    return "distinct-h2.md";
  }
}
