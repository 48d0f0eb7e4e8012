package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Turns an analyst's aggregate SQL into a {@link PrivacyPlan}: parse (Calcite Babel, PostgreSQL
 * lexical rules), validate against a schema read from the live connection, find the privacy unit
 * and bounds (policy first, then enforced constraints), rewrite so the bounds are enforced in SQL,
 * and compute λ for every noisy coordinate.
 *
 * <p>Refusals are {@link SQLException}s with a SQLState from {@link AnalyzerSqlState} and a message
 * that names what was wrong and how to fix it.
 */
public final class SensitivityAnalyzer {

  /**
   * @param metadata a backend connection used only to read catalog metadata (tables, columns,
   *     constraints, enum types); the analyzer caches what it reads
   */
  public static SensitivityAnalyzer create(Connection metadata, Policy policy) throws SQLException {
    throw new UnsupportedOperationException("TODO(issue 3)");
  }

  /** Plans a query; {@code ?} parameters stay as {@code ?} in the rewritten SQL, in order. */
  public PrivacyPlan plan(String sql) throws SQLException {
    throw new UnsupportedOperationException("TODO(issue 3)");
  }
}
