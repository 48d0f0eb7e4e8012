package dev.dpjdbc.benchmarks.rewrite;

import java.util.ArrayList;
import java.util.List;

/**
 * The joined queries: {@code visits} along its foreign key to {@code employees}, which the old
 * analyzer refuses (its cell is n/a) and the relational analyzer answers with per-(unit, group)
 * pre-aggregation over the join. The shapes:
 *
 * <ul>
 *   <li>{@code raw}: the analyst's join;
 *   <li>the generated shapes ({@code new}, {@code new-policy}, see {@link CandidateShapes});
 *   <li>{@code pre-first}: a hand-written candidate that pre-aggregates visits per unit
 *       <em>before</em> the join, clamps each unit's count to C and its sum to [C·L, C·U], and then
 *       joins the ~193k per-unit rows to employees by its primary key. It is a valid bounded
 *       rewrite here because the group key ({@code e.region}) is a column of the unit's own row:
 *       each unit is in exactly one group, so L0 = 1 needs no enforcing and per-unit equals
 *       per-(unit, group).
 * </ul>
 */
final class JoinShapes {
  private static final String JOIN = " FROM visits v JOIN employees e ON v.employee_id = e.id";

  private final CandidateShapes generator;

  JoinShapes(CandidateShapes generator) {
    this.generator = generator;
  }

  List<Family> all() {
    return List.of(
        family(
            "COUNT+SUM",
            "region",
            "SELECT e.region, COUNT(*), SUM(v.minutes)" + JOIN + " GROUP BY e.region"),
        family("SUM", null, "SELECT SUM(v.minutes)" + JOIN));
  }

  private Family family(String aggregate, String key, String raw) {
    List<Shape> shapes = new ArrayList<>();
    shapes.add(Shape.of("raw", raw));
    shapes.addAll(generator.generated(raw));
    shapes.add(Shape.of("pre-first", preFirst(key, aggregate.startsWith("COUNT"))));
    return new Family("visits⋈employees", aggregate, key, shapes);
  }

  /** Per-unit pre-aggregation of visits, clamped, then the join by employees' primary key. */
  private static String preFirst(String key, boolean count) {
    int c = BenchData.ROWS_PER_UNIT;
    String sum = "SUM(LEAST(GREATEST(t.s, 0), " + c * BenchData.MINUTES_MAX + "))";
    String outputs = (count ? "SUM(LEAST(t.n, " + c + ")), " : "") + sum;
    return "SELECT "
        + (key == null ? "" : "e." + key + ", ")
        + outputs
        + " FROM (SELECT employee_id, "
        + (count ? "COUNT(*) AS n, " : "")
        + "SUM(minutes) AS s FROM visits GROUP BY employee_id) t"
        + " JOIN employees e ON e.id = t.employee_id"
        + (key == null ? "" : " GROUP BY e." + key);
  }
}
