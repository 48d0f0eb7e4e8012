package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sums stay in the backend's own exact type, and the sums of squares of VAR/STDDEV over integer
 * columns are exact BIGINT sums of {@code (2x − (L+U))²} scaled by a quarter, on real PostgreSQL
 * and H2: each coordinate the rewritten statement returns equals, digit for digit, the same sum
 * computed by the backend in NUMERIC, and the old DOUBLE PRECISION form within 1e-12 relative
 * (rounding only). A width beyond 2^31 keeps the DOUBLE PRECISION squares. Columns: {@code i}
 * INTEGER [0, 999] (midpoint 499.5, not whole), {@code b} BIGINT [-5, 10^9], {@code w} BIGINT [0,
 * 2^40] (too wide for BIGINT squares), {@code n} NUMERIC(12, 2) [0, 10]; rows at both ends.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExactMomentsTest {
  private static final String TABLE =
      "CREATE TABLE readings (id INTEGER PRIMARY KEY,"
          + " i INTEGER CHECK (i BETWEEN 0 AND 999),"
          + " b BIGINT NOT NULL CHECK (b BETWEEN -5 AND 1000000000),"
          + " w BIGINT NOT NULL CHECK (w BETWEEN 0 AND 1099511627776),"
          + " n NUMERIC(12, 2) NOT NULL CHECK (n BETWEEN 0 AND 10),"
          + " k VARCHAR(1) NOT NULL CHECK (k IN ('a', 'b')))";

  /** The scaling of the exact BIGINT squares, {@code SUM((2x − (L+U))²) · 0.25}. */
  private static final String QUARTER = "* CAST(? AS DECIMAL(3, 2))";

  /** A row value cast to DOUBLE and centred, as the DOUBLE PRECISION squares are written. */
  private static final java.util.regex.Pattern ROW_CAST =
      java.util.regex.Pattern.compile("AS DOUBLE( PRECISION)?\\) - CAST\\(\\?");

  private static final String POLICY =
      "tables:\n  readings: {privacy_unit: id}\n  visits: {privacy_unit: person, max_rows_per_unit: 3}\n";

  /** Rows per unit unbounded by the schema: the rewrite pre-aggregates per unit and clamps. */
  private static final String VISITS =
      "CREATE TABLE visits (id INTEGER PRIMARY KEY, person INTEGER NOT NULL,"
          + " v INTEGER NOT NULL CHECK (v BETWEEN 0 AND 999),"
          + " wide INTEGER NOT NULL CHECK (wide BETWEEN 0 AND 2000000000))";

  private EmbeddedPostgres postgres;
  private Connection pg;
  private Connection h2;

  @BeforeAll
  void start() throws IOException, SQLException {
    postgres = EmbeddedPostgres.builder().start();
    pg = postgres.getPostgresDatabase().getConnection();
    h2 = DriverManager.getConnection("jdbc:h2:mem:exactmoments" + System.nanoTime());
    fill(pg, "generate_series(0, 1999) g");
    fill(h2, "(SELECT X AS g FROM SYSTEM_RANGE(0, 1999)) r");
  }

  private static void fill(Connection c, String rows) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(TABLE);
      s.execute(VISITS);
      s.execute(
          "INSERT INTO visits SELECT g, MOD(g, 500), MOD(g * 37, 1000),"
              + " CASE WHEN MOD(g, 2) = 0 THEN 0 ELSE 2000000000 END FROM "
              + rows);
      s.execute(
          "INSERT INTO readings SELECT g,"
              + " CASE WHEN MOD(g, 7) = 0 THEN NULL ELSE MOD(g * 37, 1000) END,"
              + " CASE WHEN MOD(g, 3) = 0 THEN -5 ELSE 1000000000 - g END,"
              + " CASE WHEN MOD(g, 2) = 0 THEN 1099511627776 - g ELSE g END,"
              + " CAST(MOD(g, 1001) AS NUMERIC(12, 2)) / 100,"
              + " CASE WHEN MOD(g, 2) = 0 THEN 'a' ELSE 'b' END FROM "
              + rows);
    }
  }

  @AfterAll
  void stop() throws IOException, SQLException {
    h2.close();
    pg.close();
    postgres.close();
  }

  Stream<Arguments> backends() {
    return Stream.of(Arguments.of("postgresql"), Arguments.of("h2"));
  }

  private Connection connection(String backend) {
    return backend.equals("h2") ? h2 : pg;
  }

  private PrivacyPlan plan(String backend, String sql) throws SQLException {
    Connection c = connection(backend);
    return new RelationalPlanner(
            new ConstraintCatalog(c),
            Policy.parse(POLICY, "readings"),
            backend.equals("h2") ? Backend.H2 : Backend.POSTGRESQL)
        .plan(sql);
  }

  /** SUM keeps the backend's type (no cast to DOUBLE PRECISION) and is the exact sum. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backends")
  void sums_keepTheBackendsExactType(String backend) throws SQLException {
    Connection c = connection(backend);
    for (String x : new String[] {"i", "b", "n"}) {
      PrivacyPlan p = plan(backend, "SELECT SUM(" + x + ") FROM readings");
      assertFalse(p.rewrittenSql().contains("DOUBLE PRECISION"), p.rewrittenSql());
      Row r = run(c, p);
      String type = r.types[0].toLowerCase(Locale.ROOT);
      assertTrue(type.equals("int8") || type.equals("bigint") || type.equals("numeric"), type);
      assertEquals(0, exact(c, "SELECT SUM(" + x + ") FROM readings").compareTo(r.values[0]), x);
    }
  }

  /** The sum of squares over an integer column: no row cast to DOUBLE, the exact NUMERIC value. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backends")
  void squaresOfIntegers_areExact(String backend) throws SQLException {
    Connection c = connection(backend);
    for (String[] x : new String[][] {{"i", "499.5"}, {"b", "499999997.5"}}) {
      for (String agg : new String[] {"VAR_POP", "STDDEV_SAMP"}) {
        PrivacyPlan p = plan(backend, "SELECT " + agg + "(" + x[0] + ") FROM readings");
        String sql = p.rewrittenSql();
        assertTrue(sql.contains(QUARTER), sql);
        assertFalse(ROW_CAST.matcher(sql).find(), "no row cast to DOUBLE: " + sql);
        BigDecimal squares = run(c, p).values[2]; // COUNT, centred sum, sum of squares
        String dev = "(CAST(" + x[0] + " AS NUMERIC(30, 2)) - " + x[1] + ")";
        BigDecimal exact = exact(c, "SELECT SUM(" + dev + " * " + dev + ") FROM readings");
        assertEquals(0, exact.compareTo(squares), agg + "(" + x[0] + "): " + squares);
        String old = "(CAST(" + x[0] + " AS DOUBLE PRECISION) - " + x[1] + ")";
        double before =
            exact(c, "SELECT SUM(" + old + " * " + old + ") FROM readings").doubleValue();
        assertEquals(before, squares.doubleValue(), 1e-12 * before, agg + "(" + x[0] + ")");
      }
    }
  }

  /** Per group, and with a group whose values are all NULL for i: the same exact sums. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backends")
  void squaresPerGroup_areExact(String backend) throws SQLException {
    Connection c = connection(backend);
    PrivacyPlan p = plan(backend, "SELECT k, VAR_SAMP(i) FROM readings GROUP BY k");
    String dev = "(CAST(i AS NUMERIC(30, 2)) - 499.5)";
    for (Row r : runAll(c, p)) {
      String k = r.key;
      BigDecimal exact =
          exact(c, "SELECT SUM(" + dev + " * " + dev + ") FROM readings WHERE k = '" + k + "'");
      assertEquals(0, exact.compareTo(r.values[3]), k + ": " + r.values[3]);
    }
  }

  /**
   * Pre-aggregated per unit (at most 3 rows each, 4 rows per person here, so the per-unit clamp
   * bites): the sums of squares run without error and are exactly the clamped sums; a wide column
   * whose per-unit bound C·h² exceeds 2^53 keeps the DOUBLE PRECISION squares.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backends")
  void squaresPerUnit_areExactAndClamped(String backend) throws SQLException {
    Connection c = connection(backend);
    PrivacyPlan p = plan(backend, "SELECT VAR_POP(v) FROM visits");
    assertTrue(p.rewrittenSql().contains(QUARTER), p.rewrittenSql());
    String dev = "(CAST(v AS NUMERIC(30, 2)) - 499.5)";
    BigDecimal exact =
        exact(
            c,
            "SELECT SUM(CASE WHEN q > 748500.75 THEN 748500.75 ELSE q END) FROM (SELECT person,"
                + " SUM("
                + dev
                + " * "
                + dev
                + ") AS q FROM visits GROUP BY person) u");
    assertEquals(0, exact.compareTo(run(c, p).values[2]), p.rewrittenSql());
    PrivacyPlan wide = plan(backend, "SELECT VAR_POP(wide) FROM visits");
    assertFalse(wide.rewrittenSql().contains(QUARTER), wide.rewrittenSql());
    double squares = run(c, wide).values[2].doubleValue();
    assertEquals(500 * 3e18, squares, 1e-9 * squares, wide.rewrittenSql());
  }

  /** A width beyond 2^31 keeps the DOUBLE PRECISION squares (a BIGINT square could overflow). */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backends")
  void squaresOfAWideColumn_stayDouble(String backend) throws SQLException {
    Connection c = connection(backend);
    PrivacyPlan p = plan(backend, "SELECT VAR_POP(w) FROM readings");
    assertFalse(p.rewrittenSql().contains(QUARTER), p.rewrittenSql());
    assertTrue(ROW_CAST.matcher(p.rewrittenSql()).find(), p.rewrittenSql());
    String dev = "(CAST(w AS NUMERIC(30, 2)) - 549755813888)";
    double exact = exact(c, "SELECT SUM(" + dev + " * " + dev + ") FROM readings").doubleValue();
    assertEquals(exact, run(c, p).values[2].doubleValue(), 1e-12 * exact);
  }

  private record Row(String key, BigDecimal[] values, String[] types) {}

  private static Row run(Connection c, PrivacyPlan p) throws SQLException {
    return runAll(c, p).get(0);
  }

  /** Every row of the rewrite: a VARCHAR first column is the key, numbers as BigDecimal. */
  private static java.util.List<Row> runAll(Connection c, PrivacyPlan p) throws SQLException {
    java.util.List<Row> out = new java.util.ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(p.rewrittenSql())) {
      int i = 1;
      for (ParameterSource s : p.parameters()) {
        ParameterSource.Constant k = (ParameterSource.Constant) s;
        ps.setObject(i++, k.value(), k.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String key = rs.getObject(1) instanceof String s ? s : null;
          BigDecimal[] v = new BigDecimal[n];
          String[] t = new String[n];
          for (int k = 0; k < n; k++) {
            v[k] = rs.getObject(k + 1) instanceof Number ? rs.getBigDecimal(k + 1) : null;
            t[k] = rs.getMetaData().getColumnTypeName(k + 1);
          }
          out.add(new Row(key, v, t));
        }
      }
    }
    return out;
  }

  private static BigDecimal exact(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getBigDecimal(1);
    }
  }
}
