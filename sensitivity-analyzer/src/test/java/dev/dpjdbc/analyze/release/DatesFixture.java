package dev.dpjdbc.analyze.release;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Schema, data and plan runner of the date-and-parameter tests (valid on H2 and PostgreSQL).
 *
 * <p>{@code staff} (one row per person, unit = primary key) is hired at fixed distances from today
 * (10, 100, 400, 2000 and 4000 days ago), so that every relative date filter of the tests has a
 * margin of days around its threshold whatever the backend's clock and time zone; {@code born}
 * holds fixed dates for date_trunc and EXTRACT. {@code shifts} has several rows per person (unit
 * along its foreign key). {@code gauges.reading} (bounded by the policy only) holds 1e-200, whose
 * square underflows double precision.
 */
final class DatesFixture {
  private DatesFixture() {}

  static final String POLICY =
      """
      tables:
        shifts: {max_rows_per_unit: 5}
        gauges:
          columns:
            reading: {min: -1, max: 1}
      """;

  static Policy policy() {
    return Policy.parse(POLICY, "dates test policy");
  }

  static final LocalDate TODAY = LocalDate.now();

  /** Days before today each staff member was hired, by id 1..5. */
  static final int[] HIRED_DAYS_AGO = {10, 100, 400, 2000, 4000};

  static final LocalDate[] BORN = {
    LocalDate.of(1980, 1, 15),
    LocalDate.of(1980, 2, 20),
    LocalDate.of(1990, 6, 30),
    LocalDate.of(1995, 6, 1),
    LocalDate.of(2000, 12, 31)
  };

  static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE staff (id INTEGER PRIMARY KEY,"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S')),"
              + " nick VARCHAR(1) CHECK (nick IN ('a', 'b')),"
              + " hired DATE NOT NULL"
              + " CHECK (hired BETWEEN DATE '2000-01-01' AND DATE '2099-12-31'),"
              + " born DATE NOT NULL CHECK (born BETWEEN DATE '1900-01-01' AND DATE '2020-12-31'),"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 1000),"
              + " code VARCHAR(10), x INTEGER CHECK (x BETWEEN -5 AND 5))");
      s.execute(
          "CREATE TABLE shifts (id INTEGER PRIMARY KEY,"
              + " staff_id INTEGER NOT NULL REFERENCES staff (id),"
              + " started TIMESTAMP NOT NULL CHECK (started BETWEEN TIMESTAMP '2000-01-01"
              + " 00:00:00' AND TIMESTAMP '2099-12-31 00:00:00'),"
              + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600))");
      // a deviation from the midpoint 0 whose square underflows double precision
      s.execute("CREATE TABLE gauges (id INTEGER PRIMARY KEY, reading DOUBLE PRECISION)");
      s.execute("INSERT INTO gauges VALUES (1, 1.0E-200), (2, 0.5), (3, -0.5)");
    }
    String[] region = {"N", "S", "N", "S", "N"};
    String[] nick = {"a", "b", null, "a", null};
    String[] code = {"12", "ab", "1x", null, "7"};
    Integer[] x = {2, 0, -5, 5, null};
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO staff VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (int i = 0; i < 5; i++) {
        ps.setInt(1, i + 1);
        ps.setString(2, region[i]);
        ps.setObject(3, nick[i], Types.VARCHAR);
        ps.setObject(4, TODAY.minusDays(HIRED_DAYS_AGO[i]));
        ps.setObject(5, BORN[i]);
        ps.setInt(6, 100 * (i + 1));
        ps.setObject(7, code[i], Types.VARCHAR);
        ps.setObject(8, x[i], Types.INTEGER);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    LocalDateTime noon = TODAY.atTime(12, 0);
    int[][] shifts = {{1, 1, 5, 10}, {2, 1, 50, 20}, {3, 2, 500, 40}, {4, 3, 5, 30}};
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO shifts VALUES (?, ?, ?, ?)")) {
      for (int[] r : shifts) {
        ps.setInt(1, r[0]);
        ps.setInt(2, r[1]);
        ps.setObject(3, noon.minusDays(r[2]));
        ps.setInt(4, r[3]);
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** Seconds since 1970 of midnight (UTC) {@code days} before today, for to_timestamp. */
  static long epochDaysAgo(int days) {
    return TODAY.minusDays(days).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
  }

  /** How many staff were born before the year that is {@code years} before this one. */
  static long bornBefore(int years) {
    return Arrays.stream(BORN).filter(d -> d.getYear() < TODAY.getYear() - years).count();
  }

  /** How many staff were hired in this calendar year. */
  static long hiredThisYear() {
    return Arrays.stream(HIRED_DAYS_AGO)
        .filter(d -> TODAY.minus(d, ChronoUnit.DAYS).getYear() == TODAY.getYear())
        .count();
  }

  /**
   * Runs the plan on {@code c} as the driver does, without noise: preflight, rewritten SQL (each
   * {@code ?} bound from its source; the analyst's {@code null} as a typed NULL), the released rows
   * from the true coordinates, then the plan's post-processing with the parameters bound. Rows in a
   * canonical order, numbers as doubles.
   */
  static List<List<Object>> run(Connection c, PrivacyPlan plan, Object... params)
      throws SQLException {
    if (plan.preflight() != null) {
      try (PreparedStatement ps = c.prepareStatement(plan.preflight().sql())) {
        bind(ps, plan.preflight(), params);
        ps.executeQuery().close();
      }
    }
    List<Object[]> released = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      bind(ps, plan.rewritten(), params);
      try (ResultSet rs = ps.executeQuery()) {
        int k = plan.groupKeys().size();
        while (rs.next()) {
          Object[] keys = new Object[k];
          for (int i = 0; i < k; i++) {
            keys[i] = rs.getObject(i + 1);
          }
          double[] coords = new double[plan.coordinates().size()];
          for (int i = 0; i < coords.length; i++) {
            coords[i] = rs.getDouble(k + i + 1);
          }
          List<Object> row = new ArrayList<>();
          for (OutputColumn o : plan.outputs()) {
            row.add(o.expr().evaluate(keys, coords));
          }
          released.add(row.toArray());
        }
      }
    }
    List<Object[]> rows =
        plan.post() == null
            ? released
            : plan.post().processor().bind(Arrays.asList(params)).apply(released);
    List<List<Object>> out = new ArrayList<>();
    for (Object[] r : rows) {
      List<Object> row = new ArrayList<>();
      for (Object v : r) {
        row.add(v instanceof Number n ? (Object) n.doubleValue() : v);
      }
      out.add(row);
    }
    out.sort(Comparator.comparing(Object::toString));
    return out;
  }

  private static void bind(PreparedStatement ps, BoundSql sql, Object... params)
      throws SQLException {
    for (int i = 0; i < sql.parameters().size(); i++) {
      ParameterSource p = sql.parameters().get(i);
      if (p instanceof ParameterSource.Constant k) {
        ps.setObject(i + 1, k.value(), k.jdbcType());
        continue;
      }
      Object v = params[((ParameterSource.Analyst) p).index()];
      if (v == null) {
        ps.setNull(i + 1, Types.VARCHAR);
      } else {
        ps.setObject(i + 1, v);
      }
    }
  }

  /** Rows of numbers and strings, numbers as doubles, for expected answers. */
  static List<List<Object>> rows(Object[]... rows) {
    List<List<Object>> out = new ArrayList<>();
    for (Object[] r : rows) {
      List<Object> row = new ArrayList<>();
      for (Object v : r) {
        row.add(v instanceof Number n ? (Object) n.doubleValue() : v);
      }
      out.add(row);
    }
    out.sort(Comparator.comparing(Object::toString));
    return out;
  }

  static List<List<Object>> one(Number n) {
    return rows(new Object[] {n});
  }
}
