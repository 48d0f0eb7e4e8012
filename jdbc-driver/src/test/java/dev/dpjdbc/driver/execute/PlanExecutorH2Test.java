package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.analyze.plan.ParameterTyping;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanExecutorContract} on H2, which converts a parameter at every use, per row: the
 * executor converts string constants and the analyst's values to the declared type at bind.
 */
class PlanExecutorH2Test extends PlanExecutorContract {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:h2:mem:executor" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
  }

  /** Premise: bound as a plain VARCHAR, the bad date fails only when a row reaches it. */
  @Test
  void premise_varcharBindOnEmptyTable_doesNotFail() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan("SELECT COUNT(*) FROM empty_events WHERE hired > 'not a date'");
    assertEquals(ParameterTyping.CONVERTED_AT_BIND, plan.typing());
    assertDoesNotThrow(
        () -> {
          try (PreparedStatement ps = connection.prepareStatement(plan.rewrittenSql())) {
            ps.setString(1, "not a date");
            ps.executeQuery().close();
          }
        });
  }

  @Test
  void analystNumber_comparedWithText_isBoundAsText() throws SQLException {
    // H2 would otherwise compare name with 5 as numbers, converting every name (and failing on 'a')
    assertEquals(1.0, count("SELECT COUNT(*) FROM events WHERE name = ?", 5), 0.0);
  }
}
