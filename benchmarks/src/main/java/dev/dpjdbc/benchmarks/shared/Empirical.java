package dev.dpjdbc.benchmarks.shared;

import dev.dpjdbc.benchmarks.shared.SharedQueries.Col;
import dev.dpjdbc.benchmarks.shared.SharedQueries.Query;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The empirical check of derived SUM columns: R releases of a grouped query with Gaussian noise (ε
 * = 1, {@code SET dp.mechanism = gaussian}), N = R · groups independent errors e (released − exact
 * per group), T = Σe²/σ² with σ the declared sd (EXPLAIN's {@code output_stddev}). For Gaussian
 * noise T ~ χ²_N, and Laurent &amp; Massart (2000, Lemma 1) give P(T − N ≥ 2√(Nx) + 2x) ≤ e^−x and
 * P(N − T ≥ 2√(Nx)) ≤ e^−x; with x = ln(2m/10⁻⁶) over m checks, the whole report fails falsely with
 * probability ≤ 10⁻⁶. (The driver draws a discrete Gaussian on a grid far finer than σ; its
 * variance differs from σ² by a negligible relative amount.)
 */
final class Empirical {
  private Empirical() {}

  /** One check: the ratio of the sample variance to the declared one and its allowed range. */
  record Check(
      String query,
      String column,
      long n,
      double declaredSd,
      double ratio,
      double low,
      double high) {
    boolean passes() {
      return ratio >= low && ratio <= high;
    }
  }

  static List<Query> queries() {
    Col n = SharedQueries.c("n", "count", null);
    Col sx = SharedQueries.c("sum_x", "sum", "x");
    Col ax = SharedQueries.c("avg_x", "avg", "x");
    Col vx = SharedQueries.c("var_x", "var_samp", "x");
    Col sy = SharedQueries.c("sum_y", "sum", "y");
    Col ay = SharedQueries.c("avg_y", "avg", "y");
    return List.of(
        new Query("grouped COUNT+SUM (sum_x)", List.of(n, sx), true),
        new Query("grouped SUM+AVG+VAR (sum_x)", List.of(sx, ax, vx), true),
        new Query("grouped SUM+AVG of y (sum_y)", List.of(sy, ay), true));
  }

  static List<Check> run(SharedRun run, int releases) throws SQLException {
    List<Query> qs = queries();
    double x = Math.log(2.0 * qs.size() / 1e-6);
    List<Check> out = new ArrayList<>();
    run.settings(1, "gaussian");
    for (Query q : qs) {
      Col sum = q.cols().stream().filter(c -> c.kind().equals("sum")).findFirst().orElseThrow();
      int index = q.cols().indexOf(sum) + 1; // after g
      Double sd = run.explain(q.sql()).columnStddev().get(sum.alias());
      List<double[]> exact = run.exact(q.sql());
      double t = 0;
      long n = 0;
      for (int r = 0; r < releases; r++) {
        List<double[]> got = run.release(q.sql());
        for (int g = 0; g < got.size(); g++) {
          double e = got.get(g)[index] - exact.get(g)[index];
          t += e * e / (sd * sd);
          n++;
        }
      }
      double low = (n - 2 * Math.sqrt(n * x)) / n;
      double high = (n + 2 * Math.sqrt(n * x) + 2 * x) / n;
      out.add(new Check(q.name(), sum.alias(), n, sd, t / n, low, high));
    }
    run.settings(1, "auto");
    return out;
  }
}
