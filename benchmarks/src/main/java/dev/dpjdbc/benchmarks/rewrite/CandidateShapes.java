package dev.dpjdbc.benchmarks.rewrite;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidate shapes of the bounded rewrite for one analyst query, side by side (the names are
 * the columns of the report):
 *
 * <ul>
 *   <li>{@code raw}: the analyst's query, the baseline;
 *   <li>one shape per {@link Rewriter}, named by its key, right after {@code raw}: {@code old} is
 *       the old analyzer's rewrite ({@code SensitivityAnalyzer.plan(sql).rewritten()}, what the
 *       driver runs for a one-table query), CASE clamp and CAST to DOUBLE PRECISION, ROW_NUMBER and
 *       DENSE_RANK windows when the unit is not the primary key; {@code new} and {@code new-policy}
 *       are the relational analyzer's ({@link RelationalPlanner}) with the CHECKs as bounds and
 *       with policy bounds (see {@link RewriteCostBenchmark});
 *   <li>{@code noclamp}: no clamp, the CHECK already bounds the column (for SUM and COUNT this is
 *       the raw statement again, so its ratio shows the noise floor of the measurement); for AVG it
 *       is SUM and COUNT instead of AVG;
 *   <li>{@code least}, {@code case}: a clamp with LEAST/GREATEST or with CASE, no cast;
 *   <li>{@code rn}, {@code rn+least}: per-unit contribution bounding, {@code ROW_NUMBER() OVER
 *       (PARTITION BY unit [, key] ORDER BY random()) <= C}, without and with the clamp;
 *   <li>{@code pre}, {@code pre+clamp}: ZetaSQL-style per-(unit, group) pre-aggregation, the outer
 *       SUMs without and with the per-unit clamp ({@code [C·L, C·U]} for sums, {@code LEAST(n, C)}
 *       for counts);
 *   <li>{@code pre+L0}, {@code pre+L0+clamp}: the same, keeping at most L0 groups per unit with
 *       {@code ROW_NUMBER() OVER (PARTITION BY unit ORDER BY random()) <= L0} over the
 *       pre-aggregated rows (one row per (unit, group), so ROW_NUMBER picks exactly L0 groups where
 *       DENSE_RANK over a random order could tie).
 * </ul>
 *
 * A shape that does not apply, or that a rewriter refuses, is left out (a clamp for COUNT(*);
 * contribution bounding when the unit is the primary key; a group limit without keys); the report
 * shows it as n/a. For visits, {@code noclamp}, {@code least} and {@code case} do not bound the
 * rows per unit: they are not valid rewrites there, only the cost of their parts.
 */
final class CandidateShapes {

  /** A table as the rewrite sees it: unit, value column with its CHECK bounds, group key. */
  record Table(
      String name, String unit, boolean unitIsKey, String value, int lo, int hi, String key) {}

  static final Table EMPLOYEES =
      new Table("employees", "id", true, "salary", 0, BenchData.SALARY_MAX, "region");
  static final Table VISITS =
      new Table("visits", "employee_id", false, "minutes", 0, BenchData.MINUTES_MAX, "kind");

  static final List<String> AGGREGATES = List.of("SUM", "COUNT", "AVG");

  /**
   * A generator of real rewrites: the analyst's SQL in, the statement it would run out (null: the
   * generator does not apply to this query, the cell stays n/a).
   */
  @FunctionalInterface
  interface Rewriter {
    BoundSql rewrite(String analystSql) throws SQLException;

    /**
     * The old one-table analyzer's rewrite; null where it refuses and {@code analyzer} answers with
     * the relational planner instead (a join: its plan has post-processing, the old one's none).
     */
    static Rewriter of(SensitivityAnalyzer analyzer) {
      return sql -> {
        PrivacyPlan plan = analyzer.plan(sql);
        return plan.post() == null ? plan.rewritten() : null;
      };
    }

    /** The relational analyzer's rewrite, with its bind parameters. */
    static Rewriter of(RelationalPlanner planner) {
      return sql -> {
        PrivacyPlan plan = planner.plan(sql);
        return new BoundSql(plan.rewrittenSql(), plan.parameters());
      };
    }

    /**
     * This rewriter's statement without its catalog re-check ({@code CatalogGuard}: the outermost
     * {@code WHERE (SELECT CAST(CASE WHEN (fingerprint) = ? ...))}, two parameters per table, the
     * statement's last); null when there is none. Not a valid rewrite (a cached plan would not
     * notice a dropped CHECK): the difference to this rewriter's column is the re-check's cost.
     */
    default Rewriter withoutGuard() {
      return sql -> {
        BoundSql b = rewrite(sql);
        String marker = "\nWHERE (SELECT CAST(CASE WHEN (SELECT pg_catalog.";
        int at = b == null ? -1 : b.sql().indexOf(marker);
        if (at < 0) {
          return null;
        }
        int guards = b.sql().split("dpjdbc_catalog_changed", -1).length - 1;
        List<ParameterSource> ps = b.parameters();
        return new BoundSql(b.sql().substring(0, at), ps.subList(0, ps.size() - 2 * guards));
      };
    }

    /** This rewriter for queries that aggregate a value (SUM, AVG), null for the others. */
    default Rewriter valuesOnly() {
      return sql ->
          sql.contains("SUM(") || sql.contains("AVG(") || sql.contains("VAR_")
              ? rewrite(sql)
              : null;
    }
  }

  private final Map<String, Rewriter> rewriters;

  /**
   * @param rewriters generated shapes by name, in column order
   */
  CandidateShapes(Map<String, Rewriter> rewriters) {
    this.rewriters = new LinkedHashMap<>(rewriters);
  }

  /**
   * Every family: both tables, SUM/COUNT/AVG, without and with GROUP BY; then the joins of visits
   * with employees ({@link JoinShapes}).
   */
  List<Family> all() throws SQLException {
    List<Family> out = new ArrayList<>();
    for (Table t : List.of(EMPLOYEES, VISITS)) {
      for (String agg : AGGREGATES) {
        out.add(family(t, agg, false));
        out.add(family(t, agg, true));
      }
    }
    out.add(variance(EMPLOYEES, false));
    out.add(variance(EMPLOYEES, true));
    out.addAll(new JoinShapes(this).all());
    return out;
  }

  /**
   * VAR_POP of a table whose unit is its key: {@code raw}, the generated shapes, and the rewrite's
   * moments without clamp or re-check, with the squares in DOUBLE PRECISION ({@code noclamp}, the
   * form before the squares became exact) and as BIGINT {@code (2x − (L+U))²} summed and scaled by
   * a quarter ({@code noclamp-exact}, the form now).
   */
  Family variance(Table t, boolean grouped) {
    String k = grouped ? t.key() : null;
    String x = t.value();
    String raw = select(k, "VAR_POP(" + x + ")") + " FROM " + t.name() + groupBy(k);
    long mid2 = (long) t.lo() + t.hi();
    String mid =
        java.math.BigDecimal.valueOf(mid2).divide(java.math.BigDecimal.valueOf(2)).toString();
    String d = "(CAST(" + x + " AS DOUBLE PRECISION) - " + mid + ")";
    String e = "(2 * CAST(" + x + " AS BIGINT) - " + mid2 + ")";
    String moments = "COUNT(*), CAST(SUM(" + x + ") AS DOUBLE PRECISION) - " + mid + " * COUNT(*)";
    List<Shape> shapes = new ArrayList<>();
    shapes.add(Shape.of("raw", raw));
    shapes.addAll(generated(raw));
    String from = " FROM " + t.name() + groupBy(k);
    shapes.add(Shape.of("noclamp", select(k, moments + ", SUM(" + d + " * " + d + ")") + from));
    shapes.add(
        Shape.of(
            "noclamp-exact",
            select(k, moments + ", COALESCE(SUM(" + e + " * " + e + "), 0) * 0.25") + from));
    return new Family(t.name(), "VAR_POP", k, shapes);
  }

  /** The generated shapes of {@code raw}, one per rewriter that applies, in rewriter order. */
  List<Shape> generated(String raw) {
    List<Shape> out = new ArrayList<>();
    for (Map.Entry<String, Rewriter> r : rewriters.entrySet()) {
      try {
        BoundSql sql = r.getValue().rewrite(raw);
        if (sql != null) {
          out.add(Shape.of(r.getKey(), sql));
        }
      } catch (SQLException e) {
        // a refusal leaves the cell n/a; the run still measures the other shapes
        System.err.println(r.getKey() + " refused " + raw + ": " + e.getMessage());
      }
    }
    return out;
  }

  Family family(Table t, String agg, boolean grouped) {
    String k = grouped ? t.key() : null;
    String x = t.value();
    boolean count = agg.equals("COUNT");
    String analystAgg = count ? "COUNT(*)" : agg + "(" + x + ")";
    String raw = select(k, analystAgg) + " FROM " + t.name() + groupBy(k);
    List<Shape> shapes = new ArrayList<>();
    shapes.add(Shape.of("raw", raw));
    shapes.addAll(generated(raw));
    shapes.add(Shape.of("noclamp", select(k, outputs(agg, x)) + " FROM " + t.name() + groupBy(k)));
    if (!count) {
      shapes.add(
          Shape.of(
              "least", select(k, outputs(agg, least(x, t))) + " FROM " + t.name() + groupBy(k)));
      shapes.add(
          Shape.of(
              "case", select(k, outputs(agg, caseClamp(x, t))) + " FROM " + t.name() + groupBy(k)));
    }
    if (t.unitIsKey()) {
      return new Family(t.name(), agg, k, shapes);
    }
    shapes.add(Shape.of("rn", rowNumber(t, agg, k, x)));
    if (!count) {
      shapes.add(Shape.of("rn+least", rowNumber(t, agg, k, least(x, t))));
    }
    shapes.add(Shape.of("pre", preAggregate(t, agg, k, false, false)));
    shapes.add(Shape.of("pre+clamp", preAggregate(t, agg, k, true, false)));
    if (k != null) {
      shapes.add(Shape.of("pre+L0", preAggregate(t, agg, k, false, true)));
      shapes.add(Shape.of("pre+L0+clamp", preAggregate(t, agg, k, true, true)));
    }
    return new Family(t.name(), agg, k, shapes);
  }

  /** ROW_NUMBER() per (unit [, key]) in random order, at most C rows kept. */
  private static String rowNumber(Table t, String agg, String k, String value) {
    String partition = t.unit() + (k == null ? "" : ", " + k);
    return select(k, outputs(agg, "v"))
        + " FROM (SELECT "
        + (k == null ? "" : k + ", ")
        + value
        + " AS v, ROW_NUMBER() OVER (PARTITION BY "
        + partition
        + " ORDER BY random()) AS rn FROM "
        + t.name()
        + ") t WHERE rn <= "
        + BenchData.ROWS_PER_UNIT
        + groupBy(k);
  }

  /**
   * {@code SELECT key, SUM(LEAST(GREATEST(s, C*L), C*U)), SUM(LEAST(n, C)) FROM (SELECT unit, key,
   * SUM(x) s, COUNT(*) n FROM t GROUP BY unit, key) t GROUP BY key}, the clamp and the group limit
   * optional.
   */
  private static String preAggregate(Table t, String agg, String k, boolean clamp, boolean l0) {
    int c = BenchData.ROWS_PER_UNIT;
    String s = clamp ? "LEAST(GREATEST(s, " + c * t.lo() + "), " + c * t.hi() + ")" : "s";
    String n = clamp ? "LEAST(n, " + c + ")" : "n";
    List<String> outer = new ArrayList<>();
    List<String> inner = new ArrayList<>();
    if (!agg.equals("COUNT")) {
      outer.add("SUM(" + s + ")");
      inner.add("SUM(" + t.value() + ") AS s");
    }
    if (!agg.equals("SUM")) {
      outer.add("SUM(" + n + ")");
      inner.add("COUNT(*) AS n");
    }
    if (l0) {
      inner.add("ROW_NUMBER() OVER (PARTITION BY " + t.unit() + " ORDER BY random()) AS gn");
    }
    String units = t.unit() + (k == null ? "" : ", " + k);
    return select(k, String.join(", ", outer))
        + " FROM (SELECT "
        + units
        + ", "
        + String.join(", ", inner)
        + " FROM "
        + t.name()
        + " GROUP BY "
        + units
        + ") t"
        + (l0 ? " WHERE gn <= " + BenchData.GROUPS_PER_UNIT : "")
        + groupBy(k);
  }

  /** What a rewrite computes: SUM → its sum; COUNT → COUNT(*); AVG → sum and count (DP AVG). */
  private static String outputs(String agg, String value) {
    return switch (agg) {
      case "SUM" -> "SUM(" + value + ")";
      case "COUNT" -> "COUNT(*)";
      case "AVG" -> "SUM(" + value + "), COUNT(*)";
      default -> throw new IllegalArgumentException(agg);
    };
  }

  private static String least(String x, Table t) {
    return "LEAST(GREATEST(" + x + ", " + t.lo() + "), " + t.hi() + ")";
  }

  /** The old analyzer's CASE clamp without its CAST. */
  private static String caseClamp(String x, Table t) {
    return "CASE WHEN "
        + x
        + " IS NULL THEN NULL WHEN "
        + x
        + " < "
        + t.lo()
        + " THEN "
        + t.lo()
        + " WHEN "
        + x
        + " > "
        + t.hi()
        + " THEN "
        + t.hi()
        + " ELSE "
        + x
        + " END";
  }

  private static String select(String k, String aggregates) {
    return "SELECT " + (k == null ? "" : k + ", ") + aggregates;
  }

  private static String groupBy(String k) {
    return k == null ? "" : " GROUP BY " + k;
  }
}
