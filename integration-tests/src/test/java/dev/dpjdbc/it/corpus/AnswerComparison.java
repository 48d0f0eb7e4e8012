package dev.dpjdbc.it.corpus;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares a released answer with the exact one, column by column as queries.yaml declares ({@link
 * ColumnCheck}).
 *
 * <p><b>Rows.</b> With key columns, rows are matched on the keys: every exact group must be
 * released; a released group the exact answer lacks is an empty group of a public domain (noisy
 * counts and sums of nothing), so its {@code lin} columns must be within their tolerance of 0.
 * Without key columns, rows are compared in order. Under partition selection ({@link
 * SelectionCheck}) a group below the threshold must not be released, a group of at least 3·n½ units
 * must be, a group in between may be missing, and no released group may lack real units (no empty
 * group is ever selected); released groups are compared as above.
 *
 * <p><b>False failures.</b> Every noisy coordinate is Laplace (policy.yaml) with stddev σ = √2·b:
 * P(|Z| > kσ) = exp(−√2·k), at most twice that for the discrete sampler. With C noisy cells (rows ×
 * coordinates), k = ln(2·C²·10⁶)/√2 makes the union bound over the cells C·2·exp(−√2·k) = 10⁻⁶/C:
 * the query falsely fails with probability at most 10⁻⁶ divided by its number of cells. The
 * tolerances of {@link ColumnCheck} hold whenever every coordinate is within kσ. (A Gaussian
 * coordinate has a lighter tail, so the bound holds for it too.)
 */
final class AnswerComparison {
  /** Runs SQL directly on the backend (population queries of rank checks). */
  interface Direct {
    ResultTable query(String sql) throws SQLException;
  }

  record Result(boolean ok, String detail) {}

  private final CorpusQuery q;
  private final ResultTable exact;
  private final ResultTable released;
  private final List<ColumnCheck.Coordinate> coordinates;
  private final Direct direct;
  private final double k;
  private final double[] tolerance;
  private double worst;
  private final Map<Integer, Map<String, double[]>> populations = new HashMap<>();
  private final SelectionCheck selection;

  AnswerComparison(
      CorpusQuery q,
      ResultTable exact,
      ResultTable released,
      List<ColumnCheck.Coordinate> coordinates,
      Direct direct) {
    this(q, exact, released, coordinates, direct, null);
  }

  AnswerComparison(
      CorpusQuery q,
      ResultTable exact,
      ResultTable released,
      List<ColumnCheck.Coordinate> coordinates,
      Direct direct,
      SelectionCheck selection) {
    this.selection = selection;
    this.q = q;
    this.exact = exact;
    this.released = released;
    this.coordinates = coordinates;
    this.direct = direct;
    this.k = k(Math.max(1, released.rows().size()) * Math.max(1, coordinates.size()));
    this.tolerance = new double[q.columns().size()];
  }

  /**
   * What can be checked of an entry before the analyzer answers it, so that an entry the current
   * analyzer does not answer yet is already known to be well formed: one check per column, keys
   * that identify the exact rows, population queries that run and return the keys plus a value, a
   * probe whose exact answer is empty. Null when the entry is fine.
   */
  static String checkEntry(CorpusQuery q, ResultTable exact, Direct direct) throws SQLException {
    if (q.probe()) {
      return exact.rows().isEmpty() ? null : "the exact answer of a probe has rows";
    }
    if (q.columns().size() != exact.labels().size()) {
      return "cmp has " + q.columns().size() + " checks for " + exact.labels().size() + " columns";
    }
    List<Integer> keys = q.keyColumns();
    if (!keys.isEmpty()) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (List<Object> row : exact.rows()) {
        if (!seen.add(key(row, keys))) {
          return "key columns do not identify the exact rows: " + key(row, keys) + " twice";
        }
      }
    }
    for (Map.Entry<Integer, String> p : q.population().entrySet()) {
      ResultTable t = direct.query(p.getValue());
      if (t.labels().size() != keys.size() + 1) {
        return "population of column " + p.getKey() + " must return the keys and one value";
      }
    }
    return null;
  }

  /** k for C noisy cells: C·2·exp(−√2·k) = 10⁻⁶/C. */
  static double k(long cells) {
    return Math.log(2.0 * cells * cells * 1e6) / Math.sqrt(2);
  }

  Result compare() throws SQLException {
    int n = q.columns().size();
    if (exact.labels().size() != n) {
      return new Result(
          false,
          "corpus error: cmp has " + n + " checks for " + exact.labels().size() + " columns");
    }
    if (released.labels().size() != n) {
      return new Result(false, "released " + released.labels() + ", exact " + exact.labels());
    }
    for (int i = 0; i < n; i++) {
      String label = released.labels().get(i);
      tolerance[i] = q.columns().get(i).tolerance(feeding(label), k, columnStddev(label));
    }
    List<Integer> keys = q.keyColumns();
    String problem = keys.isEmpty() ? compareInOrder() : compareByKeys(keys);
    if (problem != null) {
      return new Result(false, problem + " (k=" + round(k) + ", tolerances " + tolerances() + ")");
    }
    return new Result(
        true,
        released.rows().size()
            + " row(s), worst |error|/tolerance "
            + round(worst)
            + " (k="
            + round(k)
            + ", tolerances "
            + tolerances()
            + ")");
  }

  private String compareInOrder() throws SQLException {
    if (exact.rows().size() != released.rows().size()) {
      return released.rows().size() + " rows released, " + exact.rows().size() + " exact";
    }
    for (int r = 0; r < exact.rows().size(); r++) {
      String p = compareRow(exact.rows().get(r), released.rows().get(r), "row " + (r + 1));
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  private String compareByKeys(List<Integer> keys) throws SQLException {
    Map<String, List<Object>> byKey = new LinkedHashMap<>();
    for (List<Object> row : released.rows()) {
      if (byKey.put(key(row, keys), row) != null) {
        return "group " + key(row, keys) + " released twice";
      }
    }
    for (List<Object> row : exact.rows()) {
      String key = key(row, keys);
      List<Object> got = byKey.remove(key);
      if (selection != null) {
        long n = selection.unitsOf(key);
        if (got != null && selection.belowThreshold(n)) {
          return "group " + key + " of " + n + " unit(s) released below the threshold";
        }
        if (got == null && !selection.mustRelease(n)) {
          continue; // between the threshold and 3·n½: may be dropped
        }
      }
      if (got == null) {
        return "group " + key + " missing; released groups " + keysOf(released.rows(), keys);
      }
      String p = compareRow(row, got, "group " + key);
      if (p != null) {
        return p;
      }
    }
    for (Map.Entry<String, List<Object>> extra : byKey.entrySet()) {
      if (selection != null) {
        // not in the exact answer: cut by LIMIT or HAVING there; it must hold real units
        long n = selection.unitsOf(extra.getKey());
        if (selection.belowThreshold(n)) {
          return "group " + extra.getKey() + " of " + n + " unit(s) released below the threshold";
        }
        continue;
      }
      for (int i = 0; i < q.columns().size(); i++) {
        if (q.columns().get(i).kind() != ColumnCheck.Kind.LIN) {
          continue;
        }
        double v = ResultTable.number(extra.getValue().get(i));
        double err = Double.isNaN(v) ? 0 : Math.abs(v);
        if (!(err <= tolerance[i])) {
          return "empty group "
              + extra.getKey()
              + ": "
              + label(i)
              + " = "
              + v
              + ", tolerance "
              + tolerance[i];
        }
        note(err, tolerance[i]);
      }
    }
    return null;
  }

  private String compareRow(List<Object> want, List<Object> got, String where) throws SQLException {
    for (int i = 0; i < want.size(); i++) {
      ColumnCheck c = q.columns().get(i);
      Object e = want.get(i);
      Object d = got.get(i);
      switch (c.kind()) {
        case KEY -> {}
        case EXACT -> {
          boolean same =
              e instanceof java.math.BigDecimal && d instanceof java.math.BigDecimal
                  ? Math.abs(ResultTable.number(e) - ResultTable.number(d))
                      <= c.plus() + 1e-9 * Math.abs(ResultTable.number(e))
                  : String.valueOf(e).equals(String.valueOf(d));
          if (!same) {
            return where + ": " + label(i) + " = " + d + ", exact " + e;
          }
        }
        case RANK -> {
          String p = rank(i, c, want, d, where);
          if (p != null) {
            return p;
          }
        }
        default -> {
          if (e == null && c.kind() != ColumnCheck.Kind.LIN) {
            continue; // e.g. AVG over no rows: any released value is post-processing of noise
          }
          double x = e == null ? 0 : ResultTable.number(e);
          double y = ResultTable.number(d);
          double err = Math.abs(y - x);
          if (!(err <= tolerance[i])) {
            return where
                + ": "
                + label(i)
                + " = "
                + d
                + ", exact "
                + e
                + ", tolerance "
                + tolerance[i];
          }
          note(err, tolerance[i]);
        }
      }
    }
    return null;
  }

  /**
   * The released quantile's rank in its group's population is within r of q. When EXPLAIN PRIVACY
   * states a rank bound t (in rows, exceeded with probability at most 10⁻⁶) and a bucket width w
   * for the column, that replaces r: the mechanism picks a bucket whose ranks come within t of q·n,
   * and the released value lies in it (rounding to the column's grid keeps it there), so the values
   * in [v − w, v + w] must reach a rank within t of q·n: #{x &lt; v − w} ≤ q·n + t and #{x ≤ v + w}
   * ≥ q·n − t.
   */
  private String rank(int i, ColumnCheck c, List<Object> exactRow, Object released, String where)
      throws SQLException {
    double v = ResultTable.number(released);
    if (Double.isNaN(v)) {
      return where + ": " + label(i) + " = " + released + " is not a number";
    }
    double[] values = population(i).get(key(exactRow, q.keyColumns()));
    if (values == null || values.length == 0) {
      return where + ": no population for " + label(i);
    }
    ColumnCheck.Coordinate stated = statedRank(label(i));
    double n = values.length;
    double t = stated == null ? c.r() * n : stated.rankError();
    double w = stated == null ? 0 : stated.bucketWidth() * (1 + 1e-9);
    int below = 0;
    int atOrBelow = 0;
    for (double x : values) {
      below += x < v - w ? 1 : 0;
      atOrBelow += x <= v + w ? 1 : 0;
    }
    double target = c.q() * n;
    if (atOrBelow < target - t || below > target + t) {
      return where
          + ": "
          + label(i)
          + " = "
          + v
          + " has rank ["
          + below
          + ", "
          + atOrBelow
          + "] of "
          + values.length
          + (w > 0 ? " (within the bucket width " + round(w) + ")" : "")
          + ", wanted "
          + round(target)
          + " ± "
          + round(t)
          + (stated == null ? " (cmp)" : " (EXPLAIN PRIVACY's bound)");
    }
    note(Math.max(0, Math.max(target - atOrBelow, below - target)) / n, Math.max(t / n, 1e-12));
    return null;
  }

  /** The quantile row EXPLAIN PRIVACY reports for column {@code label}, or null. */
  private ColumnCheck.Coordinate statedRank(String label) {
    for (ColumnCheck.Coordinate c : coordinates) {
      if (!Double.isNaN(c.rankError()) && c.outputs().contains(label)) {
        return c;
      }
    }
    return null;
  }

  /** Column i's population by group key: every value, sorted. */
  private Map<String, double[]> population(int i) throws SQLException {
    Map<String, double[]> cached = populations.get(i);
    if (cached != null) {
      return cached;
    }
    ResultTable t = direct.query(q.population().get(i + 1));
    int keys = t.labels().size() - 1;
    Map<String, List<Double>> groups = new HashMap<>();
    for (List<Object> row : t.rows()) {
      Object value = row.get(keys);
      if (value == null) {
        continue; // quantiles ignore NULLs
      }
      List<String> parts = new ArrayList<>();
      for (int j = 0; j < keys; j++) {
        parts.add(ResultTable.keyText(row.get(j)));
      }
      groups
          .computeIfAbsent(String.join(" | ", parts), x -> new ArrayList<>())
          .add(ResultTable.number(value));
    }
    Map<String, double[]> out = new HashMap<>();
    groups.forEach(
        (g, vs) -> out.put(g, vs.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
    populations.put(i, out);
    return out;
  }

  /** EXPLAIN PRIVACY's output_stddev of column {@code label}, NaN if it gives none. */
  private double columnStddev(String label) {
    for (ColumnCheck.Coordinate c : coordinates) {
      for (java.util.Map.Entry<String, Double> e : c.columnStddevs().entrySet()) {
        if (e.getKey().strip().equalsIgnoreCase(label)) {
          return e.getValue();
        }
      }
    }
    return Double.NaN;
  }

  /** Coordinates EXPLAIN PRIVACY says column {@code label} is computed from; all if none. */
  private List<ColumnCheck.Coordinate> feeding(String label) {
    List<ColumnCheck.Coordinate> out = new ArrayList<>();
    for (ColumnCheck.Coordinate c : coordinates) {
      for (String o : c.outputs()) {
        if (o.strip().toLowerCase(Locale.ROOT).equals(label.toLowerCase(Locale.ROOT))) {
          out.add(c);
          break;
        }
      }
    }
    return out.isEmpty() ? coordinates : out;
  }

  private void note(double err, double tol) {
    if (tol > 0 && Double.isFinite(tol)) {
      worst = Math.max(worst, err / tol);
    }
  }

  private static String key(List<Object> row, List<Integer> keys) {
    List<String> parts = new ArrayList<>();
    for (int i : keys) {
      parts.add(ResultTable.keyText(row.get(i)));
    }
    return String.join(" | ", parts);
  }

  private static List<String> keysOf(List<List<Object>> rows, List<Integer> keys) {
    return rows.stream().map(r -> key(r, keys)).toList();
  }

  private String label(int i) {
    return released.labels().get(i);
  }

  private String tolerances() {
    return Arrays.toString(Arrays.stream(tolerance).map(AnswerComparison::round).toArray());
  }

  private static double round(double x) {
    return Math.round(x * 1000) / 1000.0;
  }
}
