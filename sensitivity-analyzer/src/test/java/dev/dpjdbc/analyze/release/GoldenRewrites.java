package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.sql.JDBCType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The golden file of the relational planner's rewrites, {@code docs/golden/rewrites-<backend>.md}:
 * for each of {@link RewriteCases#CASES}, the analyst's SQL, the backend SQL (laid out by {@link
 * SqlLayout}, whitespace only), its parameters in order, the preflight, λ per noisy coordinate, the
 * group keys and what the bounds rest on. Markdown, for review.
 */
final class GoldenRewrites {
  private GoldenRewrites() {}

  static String fileName(Backend backend) {
    return "rewrites-" + backend.name().toLowerCase(Locale.ROOT) + ".md";
  }

  static String header(Backend backend) {
    String name = backend == Backend.H2 ? "H2" : "PostgreSQL";
    return "# Golden rewrites: "
        + name
        + "\n\n"
        + "Written by `GoldenRewrites"
        + (backend == Backend.H2 ? "H2" : "Postgres")
        + "Test` (sensitivity-analyzer, package `analyze.release`); do not edit by hand. The test"
        + " fails when the relational planner's output differs from this file; to re-record after a"
        + " deliberate change, run it with `-Drewrites.golden.write=../docs/golden` and review the"
        + " diff. The same test executes every backend SQL below on "
        + name
        + " with its parameters bound, over the multi-table schema of the relational tests"
        + " (`sensitivity-analyzer/src/test/resources/sql2rel/schema.sql`, data within every bound"
        + " and cap), and checks that the released columns, computed from the true (noise-free)"
        + " coordinates and post-processed, equal the plain query's answer.\n\n"
        + "Per query: the analyst's SQL; the SQL sent to the backend, laid out for reading"
        + " (whitespace only; every `?` is a bind parameter, no literal of the analyst's is in the"
        + " text); the parameters in order; the preflight (constant expressions evaluated before"
        + " the query, reading no table); per noisy coordinate its sensitivity λ; the group keys"
        + " with their public domains and L0 (groups per person); and what the bounds rest on, as"
        + " EXPLAIN PRIVACY shows it.\n\n"
        + "Policy:\n\n```yaml\n"
        + RewriteCases.POLICY
        + "```\n";
  }

  /** The section of one query. */
  static String section(int number, RewriteCases.Case c, PrivacyPlan plan) {
    StringBuilder out = new StringBuilder();
    out.append("\n## ").append(number).append(". ").append(c.id()).append("\n\n");
    out.append(c.what()).append(".\n\n");
    out.append("```sql\n").append(c.sql()).append("\n```\n\n");
    out.append("Backend SQL:\n\n```sql\n").append(SqlLayout.pretty(plan.rewrittenSql()));
    out.append("```\n\n");
    out.append("Parameters: ").append(parameters(plan.rewritten(), c)).append("\n\n");
    if (plan.preflight() != null) {
      out.append("Preflight:\n\n```sql\n").append(SqlLayout.pretty(plan.preflight().sql()));
      out.append("```\n\n");
      out.append("Preflight parameters: ").append(parameters(plan.preflight(), c)).append("\n\n");
    }
    out.append("| coordinate | aggregate | λ |\n|---|---|---|\n");
    for (Coordinate k : plan.coordinates()) {
      out.append("| ")
          .append(k.name())
          .append(" | ")
          .append(k.description().replace("|", "\\|"))
          .append(" | ")
          .append(number(k.sensitivity()))
          .append(" |\n");
    }
    out.append('\n');
    if (!plan.groupKeys().isEmpty()) {
      List<String> keys = new ArrayList<>();
      for (GroupKey k : plan.groupKeys()) {
        keys.add("`" + k.column() + "` ∈ " + k.domain() + " (" + k.domainSource() + ")");
      }
      out.append("Group keys: ")
          .append(String.join("; ", keys))
          .append("; L0 = ")
          .append(plan.maxGroupsPerUnit())
          .append(".\n\n");
    }
    out.append("Bounds:\n");
    for (BoundUse b : plan.bounds()) {
      String where = b.column() == null || b.column().isBlank() ? "" : b.column() + " ";
      out.append("- ").append(where).append(b.what()).append(" (").append(b.source()).append(")\n");
    }
    return out.toString();
  }

  private static String parameters(BoundSql sql, RewriteCases.Case c) {
    if (sql.parameters().isEmpty()) {
      return "none";
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < sql.parameters().size(); i++) {
      ParameterSource p = sql.parameters().get(i);
      String text =
          p instanceof ParameterSource.Constant k
              ? "`"
                  + k.value()
                  + "` "
                  + (k.jdbcType() == java.sql.Types.OTHER
                      ? "untyped"
                      : JDBCType.valueOf(k.jdbcType()).getName())
              : "the analyst's ?"
                  + (((ParameterSource.Analyst) p).index() + 1)
                  + " (here `"
                  + c.parameters()[((ParameterSource.Analyst) p).index()]
                  + "`)";
      out.add((i + 1) + ": " + text);
    }
    return String.join(", ", out);
  }

  private static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
