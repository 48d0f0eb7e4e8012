package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.rewrite.Backend;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The noisy coordinates of one group, shared between outputs that need the same quantity (COUNT(*)
 * and an AVG's count over a NOT NULL column are one coordinate), with their sensitivities and
 * RELATIVE-objective weights. Neighbours differ by all rows of one unit; after the rewrite a unit
 * has at most C rows per group (docs/sensitivity-analyzer.md § Coordinates):
 *
 * <ul>
 *   <li>COUNT(*), COUNT(x): λ = C (integral);
 *   <li>SUM(clamp(x, L, U)): λ = C·max(|L|, |U|);
 *   <li>centred SUM(y), y = clamp(x) − (L+U)/2: λ = C·h with h = (U−L)/2;
 *   <li>centred SUM(y²): λ = C·h² (y² ∈ [0, h²]).
 * </ul>
 *
 * <p>RELATIVE weights: each output adds w_i to the coordinates it is computed from, so that Σ w_i
 * σ_i² approximates the sum over outputs of (output variance / typical output magnitude²), up to
 * the common factor 1/n² (n the group's count), which cancels. With M = max(|L|,|U|)/2 (typical
 * magnitude of a value) and d = (U−L)/√12 (data-independent stand-in for |avg − mid|, the standard
 * deviation of a uniform value on [L, U]):
 *
 * <ul>
 *   <li>COUNT: w = 1 on its count;
 *   <li>SUM: w = 1/M² on its sum;
 *   <li>AVG ≈ S/N + mid, Var ≈ (σ_S² + (avg−mid)² σ_N²)/N²: w = 1/M² on S, d²/M² on N;
 *   <li>VAR = Q/N − (S/N)², relative to V = d²: w = 1/V² on Q, 4d²/V² on S (∂/∂S = −2(S/N)/N with
 *       |S/N| = d), 1 on N (∂/∂N ≈ −var/N); STDDEV (relative error half that of VAR): a quarter of
 *       these.
 * </ul>
 */
final class Coordinates {
  static final Set<String> AGGREGATES =
      Set.of(
          "count",
          "sum",
          "avg",
          "var_pop",
          "var_samp",
          "variance",
          "stddev_pop",
          "stddev_samp",
          "stddev");

  private record Spec(
      Coordinate.Kind kind, String description, double sensitivity, boolean integral, String sql) {}

  private final int c;
  private final Map<String, Integer> index = new LinkedHashMap<>();
  private final List<Spec> specs = new ArrayList<>();
  private final List<Double> weights = new ArrayList<>();

  Coordinates(int rowsPerUnit) {
    this.c = rowsPerUnit;
  }

  int size() {
    return specs.size();
  }

  int countStar() {
    return add(new Spec(Coordinate.Kind.COUNT, "COUNT(*)", c, true, "COUNT(*)"));
  }

  /** COUNT(x) over a nullable column; {@code v} is the internal column holding x. */
  int count(String column, String v) {
    return add(
        new Spec(Coordinate.Kind.COUNT, "COUNT(" + column + ")", c, true, "COUNT(" + v + ")"));
  }

  /** A released COUNT output: weight 1 on its coordinate. */
  int countOutput(int count) {
    weigh(count, 1);
    return count;
  }

  /** SUM(x) released directly. */
  int sum(String column, String v, TableBounds.Bound b) {
    double m = magnitude(b);
    int i =
        add(
            new Spec(
                Coordinate.Kind.SUM,
                "SUM(" + column + ")",
                c * Math.max(Math.abs(b.lower()), Math.abs(b.upper())),
                false,
                "COALESCE(SUM(" + v + "), 0)"));
    weigh(i, 1 / (m * m));
    return i;
  }

  /** AVG: a centred sum and a count. */
  OutputExpr avg(String column, String v, TableBounds.Bound b, int count) {
    double m = magnitude(b);
    double d = standIn(b);
    int s = centredSum(column, v, b);
    weigh(s, 1 / (m * m));
    weigh(count, d * d / (m * m));
    return new OutputExpr.AvgOf(s, count, b.lower(), b.upper());
  }

  OutputExpr variance(String column, String v, TableBounds.Bound b, int count, String fn) {
    double d = standIn(b);
    double var = d * d;
    double scale = fn.startsWith("stddev") ? 0.25 : 1;
    int s = centredSum(column, v, b);
    double h = (b.upper() - b.lower()) / 2;
    String mid = Backend.number((b.lower() + b.upper()) / 2);
    String y = "(" + v + " - " + mid + ")";
    int q =
        add(
            new Spec(
                Coordinate.Kind.SUM,
                "SUM((" + column + " - " + mid + ")^2)",
                c * h * h,
                false,
                "COALESCE(SUM(" + y + " * " + y + "), 0)"));
    weigh(q, scale / (var * var));
    weigh(s, scale * 4 * d * d / (var * var));
    weigh(count, scale);
    boolean sample =
        fn.equals("var_samp")
            || fn.equals("variance")
            || fn.equals("stddev_samp")
            || fn.equals("stddev");
    return new OutputExpr.VarianceOf(
        s, q, count, b.lower(), b.upper(), sample, fn.startsWith("stddev"));
  }

  private int centredSum(String column, String v, TableBounds.Bound b) {
    String mid = Backend.number((b.lower() + b.upper()) / 2);
    return add(
        new Spec(
            Coordinate.Kind.SUM,
            "SUM(" + column + " - " + mid + ")",
            c * (b.upper() - b.lower()) / 2,
            false,
            "COALESCE(SUM(" + v + " - " + mid + "), 0)"));
  }

  List<String> aggregates() {
    return specs.stream().map(Spec::sql).toList();
  }

  List<Coordinate> coordinates() {
    List<Coordinate> out = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      Spec s = specs.get(i);
      double w = weights.get(i);
      if (!(w > 0) || Double.isInfinite(w) || Double.isNaN(w)) {
        w = 1; // degenerate bounds (L = U): the coordinate carries no information anyway
      }
      out.add(new Coordinate("c" + i, s.kind(), s.description(), s.sensitivity(), s.integral(), w));
    }
    return out;
  }

  private int add(Spec spec) {
    Integer i = index.get(spec.description());
    if (i != null) {
      return i;
    }
    specs.add(spec);
    weights.add(0.0);
    index.put(spec.description(), specs.size() - 1);
    return specs.size() - 1;
  }

  private void weigh(int i, double w) {
    weights.set(i, weights.get(i) + w);
  }

  /** M = max(|L|, |U|)/2, at least the half-width so a bound around 0 is not 0. */
  private static double magnitude(TableBounds.Bound b) {
    double m = Math.max(Math.abs(b.lower()), Math.abs(b.upper())) / 2;
    return m > 0 ? m : 1;
  }

  /** d = (U − L)/√12. */
  private static double standIn(TableBounds.Bound b) {
    double d = (b.upper() - b.lower()) / Math.sqrt(12);
    return d > 0 ? d : 1;
  }
}
