package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.rel2sql.RelSql;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.analyze.sql2rel.RelFrontEnd;
import dev.dpjdbc.policy.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An analyst bounds an unbounded column in the query itself (capability 3 of issue 8, ZetaSQL's
 * {@code CLAMPED BETWEEN}): a CASE clamp, {@code LEAST(GREATEST(x, lo), hi)} and their variants
 * over the unbounded columns of {@code readings} (int4, int8, int2, float8, numeric). The data is
 * adversarial: NaN, ±Infinity, ±1.8e308, the integer limits, ±10^30, NULL. For each clamp:
 *
 * <ul>
 *   <li>the privacy analysis claims the interval expected, for the plan Calcite makes of the
 *       expression (LEAST/GREATEST become nested CASEs);
 *   <li>that plan, emitted for the backend, gives only values inside the claim on every row (a NaN
 *       fails), and so does the analyst's own SQL run by the backend (its LEAST/GREATEST);
 *   <li>the relational planner answers {@code SUM(clamp)} with λ = C·max(|lo|, |hi|), and the
 *       rewritten statement's coordinate is finite and within the per-unit bounds.
 * </ul>
 *
 * Forms that do not bound the value (one-sided, conditions on another expression) are refused with
 * ZD001, naming the clamp that works.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AnalystClampTest {
  private static final String POLICY =
      """
      tables:
        departments: {public: true}
        readings: {privacy_unit: employee_id, max_rows_per_unit: 10}
      """;
  private static final int C = 10;
  private static final int UNITS = 5;

  private Connection c;
  private ConstraintCatalog catalog;
  private RelationalPlanner planner;

  abstract Connection open() throws SQLException;

  abstract Backend backend();

  /**
   * The backend's LEAST/GREATEST ignore NULL arguments, as Calcite's expansion does (PostgreSQL; H2
   * returns NULL when any argument is NULL, so its own SQL has more NULL rows).
   */
  abstract boolean leastIgnoresNull();

  /** Values for the float8 column {@code ratio}, as text cast by the backend. */
  List<String> ratios() {
    return List.of(
        "NaN",
        "Infinity",
        "-Infinity",
        "1.7976931348623157e308",
        "-1.7976931348623157e308",
        "4.9e-324",
        "-0.0",
        "0",
        "25",
        "75",
        "1e6");
  }

  /** Values for the numeric column {@code amount}, as text cast by the backend. */
  List<String> amounts() {
    return List.of("0", "-1e30", "1e30", "12.5", "-3.25");
  }

  record Clamp(String expr, double lo, double hi) {
    @Override
    public String toString() {
      return expr + " in [" + lo + ", " + hi + "]";
    }
  }

  static Stream<Clamp> clamps() {
    return Stream.of(
        new Clamp("LEAST(GREATEST(ratio, 0), 100)", 0, 100),
        new Clamp("GREATEST(0, LEAST(ratio, 100))", 0, 100),
        new Clamp("CASE WHEN ratio < 0 THEN 0 WHEN ratio > 50 THEN 50 ELSE ratio END", 0, 50),
        new Clamp("CASE WHEN ratio < 0.0 THEN 0 WHEN ratio > 30 THEN 30 ELSE ratio END", 0, 30),
        new Clamp("CASE WHEN 0 > ratio THEN 0 WHEN 100 < ratio THEN 100 ELSE ratio END", 0, 100),
        new Clamp(
            "CASE WHEN ratio IS NULL THEN 0 WHEN ratio < 0 THEN 0 WHEN ratio > 30 THEN 30"
                + " ELSE ratio END",
            0,
            30),
        new Clamp(
            "CASE WHEN ratio < 0 OR ratio IS NULL THEN 0 WHEN ratio > 30 THEN 30 ELSE ratio END",
            0,
            30),
        new Clamp("CASE WHEN ratio BETWEEN 0 AND 100 THEN ratio END", 0, 100),
        new Clamp("CASE WHEN ratio >= 0 AND ratio <= 100 THEN ratio ELSE 0 END", 0, 100),
        new Clamp("CASE WHEN ratio > 100 OR ratio < -5 THEN 0 ELSE ratio END", -5, 100),
        new Clamp(
            "CASE WHEN NOT (ratio <= 100) THEN 100 WHEN NOT (ratio >= -100) THEN -100"
                + " ELSE ratio END",
            -100,
            100),
        new Clamp("CASE WHEN NOT (ratio > 0 AND ratio < 100) THEN 0 ELSE ratio END", 0, 100),
        new Clamp("CASE WHEN ratio <> 100 THEN 0 ELSE ratio END", 0, 100),
        new Clamp("CASE WHEN ratio IN (1, 2, 3) THEN ratio ELSE 0 END", 0, 3),
        new Clamp("CASE WHEN (ratio < 100) IS TRUE AND ratio > 0 THEN ratio END", 0, 100),
        new Clamp("CASE WHEN ratio > 0 THEN LEAST(ratio, 10) ELSE 0 END", 0, 10),
        new Clamp("LEAST(GREATEST(ratio, 0), 100, 50)", 0, 50),
        new Clamp("COALESCE(LEAST(GREATEST(ratio, 0), 100), -1)", -1, 100),
        new Clamp("ABS(LEAST(GREATEST(ratio, -10), 10))", 0, 10),
        new Clamp("LEAST(GREATEST(ratio, 0), 100) * 2", 0, 200),
        new Clamp("LEAST(GREATEST(raw, 0), 100)", 0, 100),
        new Clamp("CASE WHEN raw < 0 THEN 0 WHEN raw > 100 THEN 100 ELSE raw END", 0, 100),
        new Clamp("CASE WHEN raw BETWEEN 1 AND 10 THEN raw * 10 END", 10, 100),
        new Clamp("LEAST(GREATEST(CAST(raw AS DOUBLE PRECISION), 0), 100)", 0, 100),
        new Clamp("LEAST(GREATEST(small, -5), 5)", -5, 5),
        new Clamp("LEAST(GREATEST(big, 0), 1000)", 0, 1000),
        new Clamp("LEAST(GREATEST(amount, 0), 100)", 0, 100),
        new Clamp("GREATEST(0, LEAST(amount, 100)) * 2", 0, 200),
        new Clamp("CASE WHEN amount BETWEEN -10 AND 10 THEN amount END", -10, 10));
  }

  /** Forms that do not bound the value, with what the refusal must name. */
  static Stream<String> unbounded() {
    return Stream.of(
        "CASE WHEN ratio > 0 THEN ratio ELSE 0 END", // one-sided
        "CASE WHEN ratio = ratio THEN ratio END", // not a comparison with a literal
        "CASE WHEN ratio < 100 OR ratio > 0 THEN ratio END", // either side
        "CASE WHEN GREATEST(ratio, 5) < 10 THEN ratio END", // on another expression
        "CASE WHEN ratio < 100 AND raw > 0 THEN ratio END",
        "CASE WHEN raw > 0 AND raw < 100 THEN ratio END"); // another column
  }

  @BeforeAll
  void setUp() throws SQLException {
    c = open();
    run("/sql2rel/schema.sql");
    run("/safety/readings.sql");
    try (Statement s = c.createStatement()) {
      s.execute("INSERT INTO departments VALUES (1, 'D1', 100.00)");
      for (int e = 1; e <= UNITS; e++) {
        s.execute(
            "INSERT INTO employees VALUES ("
                + e
                + ", 1, 1000, 40, DATE '2020-01-01', TRUE, 'N', 1, 'F', 10)");
      }
    }
    long[] ints = {Integer.MIN_VALUE, -1, 0, 7, 50, Integer.MAX_VALUE};
    long[] bigs = {Long.MIN_VALUE, 0, 999, Long.MAX_VALUE};
    int[] smalls = {Short.MIN_VALUE, -3, 0, Short.MAX_VALUE};
    List<String> ratios = new ArrayList<>(ratios());
    ratios.add(null);
    List<String> amounts = new ArrayList<>(amounts());
    amounts.add(null);
    int rows = ratios.size() * amounts.size();
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO readings (id, employee_id, raw, big, small, ratio, amount) VALUES (?, ?,"
                + " ?, ?, ?, CAST(? AS DOUBLE PRECISION), CAST(? AS NUMERIC))")) {
      for (int i = 0; i < rows; i++) {
        ps.setInt(1, i + 1);
        ps.setInt(2, 1 + i % UNITS);
        if (i % (ints.length + 1) == ints.length) {
          ps.setObject(3, null, java.sql.Types.INTEGER);
        } else {
          ps.setLong(3, ints[i % (ints.length + 1)]);
        }
        ps.setLong(4, bigs[i % bigs.length]);
        ps.setInt(5, smalls[i % smalls.length]);
        ps.setString(6, ratios.get(i % ratios.size()));
        ps.setString(7, amounts.get(i / ratios.size()));
        ps.executeUpdate();
      }
    }
    catalog = new ConstraintCatalog(c);
    planner = new RelationalPlanner(catalog, Policy.parse(POLICY, "clamps"), backend());
  }

  @AfterAll
  void tearDown() throws SQLException {
    c.close();
  }

  private void run(String resource) throws SQLException {
    String ddl;
    try (InputStream in = getClass().getResourceAsStream(resource)) {
      ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    try (Statement s = c.createStatement()) {
      for (String st : ddl.replaceAll("(?m)^--.*$", "").split(";")) {
        if (!st.isBlank()) {
          s.execute(st);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clamps")
  void clamp_claimedInterval_holdsForEveryRow(Clamp k) throws SQLException {
    RelNode rel = new RelFrontEnd(catalog).toRel("SELECT " + k.expr() + " AS x FROM readings").rel;
    PrivacyAnalysis analysis = PrivacyAnalysis.load(rel, catalog, Policy.parse(POLICY, "clamps"));
    Interval iv = analysis.privacy(rel).columns().get(0).interval();
    assertEquals(k.lo(), iv.lower(), 1e-9, () -> "claimed " + iv);
    assertEquals(k.hi(), iv.upper(), 1e-9, () -> "claimed " + iv);
    BoundSql emitted = RelSql.emit(rel, backend());
    int n = within(values(emitted.sql(), emitted.parameters()), k, emitted.sql());
    int own = within(values("SELECT " + k.expr() + " FROM readings", List.of()), k, "own SQL");
    if (leastIgnoresNull()) {
      assertEquals(n, own, "NULL rows differ from the backend's own LEAST/GREATEST");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clamps")
  void sumOfClamp_answered_lambdaFromTheClamp_rewriteStaysInside(Clamp k) throws SQLException {
    PrivacyPlan plan = planner.plan("SELECT SUM(" + k.expr() + ") FROM readings");
    assertEquals(1, plan.sensitivities().length, plan.rewrittenSql());
    double lambda = C * Math.max(Math.abs(k.lo()), Math.abs(k.hi()));
    assertEquals(lambda, plan.sensitivities()[0], 1e-9, plan.rewrittenSql());
    List<Double> sums = values(plan.rewrittenSql(), plan.parameters());
    double s = sums.isEmpty() ? 0 : sums.get(0); // NULL: no value summed
    assertTrue(
        Double.isFinite(s)
            && s >= UNITS * Math.min(0, C * k.lo()) - 1e-6
            && s <= UNITS * Math.max(0, C * k.hi()) + 1e-6,
        () -> "SUM coordinate " + s + " outside the bounds\n" + plan.rewrittenSql());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unbounded")
  void unboundedForm_refusedWithZD001_namingAClampThatWorks(String expr) {
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> planner.plan("SELECT SUM(" + expr + ") FROM readings"),
            "answered: " + expr);
    assertEquals("ZD001", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("LEAST(GREATEST("), e.getMessage());
    assertTrue(e.getMessage().contains("CHECK"), e.getMessage());
    assertTrue(e.getMessage().contains("A CASE bounds its value only"), e.getMessage());
  }

  /** The first column of every row (NULLs left out). */
  private List<Double> values(String sql, List<ParameterSource> params) throws SQLException {
    List<Double> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      int i = 1;
      for (ParameterSource p : params) {
        ParameterSource.Constant k = (ParameterSource.Constant) p;
        ps.setObject(i++, k.value(), k.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          double v = rs.getDouble(1);
          if (!rs.wasNull()) {
            out.add(v);
          }
        }
      }
    }
    return out;
  }

  private static int within(List<Double> values, Clamp k, String sql) {
    assertFalse(values.isEmpty(), sql);
    for (double v : values) {
      assertTrue(v >= k.lo() && v <= k.hi(), () -> v + " outside " + k + "\n" + sql);
    }
    return values.size();
  }
}
