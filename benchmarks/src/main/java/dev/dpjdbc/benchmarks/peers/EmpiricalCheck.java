package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.peers.ExplainedColumns.Explained;
import dev.dpjdbc.benchmarks.peers.PeerData.Query;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks EXPLAIN PRIVACY's per-column variances against real releases: for every released cell
 * (release × group) of a column, z² = (released − exact)² / predicted variance; the mean of N such
 * z² must lie within 1 ± (6·se + b), se = the sample sd of z² / √N. By the central limit theorem (N
 * ≥ 1000 draws of a variable with finite fourth moment) a 6-se excursion has a two-sided
 * probability of about 2·10⁻⁹, so over the ~15 columns of a run the false-failure probability is
 * below 10⁻⁶ (3·10⁻⁸). b allows for what the first-order variance leaves out: 1/Var for a count (a
 * discrete Laplace count has variance 2b² − about 1/6; a rounded Gaussian count σ² + 1/12) and
 * 3·(sd of the noisy count / n)² for AVG, VAR and STDDEV (the delta method's second-order terms).
 */
final class EmpiricalCheck {
  /** One column's check. */
  record Result(
      Query query, Agg agg, long draws, double meanZ2, double se, double tolerance, boolean pass) {}

  private EmpiricalCheck() {}

  static List<Result> run(PeerData data, Query q, Moments[][] m, Explained e, int reps)
      throws SQLException {
    double[][] exact = data.exact(q);
    List<double[]> released = data.release(q, reps);
    int groups = m.length;
    List<Result> out = new ArrayList<>();
    for (int i = 0; i < q.aggs().size(); i++) {
      Agg a = q.aggs().get(i);
      double[] var = new double[groups];
      double bias = 0;
      for (int g = 0; g < groups; g++) {
        var[g] = ExplainedColumns.variance(a, m[g][i], e.coordinates());
        double countVar = countVariance(e, a);
        double n = m[g][i].n();
        bias =
            Math.max(
                bias,
                switch (a.kind()) {
                  case COUNT -> 1 / var[g];
                  case SUM -> 0;
                  case AVG, VAR_POP, STDDEV_POP -> 3 * countVar / (n * n);
                });
      }
      double s1 = 0;
      double s2 = 0;
      long count = 0;
      for (int r = 0; r < released.size(); r++) {
        int g = r % groups;
        double d = released.get(r)[i] - exact[g][i];
        double z2 = d * d / var[g];
        s1 += z2;
        s2 += z2 * z2;
        count++;
      }
      double mean = s1 / count;
      double se = Math.sqrt(Math.max(0, s2 / count - mean * mean) / count);
      double tol = 6 * se + bias;
      out.add(new Result(q, a, count, mean, se, tol, Math.abs(mean - 1) <= tol));
    }
    return out;
  }

  /** The variance of the count coordinate feeding a (0 when none does). */
  private static double countVariance(Explained e, Agg a) {
    for (ExplainedColumns.Coordinate c : e.coordinates()) {
      if (c.type() == ExplainedColumns.Type.COUNT
          && c.feeds().contains(a.alias().toLowerCase(java.util.Locale.ROOT))) {
        return c.variance();
      }
    }
    return 0;
  }
}
