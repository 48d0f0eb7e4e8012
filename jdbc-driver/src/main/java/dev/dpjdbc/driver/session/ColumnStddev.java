package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * EXPLAIN PRIVACY's {@code output_stddev}: for one coordinate, the noise standard deviation of each
 * released column computed from it, as {@code label=sd} separated by "; ". COUNT and SUM columns
 * read one coordinate (sd = its sd); a SUM derived from a shared centred sum c and count n
 * (docs/mechanisms.md "Shared coordinates") has sd √(σ_c² + mid²σ_n²), exact for a linear
 * combination. An AVG, VAR or STDDEV is a ratio whose sd depends on the group's size: it is shown
 * as the delta-method formula with the coordinates' sds filled in (n the group's row count).
 * Computed from the plan and the allocation only.
 */
final class ColumnStddev {
  private ColumnStddev() {}

  static String of(PrivacyPlan plan, Allocation a, int coordinate) {
    double[] sd = a.stddevs();
    List<String> parts = new ArrayList<>();
    for (OutputColumn o : plan.outputs()) {
      if (o.expr() == null || !ExplainPrivacy.uses(o.expr(), coordinate)) {
        continue;
      }
      parts.add(o.label() + "=" + describe(o.expr(), sd));
    }
    return parts.isEmpty() ? null : String.join("; ", parts);
  }

  /** The sd (or its formula) of one released column. */
  static String describe(OutputExpr e, double[] sd) {
    if (e instanceof OutputExpr.CountOf c) {
      return num(sd[c.coordinate()]);
    }
    if (e instanceof OutputExpr.SumOf s) {
      return num(sd[s.sum()]);
    }
    if (e instanceof OutputExpr.SumFromCentred s) {
      double mid = (s.lower() + s.upper()) / 2;
      return num(Math.hypot(sd[s.centredSum()], mid * sd[s.count()]));
    }
    if (e instanceof OutputExpr.AvgOf v) {
      double mid = (v.lower() + v.upper()) / 2;
      return "√("
          + num(sd[v.centredSum()])
          + "² + (avg − "
          + num(mid)
          + ")²·"
          + num(sd[v.count()])
          + "²)/n";
    }
    if (e instanceof OutputExpr.AvgFromSum v) {
      return "√(" + num(sd[v.sum()]) + "² + avg²·" + num(sd[v.count()]) + "²)/n";
    }
    if (e instanceof OutputExpr.VarianceOf v) {
      return "delta method over SUM squares ("
          + num(sd[v.centredSumOfSquares()])
          + "), centred SUM ("
          + num(sd[v.centredSum()])
          + "), count ("
          + num(sd[v.count()])
          + ")";
    }
    return "n/a";
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
