package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.plan.QuantileRelease;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs a plan's histogram statements ({@link QuantileRelease}) after its rewritten SQL, on the same
 * connection and after the same charge, and adds each row (keys, fine bucket, count) to its group's
 * exact values at {@code coordinates + offset(histogram) + bucket}. A bucket index outside [0, K_f)
 * cannot come from the statement (it caps the index); such a row is dropped like a key outside the
 * domain.
 */
final class HistogramRows {
  private HistogramRows() {}

  static void collect(
      List<PreparedStatement> statements,
      PrivacyPlan plan,
      GroupCollector groups,
      RunningStatement running)
      throws SQLException {
    QuantileRelease q = plan.quantiles();
    List<GroupKey> keys = plan.groupKeys();
    int coordinates = plan.coordinates().size();
    int width = coordinates + q.totalFineBuckets();
    for (int h = 0; h < statements.size(); h++) {
      PreparedStatement ps = statements.get(h);
      int from = coordinates + q.offset(h);
      int buckets = q.histograms().get(h).fineBuckets();
      running.start(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Object[] k = new Object[keys.size()];
          for (int i = 0; i < k.length; i++) {
            k[i] = PlanExecutor.readKey(rs, i + 1, keys.get(i));
          }
          long bucket = rs.getLong(keys.size() + 1);
          if (bucket < 0 || bucket >= buckets) {
            continue;
          }
          double[] v = new double[width];
          v[from + (int) bucket] = rs.getLong(keys.size() + 2);
          groups.add(k, v);
        }
      } finally {
        running.finish();
      }
    }
  }
}
