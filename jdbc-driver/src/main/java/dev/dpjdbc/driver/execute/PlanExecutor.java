package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Runs a plan's rewritten SQL on the backend and collects the exact per-group coordinates, filled
 * out to every group of the public domains ({@link DomainGroups}). Backend errors are scrubbed.
 */
public final class PlanExecutor {
  private PlanExecutor() {}

  /**
   * @param params the analyst's {@code ?} values, exactly {@link PrivacyPlan#parameterCount} of
   *     them
   * @param queryTimeoutSeconds backend statement timeout, 0 = none
   */
  public static RawResult run(
      PrivacyPlan plan,
      List<Object> params,
      Connection backend,
      int queryTimeoutSeconds,
      RunningStatement running)
      throws SQLException {
    if (params.size() != plan.parameterCount()) {
      throw new SQLException(
          "the statement has "
              + plan.parameterCount()
              + " ? parameter(s) but "
              + params.size()
              + " value(s) were bound; bind every parameter before executing",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    int keys = plan.groupKeys().size();
    int coordinates = plan.coordinates().size();
    DomainGroups groups = new DomainGroups(plan.groupKeys(), coordinates);
    try (PreparedStatement ps = backend.prepareStatement(plan.rewrittenSql())) {
      Parameters.bind(ps, params);
      ps.setQueryTimeout(queryTimeoutSeconds);
      running.start(ps);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Object[] k = new Object[keys];
          for (int i = 0; i < keys; i++) {
            k[i] = rs.getObject(i + 1);
          }
          double[] v = new double[coordinates];
          for (int i = 0; i < coordinates; i++) {
            v[i] = rs.getDouble(keys + i + 1); // SQL NULL (SUM of no rows) reads as 0
          }
          groups.add(k, v);
        }
      } finally {
        running.finish();
      }
    } catch (SQLException e) {
      throw BackendErrors.scrub(e);
    }
    return groups.result();
  }
}
