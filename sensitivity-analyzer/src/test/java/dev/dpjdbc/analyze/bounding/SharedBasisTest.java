package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.OutputExpr;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.SensitivityProfile;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.allocate.AllocationRequest;
import dev.dpjdbc.mechanisms.allocate.Allocator;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shared-coordinate basis (docs/mechanisms.md "Shared coordinates"): which coordinates a query
 * draws, that the choice never makes the allocator's objective worse than one set per call, and
 * that the derived columns are consistent with each other. H2 in memory: x in [0, 100] (mid = h), y
 * in [1000, 1100] (mid ≫ h), one row per unit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SharedBasisTest {
  private Connection connection;
  private SensitivityAnalyzer analyzer;

  @BeforeAll
  void setUp() throws SQLException {
    connection = DriverManager.getConnection("jdbc:h2:mem:shared_basis;DB_CLOSE_DELAY=-1");
    try (Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE t (id INTEGER PRIMARY KEY, g INTEGER NOT NULL CHECK (g BETWEEN 0 AND 3),"
              + " x DOUBLE PRECISION NOT NULL CHECK (x BETWEEN 0 AND 100),"
              + " y DOUBLE PRECISION NOT NULL CHECK (y BETWEEN 1000 AND 1100),"
              + " z DOUBLE PRECISION CHECK (z BETWEEN -10 AND 10))");
    }
    analyzer = SensitivityAnalyzer.create(connection, Policy.defaults());
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  static Stream<Arguments> queries() {
    return Stream.of(
        Arguments.of("SELECT COUNT(*) FROM t", List.of("COUNT(*)")),
        Arguments.of("SELECT SUM(x) FROM t", List.of("SUM(x)")),
        Arguments.of("SELECT COUNT(*), SUM(x) FROM t", List.of("COUNT(*)", "SUM(x - 50)")),
        Arguments.of("SELECT SUM(x), AVG(x) FROM t", List.of("COUNT(*)", "SUM(x - 50)")),
        Arguments.of("SELECT SUM(y), AVG(y) FROM t", List.of("COUNT(*)", "SUM(y - 1050)")),
        Arguments.of(
            "SELECT VAR_SAMP(x), STDDEV_SAMP(x) FROM t",
            List.of("COUNT(*)", "SUM(x - 50)", "SUM((x - 50)^2)")),
        Arguments.of(
            "SELECT COUNT(*), SUM(x), AVG(x), VAR_SAMP(x), STDDEV_SAMP(x) FROM t",
            List.of("COUNT(*)", "SUM(x - 50)", "SUM((x - 50)^2)")),
        Arguments.of(
            "SELECT SUM(x), AVG(x) FILTER (WHERE g = 1) FROM t",
            List.of("SUM(x)", "COUNT(*) FILTER (WHERE g = 1)", "SUM(x - 50) FILTER (WHERE g = 1)")),
        Arguments.of("SELECT SUM(z), AVG(z) FROM t", List.of("COUNT(z)", "SUM(z - 0)")),
        Arguments.of(
            "SELECT g, COUNT(*), SUM(x), AVG(x), SUM(y) FROM t GROUP BY g",
            List.of("COUNT(*)", "SUM(x - 50)", "SUM(y - 1050)")));
  }

  @ParameterizedTest
  @MethodSource("queries")
  void plan_sharesCoordinates_drawsTheseOnly(String sql, List<String> expected)
      throws SQLException {
    PrivacyPlan plan = analyzer.plan(sql);
    assertEquals(expected, plan.coordinates().stream().map(Coordinate::description).toList(), sql);
  }

  /**
   * The chosen basis's allocator objective is never above the separate basis's, at any ε, δ, L0 and
   * mechanism (the RELATIVE objective). "Separate" is measured by the analyzer's own switch.
   */
  @ParameterizedTest
  @MethodSource("queries")
  void objective_sharedNeverWorseThanSeparate(String sql, List<String> ignored)
      throws SQLException {
    PrivacyPlan shared = analyzer.plan(sql);
    PrivacyPlan separate;
    System.setProperty(SharedBasis.UNSHARED_PROPERTY, "true");
    try {
      separate = SensitivityAnalyzer.create(connection, Policy.defaults()).plan(sql);
    } finally {
      System.clearProperty(SharedBasis.UNSHARED_PROPERTY);
    }
    assertTrue(shared.coordinates().size() <= separate.coordinates().size(), sql);
    for (Mechanism m : Mechanism.values()) {
      for (double eps : new double[] {0.1, 1, 5}) {
        for (int l0 : new int[] {1, 4}) {
          double a = objective(shared, m, eps, l0);
          double b = objective(separate, m, eps, l0);
          assertTrue(a <= b * (1 + 1e-9), sql + " " + m + " ε=" + eps + ": " + a + " > " + b);
        }
      }
    }
  }

  private static double objective(PrivacyPlan p, Mechanism m, double eps, int l0) {
    double[] w = p.relativeWeights();
    Allocation a =
        Allocator.allocate(
            new AllocationRequest(
                new SensitivityProfile(p.sensitivities()),
                w,
                l0,
                new PrivacyParams(eps, 1e-7),
                m,
                Objective.RELATIVE));
    return Allocator.weightedObjective(a, w);
  }

  @Test
  void scores_sameRankingAtEveryReference_scaleFree() {
    List<Coordinate> one =
        List.of(
            new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 2),
            new Coordinate("c1", Coordinate.Kind.SUM, "SUM(x - 50)", 50, false, 1 / 2500.0));
    List<Coordinate> two =
        List.of(
            new Coordinate("c0", Coordinate.Kind.COUNT, "COUNT(*)", 1, true, 1),
            new Coordinate("c1", Coordinate.Kind.SUM, "SUM(x)", 100, false, 1 / 2500.0));
    double[] a = SharedBasis.scores(one);
    double[] b = SharedBasis.scores(two);
    // Gaussian (Σλ√w)²: (√2 + 1)² against (1 + 2)²; Laplace (Σλ^{2/3}w^{1/3})³ likewise smaller
    assertEquals(Math.pow(Math.sqrt(2) + 1, 2) / 9, a[0] / b[0], 1e-9);
    assertTrue(SharedBasis.ratio(a, b) < 1);
    assertTrue(SharedBasis.better(SharedBasis.ratio(a, b), 1));
    assertTrue(!SharedBasis.better(1, 1), "ties keep the separate basis");
  }

  /** SUM and AVG from the same noisy centred sum and count: SUM = AVG·n before the clamps. */
  @Test
  void derived_sumAndAvg_consistentOnTheSameNoisyCoordinates() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT SUM(x), AVG(x) FROM t");
    List<OutputColumn> out = plan.outputs();
    OutputExpr sum = out.get(0).expr();
    OutputExpr avg = out.get(1).expr();
    assertTrue(sum instanceof OutputExpr.SumFromCentred, sum.toString());
    assertTrue(avg instanceof OutputExpr.AvgOf, avg.toString());
    double[] noisy = {1234.6, 5678.9}; // COUNT(*), SUM(x - 50)
    double s = (Double) sum.evaluate(new Object[0], noisy);
    double a = (Double) avg.evaluate(new Object[0], noisy);
    assertEquals(5678.9 + 50 * 1234.6, s, 1e-9);
    assertEquals(s, a * 1234.6, 1e-9 * s);
  }

  @Test
  void derivedExprs_keepNullAndClampBehaviour() {
    OutputExpr.AvgFromSum avg = new OutputExpr.AvgFromSum(0, 1, 1000, 1100);
    assertEquals(null, avg.evaluate(new Object[0], new double[] {500, 0.5}));
    assertEquals(1100.0, avg.evaluate(new Object[0], new double[] {1e6, 10}));
    assertEquals(1050.0, avg.evaluate(new Object[0], new double[] {10500, 10}));
    OutputExpr.SumFromCentred sum = new OutputExpr.SumFromCentred(0, 1, 0, 100);
    assertEquals(0.0, sum.evaluate(new Object[0], new double[] {-900, 2}), "≥ 0 when L ≥ 0");
    assertEquals(600.0, sum.evaluate(new Object[0], new double[] {500, 2}));
  }
}
