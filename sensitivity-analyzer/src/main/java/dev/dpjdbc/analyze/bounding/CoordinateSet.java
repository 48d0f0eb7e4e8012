package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.plan.Coordinate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The noisy coordinates of one group, shared between outputs that need the same quantity (COUNT(*)
 * and the count of an AVG over a NOT NULL column are one coordinate), with their sensitivities and
 * the RELATIVE objective's weights. With C rows per unit per group and a value interval [L, U], h =
 * (U−L)/2:
 *
 * <ul>
 *   <li>a count: λ = C (integral);
 *   <li>a sum of clamped values: λ = C·max(|L|, |U|);
 *   <li>a centred sum Σ(x − (L+U)/2): λ = C·h;
 *   <li>a centred sum of squares: λ = C·h².
 * </ul>
 *
 * <p>Weights (data-independent): with M = max(|L|, |U|)/2 the typical magnitude of a value and d =
 * (U−L)/√12 a stand-in for |avg − mid|: a COUNT output puts 1 on its count; SUM 1/M² on its sum;
 * AVG 1/M² on its centred sum and d²/M² on its count; VAR (V = d²) 1/V² on the squares, 4d²/V² on
 * the centred sum and 1 on the count; STDDEV a quarter of VAR's. Each output's weights add up so
 * that Σ w σ² approximates the sum of the outputs' relative variances.
 */
final class CoordinateSet {
  /** One coordinate: its description (dedup key), λ, integrality and accumulated weight. */
  private record Spec(
      Coordinate.Kind kind, String description, double sensitivity, boolean integral) {}

  private final Map<String, Integer> index = new LinkedHashMap<>();
  private final List<Spec> specs = new ArrayList<>();
  private final List<Double> weights = new ArrayList<>();

  /** Adds (or finds) a coordinate; returns its index. */
  int add(Coordinate.Kind kind, String description, double sensitivity, boolean integral) {
    Integer i = index.get(description);
    if (i != null) {
      return i;
    }
    specs.add(new Spec(kind, description, sensitivity, integral));
    weights.add(0.0);
    index.put(description, specs.size() - 1);
    return specs.size() - 1;
  }

  void weigh(int i, double w) {
    weights.set(i, weights.get(i) + w);
  }

  int size() {
    return specs.size();
  }

  List<Coordinate> coordinates() {
    List<Coordinate> out = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      Spec s = specs.get(i);
      double w = weights.get(i);
      if (!(w > 0) || Double.isInfinite(w)) {
        w = 1; // degenerate bounds (L = U): the coordinate carries no information anyway
      }
      out.add(new Coordinate("c" + i, s.kind(), s.description(), s.sensitivity(), s.integral(), w));
    }
    return out;
  }

  /** M = max(|L|, |U|)/2, at least 1 so a bound around 0 is not 0. */
  static double magnitude(double lower, double upper) {
    double m = Math.max(Math.abs(lower), Math.abs(upper)) / 2;
    return m > 0 ? m : 1;
  }

  /** d = (U − L)/√12, at least 1. */
  static double standIn(double lower, double upper) {
    double d = (upper - lower) / Math.sqrt(12);
    return d > 0 ? d : 1;
  }
}
