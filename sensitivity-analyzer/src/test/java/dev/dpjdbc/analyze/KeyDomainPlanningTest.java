package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Public GROUP BY domains whose values are distinct as strings but may look alike ({@code 't'},
 * {@code 'true'}, {@code 'T'}) are planned as distinct groups; a domain holding two values equal in
 * the key's type is refused: F0000 for a policy {@code values:} list, 0A000 for the catalog's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KeyDomainPlanningTest {
  private Connection h2;
  private SensitivityAnalyzer analyzer;

  @BeforeAll
  void setUp() throws SQLException {
    h2 = DriverManager.getConnection("jdbc:h2:mem:keydomain" + System.nanoTime());
    try (Statement s = h2.createStatement()) {
      s.execute(
          "CREATE TABLE flags (id INTEGER PRIMARY KEY,"
              + " flag VARCHAR(5) NOT NULL CHECK (flag IN ('t', 'true', 'T')),"
              + " amount NUMERIC(4,1) NOT NULL CHECK (amount IN (1, 1.0, 2)),"
              + " level INTEGER NOT NULL, done BOOLEAN NOT NULL, label VARCHAR(5) NOT NULL)");
    }
    Policy policy =
        Policy.parse(
            """
            tables:
              flags:
                columns:
                  level: {values: [1, 1.0, 2]}
                  done: {values: ['t', 'true']}
                  label: {values: ['t', 'true']}
            """,
            "test policy");
    analyzer = SensitivityAnalyzer.create(h2, policy);
  }

  @AfterAll
  void tearDown() throws SQLException {
    h2.close();
  }

  @Test
  void textCheckList_tTrueAndUpperT_areThreeGroups() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT flag, COUNT(*) AS n FROM flags GROUP BY flag");
    GroupKey k = plan.groupKeys().get(0);
    assertEquals(List.of("t", "true", "T"), k.domain());
  }

  @Test
  void policyTextValues_areTheirOwnGroups() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT label, COUNT(*) AS n FROM flags GROUP BY label");
    assertEquals(List.of("t", "true"), plan.groupKeys().get(0).domain());
  }

  @Test
  void policyValues_1and1point0_forAnIntegerColumn_F0000() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> analyzer.plan("SELECT level, COUNT(*) AS n FROM flags GROUP BY level"));
    assertEquals("F0000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("level"), e.getMessage());
  }

  @Test
  void policyValues_tAndTrue_forABooleanColumn_F0000() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> analyzer.plan("SELECT done, COUNT(*) AS n FROM flags GROUP BY done"));
    assertEquals("F0000", e.getSQLState(), e.getMessage());
  }

  @Test
  void checkList_1and1point0_onNumeric_0A000() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> analyzer.plan("SELECT amount, COUNT(*) AS n FROM flags GROUP BY amount"));
    assertEquals("0A000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("equal as"), e.getMessage());
  }
}
