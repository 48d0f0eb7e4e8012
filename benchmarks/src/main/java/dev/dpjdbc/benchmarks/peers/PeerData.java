package dev.dpjdbc.benchmarks.peers;

import dev.dpjdbc.benchmarks.peers.Agg.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The peer benchmark's data on H2 in memory, a direct connection and a {@code jdbc:dp:} one: table
 * {@code p} (privacy unit = primary key, one row per unit, so L0 = 1) with columns a ∈ [0, 100], b
 * ∈ [0, 1000], c ∈ [0, 10⁴], d ∈ [0, 10⁵] by policy; table {@code v} (privacy unit {@code pid},
 * each unit in {@link #VISIT_L0} groups, policy {@code max_groups_per_unit} = 4) with a ∈ [0, 100].
 * Both have {@code groups} public groups {@code g} of about {@code rowsPerGroup} rows.
 */
final class PeerData implements AutoCloseable {
  static final int VISIT_L0 = 4;

  /** A benchmark query class: its name, table and released aggregates (after {@code g}). */
  record Query(String name, String label, String table, int l0, List<Agg> aggs) {
    String sql() {
      StringBuilder b = new StringBuilder("SELECT g");
      for (Agg a : aggs) {
        b.append(", ").append(a.sql());
      }
      return b.append(" FROM ").append(table).append(" GROUP BY g").toString();
    }
  }

  static List<Query> queries() {
    Agg a = Agg.of(Kind.SUM, "sum_a", "a", 0, 100);
    return List.of(
        new Query(
            "csa",
            "COUNT + SUM + AVG",
            "p",
            1,
            List.of(Agg.count("n"), a, Agg.of(Kind.AVG, "avg_a", "a", 0, 100))),
        new Query(
            "var",
            "COUNT + AVG + VAR_POP + STDDEV_POP",
            "p",
            1,
            List.of(
                Agg.count("n"),
                Agg.of(Kind.AVG, "avg_a", "a", 0, 100),
                Agg.of(Kind.VAR_POP, "var_a", "a", 0, 100),
                Agg.of(Kind.STDDEV_POP, "sd_a", "a", 0, 100))),
        new Query(
            "sums",
            "4 SUMs, bounds 10²…10⁵",
            "p",
            1,
            List.of(
                a,
                Agg.of(Kind.SUM, "sum_b", "b", 0, 1000),
                Agg.of(Kind.SUM, "sum_c", "c", 0, 10000),
                Agg.of(Kind.SUM, "sum_d", "d", 0, 100000))),
        new Query(
            "grouped",
            "COUNT + SUM + AVG, L0 = " + VISIT_L0,
            "v",
            VISIT_L0,
            List.of(Agg.count("n"), a, Agg.of(Kind.AVG, "avg_a", "a", 0, 100))),
        new Query("avg", "AVG alone", "p", 1, List.of(Agg.of(Kind.AVG, "avg_a", "a", 0, 100))));
  }

  final int groups;
  final Connection direct;
  final Connection dp;
  private final Path policy;

  PeerData(Path work, int groups, int rowsPerGroup) throws SQLException, IOException {
    this.groups = groups;
    String db = "dpjdbc_peers_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    direct = DriverManager.getConnection("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1", "sa", "");
    int rows = groups * rowsPerGroup;
    try (Statement s = direct.createStatement()) {
      s.execute(
          "CREATE TABLE p (id INT PRIMARY KEY, g INT NOT NULL, a DOUBLE PRECISION NOT NULL,"
              + " b DOUBLE PRECISION NOT NULL, c DOUBLE PRECISION NOT NULL,"
              + " d DOUBLE PRECISION NOT NULL)");
      // values spread inside the bounds, means away from the midpoints
      s.execute(
          "INSERT INTO p SELECT x, MOD(x, "
              + groups
              + "), MOD(x * 7, 61) + 10, MOD(x * 13, 801), MOD(x * 17, 9001) + 500,"
              + " MOD(x * 19, 70001) FROM SYSTEM_RANGE(1, "
              + rows
              + ")");
      s.execute("CREATE TABLE v (pid INT NOT NULL, g INT NOT NULL, a DOUBLE PRECISION NOT NULL)");
      // unit pid has VISIT_L0 rows, in groups pid, pid + 5, pid + 10, pid + 15 (mod groups)
      s.execute(
          "INSERT INTO v SELECT (x - 1) / "
              + VISIT_L0
              + " + 1, MOD((x - 1) / "
              + VISIT_L0
              + " + 1 + 5 * MOD(x, "
              + VISIT_L0
              + "), "
              + groups
              + "), MOD(x * 7, 61) + 10 FROM SYSTEM_RANGE(1, "
              + rows
              + ")");
    }
    StringBuilder values = new StringBuilder();
    for (int g = 0; g < groups; g++) {
      values.append(g == 0 ? "" : ", ").append(g);
    }
    String yaml =
        "budget: {epsilon: 1.0e15, delta: 0.9}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-6}\n"
            + "ledger: jdbc:h2:mem:"
            + db
            + "_ledger;DB_CLOSE_DELAY=-1\n"
            + "tables:\n"
            + "  public.p:\n    privacy_unit: id\n    columns:\n"
            + "      g: {values: ["
            + values
            + "]}\n"
            + "      a: {min: 0, max: 100}\n      b: {min: 0, max: 1000}\n"
            + "      c: {min: 0, max: 10000}\n      d: {min: 0, max: 100000}\n"
            + "  public.v:\n    privacy_unit: pid\n    max_groups_per_unit: "
            + VISIT_L0
            + "\n    columns:\n      g: {values: ["
            + values
            + "]}\n      a: {min: 0, max: 100}\n";
    policy = work.resolve("peers-policy.yaml");
    Files.writeString(policy, yaml);
    Properties props = new Properties();
    props.setProperty("user", "sa");
    props.setProperty("password", "");
    props.setProperty("dp.policy", policy.toString());
    dp = DriverManager.getConnection("jdbc:dp:h2:mem:" + db, props);
  }

  /** Per group g (index), per aggregate of q: the exact moments of its column. */
  Moments[][] moments(Query q) throws SQLException {
    Moments[][] out = new Moments[groups][q.aggs().size()];
    for (int i = 0; i < q.aggs().size(); i++) {
      String col = q.aggs().get(i).column() == null ? "0" : q.aggs().get(i).column();
      String sql =
          "SELECT g, COUNT(*), SUM("
              + col
              + "), SUM("
              + col
              + " * "
              + col
              + ") FROM "
              + q.table()
              + " GROUP BY g";
      try (Statement s = direct.createStatement();
          ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          out[rs.getInt(1)][i] = new Moments(rs.getDouble(2), rs.getDouble(3), rs.getDouble(4));
        }
      }
    }
    return out;
  }

  /** The exact released values per group (index) and aggregate, from the direct connection. */
  double[][] exact(Query q) throws SQLException {
    double[][] out = new double[groups][q.aggs().size()];
    try (Statement s = direct.createStatement();
        ResultSet rs = s.executeQuery(q.sql())) {
      while (rs.next()) {
        for (int i = 0; i < q.aggs().size(); i++) {
          out[rs.getInt(1)][i] = rs.getDouble(i + 2);
        }
      }
    }
    return out;
  }

  /** {@code reps} releases of q through {@code jdbc:dp:}: [rep·groups + g][aggregate]. */
  List<double[]> release(Query q, int reps) throws SQLException {
    List<double[]> out = new ArrayList<>();
    try (Statement s = dp.createStatement()) {
      for (int r = 0; r < reps; r++) {
        double[][] one = new double[groups][];
        try (ResultSet rs = s.executeQuery(q.sql())) {
          while (rs.next()) {
            double[] row = new double[q.aggs().size()];
            for (int i = 0; i < row.length; i++) {
              row[i] = rs.getDouble(i + 2);
            }
            one[rs.getInt(1)] = row;
          }
        }
        for (double[] row : one) {
          out.add(row);
        }
      }
    }
    return out;
  }

  @Override
  public void close() throws SQLException, IOException {
    dp.close();
    try (Statement s = direct.createStatement()) {
      s.execute("SHUTDOWN");
    }
    direct.close();
    Files.deleteIfExists(policy);
  }
}
