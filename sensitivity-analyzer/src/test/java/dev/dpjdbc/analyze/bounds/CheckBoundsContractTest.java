package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.privacy.PrivacyAnalysis;
import dev.dpjdbc.analyze.privacy.RelPrivacy;
import dev.dpjdbc.analyze.sql2rel.RelFrontEnd;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CHECK constraints with negative bounds and with date and time bounds, written as an analyst
 * writes them, printed back by the backend ({@code pg_get_constraintdef} on PostgreSQL, {@code
 * INFORMATION_SCHEMA} on H2), read by {@link ConstraintCatalog}, and used by the old analyzer
 * ({@link SensitivityAnalyzer}) and the relational analysis ({@link RelFrontEnd} + {@link
 * PrivacyAnalysis}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CheckBoundsContractTest {
  static final String DDL =
      "CREATE TABLE bounded (id INTEGER PRIMARY KEY,"
          + " a INTEGER CHECK (a BETWEEN -2 AND 3),"
          + " b NUMERIC(5,2) CHECK (b BETWEEN -2.5 AND 2.5),"
          + " c INTEGER CHECK (c >= (- 2) AND c <= -1),"
          + " d NUMERIC CHECK (d >= -2),"
          + " e DOUBLE PRECISION CHECK (e BETWEEN -1e3 AND 1e3),"
          + " s SMALLINT CHECK (s > -5),"
          + " bi BIGINT CHECK (bi >= -9000000000),"
          + " hired DATE CHECK (hired BETWEEN '2015-01-01' AND '2025-12-31'),"
          + " since DATE CHECK (since >= DATE '2010-01-01'),"
          + " ts TIMESTAMP CHECK (ts >= TIMESTAMP '2020-01-01 00:00:00' AND ts < '2021-01-01'),"
          + " tz TIMESTAMP WITH TIME ZONE"
          + " CHECK (tz >= TIMESTAMP WITH TIME ZONE '2020-01-01 00:00:00+02'),"
          + " txt VARCHAR(10) CHECK (txt >= '-2'))";

  Connection connection;
  ConstraintCatalog catalog;

  abstract Connection open() throws SQLException;

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    try (Statement s = connection.createStatement()) {
      s.execute(DDL);
      s.execute(
          "INSERT INTO bounded (id, a, b, c, d, e, s, bi) VALUES (1, -2, -2.5, -2, -2, -1000,"
              + " -4, -9000000000), (2, 3, 2.5, -1, 5, 1000, 7, 1)");
    }
    catalog = new ConstraintCatalog(connection);
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  static double day(String iso) {
    return LocalDate.parse(iso).toEpochDay();
  }

  static double ms(String iso) {
    return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  static Stream<Arguments> intervals() {
    double inf = Double.POSITIVE_INFINITY;
    return Stream.of(
        Arguments.of("a", -2.0, 3.0),
        Arguments.of("b", -2.5, 2.5),
        Arguments.of("c", -2.0, -1.0),
        Arguments.of("d", -2.0, inf),
        Arguments.of("e", -1000.0, 1000.0),
        Arguments.of("s", -5.0, 32767.0),
        Arguments.of("bi", -9e9, inf),
        Arguments.of("hired", day("2015-01-01"), day("2025-12-31")),
        Arguments.of("since", day("2010-01-01"), inf),
        Arguments.of("ts", ms("2020-01-01T00:00"), ms("2021-01-01T00:00")),
        Arguments.of("txt", -inf, inf));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("intervals")
  void catalog_readsCheckAsInterval(String column, double lower, double upper) throws SQLException {
    TableMeta meta = catalog.table(null, "bounded").orElseThrow();
    String name = meta.column(column).orElseThrow().name();
    Interval iv = meta.interval(name);
    assertEquals(lower, iv.lower(), column + ": " + iv);
    assertEquals(upper, iv.upper(), column + ": " + iv);
  }

  /**
   * Whether the backend's JDBC driver reports TIMESTAMP WITH TIME ZONE columns as such (H2 does;
   * pgJDBC reports {@code timestamptz} as TIMESTAMP, so the analyzer types it as a wall-clock
   * timestamp and takes no bound from an instant).
   */
  abstract boolean reportsTimestampWithTimeZone();

  @Test
  void catalog_timestampWithTimeZone_boundedOnlyAsInstant() throws SQLException {
    TableMeta meta = catalog.table(null, "bounded").orElseThrow();
    Interval iv = meta.interval(meta.column("tz").orElseThrow().name());
    double instant =
        OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2)).toInstant().toEpochMilli();
    assertEquals(reportsTimestampWithTimeZone() ? instant : Double.NEGATIVE_INFINITY, iv.lower());
    assertEquals(Double.POSITIVE_INFINITY, iv.upper());
  }

  @Test
  void oldAnalyzer_aggregatesColumnsWithNegativeBounds() throws SQLException {
    SensitivityAnalyzer analyzer = SensitivityAnalyzer.create(connection, Policy.defaults());
    PrivacyPlan plan = analyzer.plan("SELECT SUM(a), AVG(b), SUM(c), SUM(e) FROM bounded");
    String bounds = plan.bounds().toString();
    for (String expected : List.of("[-2, 3]", "[-2.5, 2.5]", "[-2, -1]", "[-1000, 1000]")) {
      assertTrue(bounds.contains(expected), expected + " in " + bounds);
    }
  }

  @Test
  void relationalAnalysis_seesDateAndTimestampIntervals() throws SQLException {
    RelRoot root =
        new RelFrontEnd(catalog)
            .toRel("SELECT hired, ts, EXTRACT(YEAR FROM hired) AS y, a FROM bounded");
    RelPrivacy p = PrivacyAnalysis.load(root.rel, catalog, Policy.defaults()).privacy(root.rel);
    assertEquals(day("2015-01-01"), p.interval(0).lower());
    assertEquals(day("2025-12-31"), p.interval(0).upper());
    assertEquals(ms("2020-01-01T00:00"), p.interval(1).lower());
    assertEquals(ms("2021-01-01T00:00"), p.interval(1).upper());
    assertEquals(2015.0, p.interval(2).lower());
    assertEquals(2025.0, p.interval(2).upper());
    assertEquals(-2.0, p.interval(3).lower());
  }
}
