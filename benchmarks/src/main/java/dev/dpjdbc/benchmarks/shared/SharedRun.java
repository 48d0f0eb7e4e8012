package dev.dpjdbc.benchmarks.shared;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One H2 in-memory database behind {@code jdbc:dp:h2:mem:}: table {@code t(id, g, x, y)} with the
 * privacy unit {@code id} (one row per unit, C = 1), a public group key {@code g} of {@code groups}
 * values, x in [0, 100] and y in [1000, 1100] (a column far from 0, where a centred sum is much
 * cheaper than a plain one). Reads EXPLAIN PRIVACY (the coordinates drawn and each released
 * column's stddev) and releases queries to check a declared stddev empirically.
 */
final class SharedRun implements AutoCloseable {
  /** One coordinate row of EXPLAIN PRIVACY. */
  record CoordinateRow(
      String outputs, String aggregate, double sensitivity, double stddev, String outputStddev) {}

  /** What EXPLAIN PRIVACY says about one query: its coordinates and each column's stddev. */
  record Explained(List<CoordinateRow> coordinates, Map<String, Double> columnStddev) {}

  private final Connection direct;
  private final Connection copy;
  private final Connection dp;

  /**
   * A second {@code jdbc:dp:} connection, to a copy of the data, whose plans are always made with
   * the analyzer's measurement switch on.
   */
  private final Connection unshared;

  private final Path policy;
  final int groups;

  SharedRun(Path work, int rows, int groups) throws SQLException, IOException {
    this.groups = groups;
    String db = "dpjdbc_shared_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    direct = DriverManager.getConnection("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1", "sa", "");
    copy = DriverManager.getConnection("jdbc:h2:mem:" + db + "_u;DB_CLOSE_DELAY=-1", "sa", "");
    for (Connection c : new Connection[] {direct, copy}) {
      try (Statement s = c.createStatement()) {
        s.execute(
            "CREATE TABLE t (id INT PRIMARY KEY, g INT NOT NULL, x DOUBLE PRECISION NOT NULL,"
                + " y DOUBLE PRECISION NOT NULL)");
        s.execute(
            "INSERT INTO t SELECT x, MOD(x, "
                + groups
                + "), MOD(x * 37, 101), 1000 + MOD(x * 13, 101) FROM SYSTEM_RANGE(1, "
                + rows
                + ")");
      }
    }
    StringBuilder domain = new StringBuilder();
    for (int i = 0; i < groups; i++) {
      domain.append(i == 0 ? "" : ", ").append(i);
    }
    String yaml =
        "budget: {epsilon: 1.0e15, delta: 0.9}\n"
            + "ledger: jdbc:h2:mem:"
            + db
            + "_ledger;DB_CLOSE_DELAY=-1\n"
            + "tables:\n"
            + "  public.t:\n"
            + "    privacy_unit: id\n"
            + "    columns:\n"
            + "      g: {values: ["
            + domain
            + "]}\n"
            + "      x: {min: 0, max: 100}\n"
            + "      y: {min: 1000, max: 1100}\n";
    policy = work.resolve("shared-policy.yaml");
    Files.writeString(policy, yaml);
    Properties props = new Properties();
    props.setProperty("user", "sa");
    props.setProperty("password", "");
    props.setProperty("dp.policy", policy.toString());
    dp = DriverManager.getConnection("jdbc:dp:h2:mem:" + db, props);
    // its own database (same data): the driver keeps one analyzer, and its plan cache, per URL
    unshared = DriverManager.getConnection("jdbc:dp:h2:mem:" + db + "_u", props);
  }

  /** Sets ε and the mechanism (δ and the objective stay the policy's defaults). */
  void settings(double epsilon, String mechanism) throws SQLException {
    for (Connection c : new Connection[] {dp, unshared}) {
      try (Statement s = c.createStatement()) {
        s.execute("SET dp.epsilon = " + epsilon);
        s.execute("SET dp.mechanism = " + mechanism);
      }
    }
  }

  /** EXPLAIN PRIVACY with one set of coordinates per call (before issue 11). */
  Explained explainUnshared(String sql) throws SQLException {
    System.setProperty(SharedCoordinatesBenchmark.UNSHARED, "true");
    try {
      return explain(unshared, sql);
    } finally {
      System.clearProperty(SharedCoordinatesBenchmark.UNSHARED);
    }
  }

  /** EXPLAIN PRIVACY with the shared coordinates the analyzer chooses. */
  Explained explain(String sql) throws SQLException {
    return explain(dp, sql);
  }

  private static Explained explain(Connection c, String sql) throws SQLException {
    List<CoordinateRow> rows = new ArrayList<>();
    Map<String, Double> sd = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
      while (rs.next()) {
        rows.add(
            new CoordinateRow(
                rs.getString("output_column"),
                rs.getString("aggregate"),
                rs.getDouble("sensitivity"),
                rs.getDouble("stddev"),
                rs.getString("output_stddev")));
        String o = rs.getString("output_stddev");
        if (o != null) {
          for (String part : o.split("; ")) {
            String[] kv = part.split("=", 2);
            try {
              sd.put(kv[0], Double.parseDouble(kv[1]));
            } catch (NumberFormatException e) {
              // a ratio's formula: the runner computes it at the group's size
            }
          }
        }
      }
    }
    return new Explained(rows, sd);
  }

  /** The exact answer (direct H2), one row per group, as doubles. */
  List<double[]> exact(String sql) throws SQLException {
    return rows(direct, sql);
  }

  /** One release through jdbc:dp:, one row per group, as doubles (NULL as NaN). */
  List<double[]> release(String sql) throws SQLException {
    return rows(dp, sql);
  }

  private static List<double[]> rows(Connection c, String sql) throws SQLException {
    List<double[]> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
          double v = rs.getDouble(i + 1);
          r[i] = rs.wasNull() ? Double.NaN : v;
        }
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public void close() throws SQLException, IOException {
    dp.close();
    unshared.close();
    try (Statement s = direct.createStatement()) {
      s.execute("SHUTDOWN");
    }
    direct.close();
    try (Statement s = copy.createStatement()) {
      s.execute("SHUTDOWN");
    }
    copy.close();
    Files.deleteIfExists(policy);
  }
}
