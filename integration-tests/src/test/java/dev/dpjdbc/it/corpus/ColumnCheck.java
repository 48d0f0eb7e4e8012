package dev.dpjdbc.it.corpus;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one output column of an answer is compared with the exact answer: its declared comparison in
 * queries.yaml ({@code cmp:}), turned into a tolerance from the stddevs EXPLAIN PRIVACY reports for
 * the noisy coordinates the column is computed from.
 *
 * <p>Spec grammar: {@code kind[/arg[/arg]][*M][+S]}. Kinds:
 *
 * <ul>
 *   <li>{@code key}: a group key, compared exactly; rows are matched on all key columns;
 *   <li>{@code exact}: a value that carries no noise (a count of released groups), compared
 *       exactly;
 *   <li>{@code lin}: a linear function of noisy coordinates (COUNT, SUM, SUM(a) + SUM(b)) with
 *       coefficients at most M: |dp − exact| ≤ M·(k·Σσ_i + ½) + S (a COUNT is rounded to an
 *       integer);
 *   <li>{@code ratio/N}: a noisy numerator A over a noisy denominator B whose exact value is at
 *       least N in every released group (AVG, SUM(a)/COUNT(*), SUM(price*qty)/SUM(qty)): with |e_i|
 *       ≤ kσ_i for every coordinate, |A'/B' − A/B| ≤ (|e_A| + |A/B|·|e_B|)/(B − |e_B|), and |A/B|
 *       (of the centred or plain numerator) is at most R = λ_A/λ_B (λ_SUM = C·max|x| or C·(U−L)/2,
 *       λ_COUNT = C), so the tolerance is M·k(σ_A + R·σ_B)/(N − kσ_B) + S;
 *   <li>{@code var/N}, {@code sd/N}: VAR_POP/VAR_SAMP and STDDEV_* from a noisy count (at least N),
 *       centred sum and centred sum of squares: the mean and the second moment each err by the
 *       ratio bound above with H = √R ≥ the half-range h, var = m₂ − m² errs by at most e₂ + e₁(2H
 *       + e₁); a standard deviation errs by at most the square root of that;
 *   <li>{@code rank/q/r}: a released quantile q (MIN is q = 0, MAX q = 1) passes when its rank in
 *       the group's population ({@code population:}) is within r of q.
 * </ul>
 *
 * <p>Coordinates a column is computed from are the EXPLAIN PRIVACY rows whose {@code output_column}
 * names it; when none does (an analyzer that explains differently), all of the query's coordinates
 * count, which only widens the tolerance.
 */
record ColumnCheck(Kind kind, double n, double q, double r, double times, double plus) {

  enum Kind {
    KEY,
    EXACT,
    LIN,
    RATIO,
    VAR,
    SD,
    RANK
  }

  /**
   * One noisy coordinate as EXPLAIN PRIVACY reports it; for a quantile (mechanism {@code
   * exponential}) also its rank-error bound (in rows, exceeded with probability at most 10⁻⁶) and
   * bucket width, else NaN.
   */
  record Coordinate(
      List<String> outputs,
      String aggregate,
      double sensitivity,
      double stddev,
      double rankError,
      double bucketWidth,
      java.util.Map<String, Double> columnStddevs) {
    Coordinate(List<String> outputs, String aggregate, double sensitivity, double stddev) {
      this(outputs, aggregate, sensitivity, stddev, Double.NaN, Double.NaN, java.util.Map.of());
    }

    Coordinate(
        List<String> outputs,
        String aggregate,
        double sensitivity,
        double stddev,
        double rankError,
        double bucketWidth) {
      this(outputs, aggregate, sensitivity, stddev, rankError, bucketWidth, java.util.Map.of());
    }
  }

  private static final Pattern SPEC =
      Pattern.compile(
          "(key|exact|lin|ratio|var|sd|rank)((?:/[0-9.eE-]+)*)(?:\\*([0-9.eE-]+))?(?:\\+([0-9.eE-]+))?");

  static ColumnCheck parse(String spec) {
    Matcher m = SPEC.matcher(spec.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("bad cmp spec '" + spec + "'");
    }
    Kind kind = Kind.valueOf(m.group(1).toUpperCase(java.util.Locale.ROOT));
    String[] args = m.group(2).isEmpty() ? new String[0] : m.group(2).substring(1).split("/");
    double times = m.group(3) == null ? 1 : Double.parseDouble(m.group(3));
    double plus = m.group(4) == null ? 0 : Double.parseDouble(m.group(4));
    int needed =
        switch (kind) {
          case KEY, EXACT, LIN -> 0;
          case RATIO, VAR, SD -> 1;
          case RANK -> 2;
        };
    if (args.length != needed) {
      throw new IllegalArgumentException(
          "cmp spec '" + spec + "': " + kind + " takes " + needed + " argument(s)");
    }
    double n = kind == Kind.RATIO || kind == Kind.VAR || kind == Kind.SD ? parse(args, 0) : 0;
    double q = kind == Kind.RANK ? parse(args, 0) : 0;
    double r = kind == Kind.RANK ? parse(args, 1) : 0;
    return new ColumnCheck(kind, n, q, r, times, plus);
  }

  private static double parse(String[] args, int i) {
    return Double.parseDouble(args[i]);
  }

  boolean noisy() {
    return kind == Kind.LIN || kind == Kind.RATIO || kind == Kind.VAR || kind == Kind.SD;
  }

  /**
   * The largest |dp − exact| accepted when every coordinate's noise is within k of its stddev;
   * infinite when the noise could reach a ratio's denominator (the comparison then says nothing).
   *
   * <p>A ratio's denominator B is the coordinate EXPLAIN PRIVACY describes as a COUNT, else the one
   * with the smallest λ (SUM(qty) in SUM(price * qty) / SUM(qty)); the numerator's noise is the sum
   * of the other coordinates' σ, and |A/B| ≤ R = max λ_A / λ_B.
   */
  double tolerance(List<Coordinate> feeding, double k) {
    return tolerance(feeding, k, Double.NaN);
  }

  /**
   * As {@link #tolerance(List, double)}, with the column's own noise sd from EXPLAIN PRIVACY's
   * {@code output_stddev} (NaN if none). A lin column derived from shared coordinates (SUM = c +
   * mid·n) has coefficients up to |mid|, not 1: its error Σa_i e_i is at most k·Σ|a_i|σ_i ≤ k·√K·sd
   * (Cauchy–Schwarz over its K coordinates), so the tolerance uses the larger of Σσ_i and √K·sd.
   */
  double tolerance(List<Coordinate> feeding, double k, double columnStddev) {
    double all = 0;
    for (Coordinate c : feeding) {
      all += c.stddev();
    }
    if (kind == Kind.LIN && columnStddev > 0) {
      all = Math.max(all, Math.sqrt(feeding.size()) * columnStddev);
    }
    if (kind == Kind.LIN) {
      return times * (k * all + 0.5) + plus;
    }
    if (kind != Kind.RATIO && kind != Kind.VAR && kind != Kind.SD) {
      return plus;
    }
    Coordinate b = denominator(feeding);
    double sigmaB = b == null ? 0 : b.stddev();
    double sigmaA = all - sigmaB;
    double lambdaA = 0;
    for (Coordinate c : feeding) {
      if (c != b) {
        lambdaA = Math.max(lambdaA, c.sensitivity());
      }
    }
    double ratio = b == null || b.sensitivity() <= 0 ? 1 : lambdaA / b.sensitivity();
    double d = n - k * sigmaB;
    if (d <= 1) {
      return Double.POSITIVE_INFINITY;
    }
    double tol;
    if (kind == Kind.RATIO) {
      tol = k * (sigmaA + ratio * sigmaB) / d;
    } else {
      tol = variance(feeding, b, k, d, sigmaA, ratio);
      tol = kind == Kind.SD ? Math.sqrt(tol) : tol;
    }
    return times * tol + plus;
  }

  /**
   * VAR from a count B, a centred sum S (λ_S = C·h) and a centred sum of squares Q (λ_Q = C·h²):
   * the mean m = S/B errs by e₁ ≤ k(σ_S + h·σ_B)/d, the second moment m₂ = Q/B by e₂ ≤ k(σ_Q +
   * h²·σ_B)/d, so var = m₂ − m² by e₂ + e₁(2h + e₁); VAR_SAMP's factor B/(B−1) adds the rest. Q is
   * the coordinate whose λ is farthest from λ_B (|log λ_Q/λ_B| = 2|log h|). With other coordinates
   * than these three, every numerator σ counts for both moments and h ≤ √R.
   */
  private static double variance(
      List<Coordinate> feeding, Coordinate b, double k, double d, double sigmaA, double ratio) {
    double sigmaB = b == null ? 0 : b.stddev();
    double h = Math.sqrt(ratio);
    double sigmaS = sigmaA;
    double sigmaQ = sigmaA;
    if (feeding.size() == 3 && b != null && b.sensitivity() > 0) {
      Coordinate q = null;
      Coordinate s = null;
      for (Coordinate c : feeding) {
        if (c == b) {
          continue;
        }
        if (q == null) {
          q = c;
        } else if (far(c, b) > far(q, b)) {
          s = q;
          q = c;
        } else {
          s = c;
        }
      }
      h = s.sensitivity() / b.sensitivity();
      sigmaS = s.stddev();
      sigmaQ = q.stddev();
    }
    double e2 = k * (sigmaQ + h * h * sigmaB) / d;
    double e1 = k * (sigmaS + h * sigmaB) / d;
    return (e2 + e1 * (2 * h + e1)) * d / (d - 1) + h * h * k * sigmaB / sq(d - 1);
  }

  private static double far(Coordinate c, Coordinate b) {
    return Math.abs(Math.log(c.sensitivity() / b.sensitivity()));
  }

  private static Coordinate denominator(List<Coordinate> feeding) {
    Coordinate smallest = null;
    for (Coordinate c : feeding) {
      String agg = String.valueOf(c.aggregate()).strip().toUpperCase(java.util.Locale.ROOT);
      if (agg.startsWith("COUNT")) {
        return c;
      }
      if (smallest == null || c.sensitivity() < smallest.sensitivity()) {
        smallest = c;
      }
    }
    return feeding.size() > 1 ? smallest : null;
  }

  private static double sq(double x) {
    return x * x;
  }
}
