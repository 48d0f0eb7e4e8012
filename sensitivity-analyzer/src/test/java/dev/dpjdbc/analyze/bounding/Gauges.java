package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The clamp tests' table and helpers: {@code gauges} has one column per kind of bound — a CHECK
 * ({@code checked}), only the policy ({@code capped}), a CHECK inside wider policy bounds ({@code
 * wide}), policy bounds inside a CHECK ({@code narrow}), only its type ({@code small} SMALLINT) —
 * and rows at both ends of every bound.
 */
final class Gauges {
  static final String POLICY =
      """
      tables:
        gauges:
          columns:
            capped: {min: 0, max: 100}
            late: {min: 0, max: 100}
            wide: {min: -1000, max: 1000}
            narrow: {min: 0, max: 50}
            small: {min: -32768, max: 32767}
      """;

  private static final String TABLE =
      "CREATE TABLE gauges (id INTEGER PRIMARY KEY,"
          + " checked INTEGER NOT NULL CHECK (checked BETWEEN 0 AND 100),"
          + " capped INTEGER NOT NULL, late INTEGER NOT NULL,"
          + " wide INTEGER NOT NULL CHECK (wide BETWEEN 0 AND 100),"
          + " narrow INTEGER NOT NULL CHECK (narrow BETWEEN 0 AND 100),"
          + " small SMALLINT NOT NULL, remote BOOLEAN NOT NULL,"
          + " kind VARCHAR(1) NOT NULL CHECK (kind IN ('a', 'b')))";

  /** Rows 0..999 of {@code rows}, a one-column relation {@code g} (PostgreSQL or H2 spelling). */
  private static String rows(String rows) {
    return "INSERT INTO gauges SELECT g, MOD(g, 101), MOD(g, 101), MOD(g, 101), MOD(g, 101),"
        + " MOD(g, 101), CAST(MOD(g * 97, 65536) - 32768 AS SMALLINT), MOD(g, 3) = 0,"
        + " CASE WHEN MOD(g, 2) = 0 THEN 'a' ELSE 'b' END FROM "
        + rows;
  }

  static final String POSTGRES_ROWS = rows("generate_series(0, 999) g");
  static final String H2_ROWS = rows("(SELECT X AS g FROM SYSTEM_RANGE(0, 999)) r");

  /**
   * A row-level clamp as the rewrite writes it, {@code CASE WHEN x < CAST(? AS t) THEN CAST(? AS t)
   * WHEN x > ...}, x a column or an expression (the front end turns the analyst's LEAST and
   * GREATEST into CASEs with one WHEN each).
   */
  private static final Pattern CLAMP =
      Pattern.compile("CASE WHEN (.+?) < CAST\\(\\? AS [^)]+\\) THEN CAST\\(\\? AS [^)]+\\) WHEN ");

  private Gauges() {}

  /**
   * Creates and fills {@code gauges} with {@code rows} ({@link #POSTGRES_ROWS}, ...), then runs
   * {@code more}.
   */
  static void create(Connection c, String rows, String... more) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(TABLE);
      s.execute(rows);
      for (String st : more) {
        s.execute(st);
      }
    }
  }

  /**
   * What the rewrite clamps row by row (not the per-unit sums, which are SUM(...)): a column's
   * name, or {@code expr} for an expression.
   */
  static List<String> clamped(PrivacyPlan plan) {
    List<String> out = new ArrayList<>();
    Matcher m = CLAMP.matcher(plan.rewrittenSql());
    while (m.find()) {
      if (!m.group(1).startsWith("SUM(") && !m.group(1).startsWith("COUNT(")) {
        String x = m.group(1).replace("\"", "").toLowerCase(java.util.Locale.ROOT);
        out.add(x.matches("[a-z_.]+") ? x.substring(x.lastIndexOf('.') + 1) : "expr");
      }
    }
    return out;
  }

  /** The rewrite's first row, every numeric column as a double (NaN for the others). */
  static double[] run(Connection c, PrivacyPlan plan) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      int i = 1;
      for (ParameterSource p : plan.parameters()) {
        ParameterSource.Constant k = (ParameterSource.Constant) p;
        ps.setObject(i++, k.value(), k.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return new double[0];
        }
        double[] v = new double[rs.getMetaData().getColumnCount()];
        for (int k = 0; k < v.length; k++) {
          v[k] = rs.getObject(k + 1) instanceof Number n ? n.doubleValue() : Double.NaN;
        }
        return v;
      }
    }
  }

  static double scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1);
    }
  }
}
