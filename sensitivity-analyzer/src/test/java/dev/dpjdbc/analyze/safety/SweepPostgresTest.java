package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundSql;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every allowed shape is allowed for a reason: over tables holding the extremes of every column's
 * interval — the CHECK bounds, the type limits of unbounded columns (INT_MIN, INT_MAX, NaN, ±∞, the
 * largest and the smallest double, numbers of a thousand digits, dates from 4713 BC to 5874897 AD),
 * NULL and 0, in every combination per table — and the non-finite values wherever the column can
 * hold them ('NaN' in numeric(6,2) and in columns with only a lower CHECK, ±Infinity in
 * unconstrained numeric and float8, ±infinity in dates and timestamps), the plan below the
 * boundary, emitted for PostgreSQL, and its preflight run without error under generic plans.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SweepPostgresTest {
  private static final String[] EXTREMES = {
    "INSERT INTO departments VALUES (1, 'D1', 0), (2, 'D2', 9999999999.99), (3, 'D3', NULL)",
    "INSERT INTO employees SELECT row_number() OVER (), 1 + (row_number() OVER ()) % 3,"
        + " salary, age, hired, remote, region, level, sex, educ FROM"
        + " (VALUES (0), (50000), (200000)) a(salary)"
        + " CROSS JOIN (VALUES (18), (30), (70), (NULL::int)) b(age)"
        + " CROSS JOIN (VALUES (DATE '2015-01-01'), (DATE '2025-12-31')) c(hired)"
        + " CROSS JOIN (VALUES (TRUE), (FALSE)) d(remote)"
        + " CROSS JOIN (VALUES ('N'), ('W')) e(region)"
        + " CROSS JOIN (VALUES (1), (5)) f(level)"
        + " CROSS JOIN (VALUES ('F'), (NULL)) g(sex)"
        + " CROSS JOIN (VALUES (1), (16), (NULL::int)) h(educ)",
    "INSERT INTO visits SELECT row_number() OVER (), 1 + (row_number() OVER ()) % 50, d, m FROM"
        + " (VALUES (DATE '2020-01-01'), (DATE '2025-12-31')) a(d)"
        + " CROSS JOIN (VALUES (0), (10), (600)) b(m)",
    "INSERT INTO customers SELECT row_number() OVER (), r, s FROM (VALUES ('N'), ('W')) a(r)"
        + " CROSS JOIN (VALUES (NULL::date), (DATE '4714-11-24 BC'), (DATE '2020-01-01'),"
        + " (DATE '294276-12-31'), (DATE '5874897-12-31')) b(s)",
    "INSERT INTO orders SELECT row_number() OVER (), 1 + (row_number() OVER ()) % 10, p, q, t FROM"
        + " (VALUES (0), (0.01), (1000)) a(p) CROSS JOIN (VALUES (1), (20)) b(q)"
        + " CROSS JOIN (VALUES (TIMESTAMP '2020-01-01 00:00:00'),"
        + " (TIMESTAMP '2025-12-31 23:59:59')) c(t)",
    "INSERT INTO readings SELECT row_number() OVER (), 1 + (row_number() OVER ()) % 50,"
        + " raw, big, small, ratio, gauge, amount, code, taken, due, capped FROM"
        + " (VALUES (-2147483648), (-1), (0), (2147483647), (NULL)) a(raw)"
        + " CROSS JOIN (VALUES (-9223372036854775808), (9223372036854775807)) b(big)"
        + " CROSS JOIN (VALUES (CAST(-32768 AS smallint)), (0::smallint), (32767::smallint)) c(small)"
        + " CROSS JOIN (VALUES ('NaN'::float8), ('Infinity'), ('-Infinity'), (1.7976931348623157e308),"
        + " (4.9e-324), (NULL)) d(ratio)"
        + " CROSS JOIN (VALUES (0::float8), (10), (4.9e-324)) e(gauge)"
        + " CROSS JOIN (VALUES (NULL::numeric), (0), (-power(10::numeric, 1000)),"
        + " (power(10::numeric, 1000))) f(amount)"
        + " CROSS JOIN (VALUES ('abc'), ('a\\'), (NULL)) g(code)"
        + " CROSS JOIN (VALUES (NULL::timestamp), (TIMESTAMP '4714-11-24 00:00:00 BC'),"
        + " (TIMESTAMP '294276-12-31 23:59:59')) h(taken)"
        + " CROSS JOIN (VALUES (DATE '4714-11-24 BC'), (DATE '5874897-12-31')) i(due)"
        + " CROSS JOIN (VALUES (-2147483648), (2147483647)) j(capped)",
    // NaN and the infinities wherever a column can hold them (the rows above hold none but
    // ratio's): numeric(6,2) with NaN, one-sided CHECKs passed by NaN and +Infinity, unconstrained
    // numeric and dates and timestamps at ±infinity
    "INSERT INTO readings (id, employee_id, raw, ratio, amount, taken, due, fixed, pos, lim, half)"
        + " SELECT 1000000 + row_number() OVER (), 1 + (row_number() OVER ()) % 50,"
        + " raw, ratio, amount, taken, due, fixed, pos, lim, half FROM"
        + " (VALUES (-2147483648), (2147483647)) a(raw)"
        + " CROSS JOIN (VALUES ('NaN'::float8), (1.7976931348623157e308)) b(ratio)"
        + " CROSS JOIN (VALUES ('NaN'::numeric), ('Infinity'), ('-Infinity'), (0)) c(amount)"
        + " CROSS JOIN (VALUES ('infinity'::timestamp), ('-infinity')) d(taken)"
        + " CROSS JOIN (VALUES ('infinity'::date), ('-infinity'), (NULL)) e(due)"
        + " CROSS JOIN (VALUES ('NaN'::numeric), (-9999.99), (9999.99), (NULL)) f(fixed)"
        + " CROSS JOIN (VALUES ('NaN'::numeric), (0), (9999.99)) g(pos)"
        + " CROSS JOIN (VALUES (0::numeric), (100), (NULL)) h(lim)"
        + " CROSS JOIN (VALUES ('NaN'::float8), ('Infinity'), (0), (1.7976931348623157e308),"
        + " (4.9e-324)) i(half)",
    "INSERT INTO customers SELECT 100 + row_number() OVER (), 'N', s FROM"
        + " (VALUES ('infinity'::date), ('-infinity'::date)) b(s)"
  };

  private EmbeddedPostgres postgres;
  private SafetyFixture fixture;
  private Connection c;

  @BeforeAll
  void setUp() throws SQLException {
    postgres = Postgres.start();
    c = postgres.getPostgresDatabase().getConnection();
    fixture = new SafetyFixture(postgres.getPostgresDatabase().getConnection());
    try (Statement st = c.createStatement()) {
      for (String sql : EXTREMES) {
        st.execute(sql);
      }
      st.execute("ANALYZE");
      st.execute("SET plan_cache_mode = force_generic_plan");
    }
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    c.close();
    fixture.close();
    postgres.close();
  }

  static Stream<ErrorCases.Allowed> allowed() {
    return ErrorCases.allowed().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allowed")
  void allowedShape_raisesNothing_atTheExtremes(ErrorCases.Allowed a) throws SQLException {
    SafetyFixture.Split s = fixture.split(a.sql());
    BoundSql below = Postgres.emit(s.boundary().below());
    RelNode plan = Preflight.plan(s.boundary().below());
    BoundSql preflight = plan == null ? null : Postgres.emit(plan);
    try {
      if (preflight != null) {
        Postgres.run(c, preflight, a.params());
      }
      long rows = Postgres.run(c, below, a.params());
      assertTrue(rows >= 0);
    } catch (SQLException e) {
      throw new AssertionError(
          e.getMessage()
              + "\n"
              + a.sql()
              + "\n  ran as: "
              + below.sql()
              + (preflight == null ? "" : "\n  preflight: " + preflight.sql()),
          e);
    }
  }
}
