package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Extreme privacy settings through {@code jdbc:dp:}: every value either works — a released answer
 * whose every number is finite — or is refused with an SQLException carrying SQLState 22023
 * (invalid_parameter_value), never a RuntimeException, a NaN or an infinity. An invalid value is
 * refused at SET time; a valid value whose combination with the query overflows the calibration (ε
 * so large that ρ = ε²/2 is infinite, so small that the noise scale is, Gaussian μ0 out of range)
 * is refused when the query is planned, before the ledger is charged: {@code SHOW dp.budget} is
 * unchanged. EXPLAIN PRIVACY answers the same way as execution.
 */
abstract class ExtremeSettingsScenarios extends ScenarioBase {
  private static final List<String> QUERIES =
      List.of(
          "SELECT COUNT(*) AS n FROM employees",
          "SELECT region, SUM(salary) AS s, AVG(age) AS a FROM employees GROUP BY region");

  static List<Arguments> invalidAtSet() {
    List<Arguments> out = new ArrayList<>();
    for (String v :
        List.of(
            "NaN",
            "'NaN'",
            "Infinity",
            "-Infinity",
            "inf",
            "1e309",
            "-1",
            "0",
            "-0",
            "0.0",
            "1e-400",
            "0x1p3",
            "1d",
            "1f",
            "1_0",
            "''",
            "abc",
            "1e",
            "--1",
            "1e99999")) {
      out.add(Arguments.of("dp.epsilon", v));
    }
    for (String v : List.of("NaN", "Infinity", "1", "1.0", "1.5", "-1e-9", "-0.1", "1e309", "x")) {
      out.add(Arguments.of("dp.delta", v));
    }
    out.add(Arguments.of("dp.mechanism", "exponential"));
    out.add(Arguments.of("dp.objective", "explicit"));
    return out;
  }

  @ParameterizedTest(name = "SET {0} = {1}")
  @MethodSource("invalidAtSet")
  void set_invalidValue_refusedWith22023(String key, String value) throws SQLException {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      String before = show(s, key);
      SQLException e = expect22023(() -> s.execute("SET " + key + " = " + value));
      assertTrue(e.getMessage().contains(key), e.getMessage());
      assertEquals(before, show(s, key), "a refused SET changes nothing");
    }
  }

  static List<Arguments> extremeButValid() {
    List<Arguments> out = new ArrayList<>();
    for (String mechanism : List.of("laplace", "gaussian", "auto")) {
      for (String eps :
          List.of(
              "1.7976931348623157e308",
              "1e308",
              "1e200",
              "1e154",
              "1e30",
              "1e13",
              "1e12",
              "1e-300",
              "1e-320",
              "4.9e-324",
              "1e-12")) {
        out.add(Arguments.of(mechanism, eps, "1e-6"));
      }
      for (String delta : List.of("4.9e-324", "1e-320", "1e-300", "0.9999999999999999", "0")) {
        out.add(Arguments.of(mechanism, "1", delta));
      }
      for (String eps : List.of("1e-320", "4.9e-324", "1e-300", "1e-200", "1e13", "1e308")) {
        out.add(Arguments.of(mechanism, eps, "0"));
      }
    }
    return out;
  }

  /**
   * A budget so large that only the calibration can refuse: every combination either releases
   * finite numbers or is refused with 22023 before anything is charged.
   */
  @ParameterizedTest(name = "{0} epsilon={1} delta={2}")
  @MethodSource("extremeButValid")
  void query_extremeSettings_finiteAnswerOr22023BeforeCharge(
      String mechanism, String epsilon, String delta) throws SQLException {
    Path huge = Policies.write(dir, "huge-" + UUID.randomUUID(), 1e20, 0.999, 1, 1e-6, "laplace");
    try (Connection c = backend.dp(huge, "extreme-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      s.execute("SET dp.mechanism = " + mechanism);
      s.execute("SET dp.epsilon = " + epsilon);
      s.execute("SET dp.delta = " + delta);
      for (String q : QUERIES) {
        double spent = spent(s);
        SQLException explained = failure(() -> drain(s, "EXPLAIN PRIVACY " + q));
        SQLException executed = failure(() -> drain(s, q));
        String what = mechanism + " ε=" + epsilon + " δ=" + delta + ": " + q;
        if (executed == null) {
          assertEquals(null, explained, "EXPLAIN refuses what execution answers: " + what);
          continue;
        }
        assertEquals("22023", executed.getSQLState(), what + ": " + executed.getMessage());
        assertTrue(
            executed.getMessage().contains("dp.epsilon")
                || executed.getMessage().contains("dp.delta"),
            "names the setting to change: " + executed.getMessage());
        assertEquals(spent, spent(s), "refused before the charge: " + what);
        assertTrue(explained != null, "EXPLAIN accepts what execution refuses: " + what);
        assertEquals("22023", explained.getSQLState(), what + ": " + explained.getMessage());
      }
    }
  }

  /** A policy whose per-query default cannot be calibrated: refused at query time, not at open. */
  @Test
  void policyDefault_uncalibratable_refusedAtQueryTime() throws SQLException {
    Path p = Policies.write(dir, "max-" + UUID.randomUUID(), 1e20, 0.5, 1e308, 1e-6, "gaussian");
    try (Connection c = backend.dp(p, "max-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      expect22023(() -> drain(s, QUERIES.get(0)));
      assertEquals(0.0, spent(s));
    }
  }

  /** Budgets near the largest double: admission and SHOW dp.budget stay finite. */
  @Test
  void hugeBudget_admitsAndReportsFiniteNumbers() throws SQLException {
    Path p = Policies.write(dir, "maxbudget-" + UUID.randomUUID(), 1e308, 0.999, 1e6, 0.5, "auto");
    try (Connection c = backend.dp(p, "rich-" + UUID.randomUUID());
        Statement s = c.createStatement()) {
      for (int i = 0; i < 3; i++) {
        SQLException e = failure(() -> drain(s, QUERIES.get(1)));
        assertTrue(e == null || "22023".equals(e.getSQLState()), String.valueOf(e));
      }
      try (ResultSet rs = s.executeQuery("SHOW dp.budget")) {
        assertTrue(rs.next());
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          Object v = rs.getObject(i);
          if (v instanceof Double d) {
            assertTrue(Double.isFinite(d), rs.getMetaData().getColumnLabel(i) + " = " + d);
          }
        }
      }
    }
  }

  interface Call {
    void run() throws SQLException;
  }

  /** The SQLException {@code call} throws, or null; any other exception fails the test. */
  static SQLException failure(Call call) {
    try {
      call.run();
      return null;
    } catch (SQLException e) {
      return e;
    } catch (RuntimeException | Error e) {
      throw new AssertionError("not an SQLException: " + e, e);
    }
  }

  static SQLException expect22023(Call call) {
    SQLException e = failure(call);
    if (e == null) {
      fail("expected SQLState 22023, got an answer");
    }
    assertEquals("22023", e.getSQLState(), e.getMessage());
    return e;
  }

  /** Runs {@code sql} and checks that every number it returns is finite. */
  static void drain(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          Object v = rs.getObject(i);
          if (v instanceof Number n) {
            assertTrue(
                Double.isFinite(n.doubleValue()),
                rs.getMetaData().getColumnLabel(i) + " = " + v + " in " + sql);
          }
        }
      }
    }
  }

  static double spent(Statement s) throws SQLException {
    return num(oneRow(s, "SHOW dp.budget").get("epsilon_spent"));
  }

  static String show(Statement s, String key) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW " + key)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
