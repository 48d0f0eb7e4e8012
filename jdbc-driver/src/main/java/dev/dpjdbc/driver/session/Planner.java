package dev.dpjdbc.driver.session;

import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.SQLException;

/**
 * Turns analyst SQL into a {@link PrivacyPlan} (parse + analyze + rewrite). In the driver it is
 * {@code SensitivityAnalyzer::plan}; refusals are SQLExceptions with the analyzer's SQLStates.
 */
@FunctionalInterface
public interface Planner {
  PrivacyPlan plan(String sql) throws SQLException;

  /**
   * A plan's statement found the catalog changed since it was planned (SQLState ZD003): forget the
   * cached catalog and plans ({@code SensitivityAnalyzer.refreshCatalog}).
   */
  default void catalogChanged() {}
}
