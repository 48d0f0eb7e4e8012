package dev.dpjdbc.it.audit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * The statistical test shared by the neighbouring-database audits: given n released values of one
 * query on D and n on D′, it checks that no threshold event S_t = {x ≥ t} or its complement tells
 * them apart by more than ε.
 *
 * <p>For each event S and ordered pair (A, B) ∈ {(D, D′), (D′, D)}, with k_A hits in n runs on A:
 * the one-sided Clopper–Pearson lower bound p_A^lo on P_A(S) and upper bound p_B^hi on P_B(S), each
 * at level α, give ε̂_lo = ln(p_A^lo / p_B^hi), a lower confidence bound on the privacy loss,
 * asserted ≤ ε. The complement's bounds are 1 − the event's (Clopper–Pearson is symmetric), so each
 * (threshold, database) contributes one two-sided interval: two one-sided bounds, each missing with
 * probability ≤ α. A caller's false-failure probability is therefore ≤ α × (its number of
 * thresholds × 2 databases × 2 sides), by a union bound; each caller states its own count.
 */
final class ThresholdAudit {
  private ThresholdAudit() {}

  /**
   * The best lower confidence bound and the best point estimate ln(k_A / k_B) over all events, and
   * the per-event log (for failure messages and the docs).
   */
  record Outcome(double bestLower, double bestPoint, String log) {}

  /**
   * Asserts ε̂_lo ≤ {@code epsilon} for every event S_t, its complement, in both directions.
   *
   * @param what the query, for messages
   * @param onD released values on D
   * @param onNeighbour released values on D′ (as many as on D)
   * @param alpha one-sided level of each Clopper–Pearson bound
   */
  static Outcome check(
      String what,
      double[] onD,
      double[] onNeighbour,
      double[] thresholds,
      double alpha,
      double epsilon) {
    int n = onD.length;
    double bestLower = Double.NEGATIVE_INFINITY;
    double bestPoint = Double.NEGATIVE_INFINITY;
    StringBuilder log = new StringBuilder();
    for (double t : thresholds) {
      int kD = hits(onD, t);
      int kNeighbour = hits(onNeighbour, t);
      // {x ≥ t} (D′ more likely) and {x < t} (D more likely), each in both directions.
      int[][] pairs = {
        {kNeighbour, kD}, {kD, kNeighbour}, {n - kD, n - kNeighbour}, {n - kNeighbour, n - kD}
      };
      for (int[] pair : pairs) {
        double lower = Math.log(lowerBound(pair[0], n, alpha) / upperBound(pair[1], n, alpha));
        double point = Math.log((double) pair[0] / pair[1]);
        log.append(
            String.format(
                Locale.ROOT,
                " t=%.1f k=%d/%d ε_lo=%.3f ε̂=%.3f;",
                t,
                pair[0],
                pair[1],
                lower,
                point));
        assertTrue(
            lower <= epsilon,
            what + ": privacy loss lower bound " + lower + " exceeds ε = " + epsilon + " at" + log);
        bestLower = Math.max(bestLower, lower);
        bestPoint = Math.max(bestPoint, point);
      }
    }
    return new Outcome(bestLower, bestPoint, log.toString());
  }

  /**
   * The first column of {@code sql}'s single row, run {@code runs} times on {@code c} (a {@code
   * jdbc:dp:} connection, so each run is planned once, then charged and noised afresh).
   */
  static double[] run(Connection c, String sql, int runs) throws SQLException {
    double[] out = new double[runs];
    try (Statement s = c.createStatement()) {
      for (int i = 0; i < runs; i++) {
        try (ResultSet rs = s.executeQuery(sql)) {
          rs.next();
          out[i] = rs.getDouble(1);
        }
      }
    }
    return out;
  }

  private static int hits(double[] values, double t) {
    int k = 0;
    for (double v : values) {
      k += v >= t ? 1 : 0;
    }
    return k;
  }

  /** One-sided Clopper–Pearson lower bound on p from k hits in n, level alpha. */
  static double lowerBound(int k, int n, double alpha) {
    return k == 0
        ? 0
        : new BetaDistribution(null, k, n - k + 1, 1e-12).inverseCumulativeProbability(alpha);
  }

  /** One-sided Clopper–Pearson upper bound on p from k hits in n, level alpha. */
  static double upperBound(int k, int n, double alpha) {
    return k == n
        ? 1
        : new BetaDistribution(null, k + 1, n - k, 1e-12).inverseCumulativeProbability(1 - alpha);
  }
}
