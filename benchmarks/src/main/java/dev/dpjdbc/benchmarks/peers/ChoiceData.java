package dev.dpjdbc.benchmarks.peers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * The mechanism-choice benchmark's data on H2 in memory: one table {@code k_l<L0>} per L0, privacy
 * unit {@code pid}, policy {@code max_groups_per_unit} = L0, each unit with one row in each of L0
 * distinct public groups {@code g}; columns {@code e1..eK} bounded by [−10, 10] (equal
 * sensitivities) and {@code l1..lK} bounded by [−10·i, 10·i] (a linear profile). Values stay inside
 * the bounds, so no clamp or L0 cap changes the exact answer.
 */
final class ChoiceData implements AutoCloseable {
  /**
   * A sensitivity profile of the K SUM columns and the objective it is allocated under: the
   * driver's default for equal sensitivities; {@code absolute} (total MSE) for the linear profile,
   * since under the default relative objective a profile's allocation is its equal-sensitivity one
   * scaled by λ_i and gives the same Laplace ÷ Gaussian ratios.
   */
  enum Profile {
    EQUAL("e", "equal, λ_i = 10, default objective", null),
    LINEAR("l", "linear, λ_i = 10·i, objective absolute", "absolute");

    final String prefix;
    final String label;
    final String objective;

    Profile(String prefix, String label, String objective) {
      this.prefix = prefix;
      this.label = label;
      this.objective = objective;
    }

    /** Sets the session's objective for this profile. */
    void apply(java.sql.Statement s) throws java.sql.SQLException {
      s.execute(objective == null ? "RESET dp.objective" : "SET dp.objective = " + objective);
    }

    long lambda(int i) {
      return this == EQUAL ? 10 : 10L * i;
    }
  }

  static final int GROUPS = 32;

  final Connection direct;
  final Connection dp;
  private final Path policy;

  ChoiceData(Path work, List<Integer> l0s, int maxK, int unitsPerGroup)
      throws SQLException, IOException {
    String db = "dpjdbc_choice_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    direct = DriverManager.getConnection("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1", "sa", "");
    StringBuilder yaml =
        new StringBuilder(
            "budget: {epsilon: 1.0e15, delta: 0.9}\nquery: {epsilon: 1.0, delta: 1.0e-6}\n"
                + "ledger: jdbc:h2:mem:"
                + db
                + "_ledger;DB_CLOSE_DELAY=-1\ntables:\n");
    StringBuilder values = new StringBuilder();
    for (int g = 0; g < GROUPS; g++) {
      values.append(g == 0 ? "" : ", ").append(g);
    }
    int units = GROUPS * unitsPerGroup;
    try (Statement s = direct.createStatement()) {
      for (int l0 : l0s) {
        String t = table(l0);
        StringBuilder cols = new StringBuilder();
        StringBuilder vals = new StringBuilder();
        yaml.append("  public.").append(t).append(":\n    privacy_unit: pid\n");
        yaml.append("    max_groups_per_unit: ").append(l0).append("\n    columns:\n");
        yaml.append("      g: {values: [").append(values).append("]}\n");
        for (Profile p : Profile.values()) {
          for (int i = 1; i <= maxK; i++) {
            long l = p.lambda(i);
            String c = p.prefix + i;
            cols.append(", ").append(c).append(" DOUBLE PRECISION NOT NULL");
            // λ · ((x·7 + i) mod 5 − 2) / 2 ∈ [−λ, λ]
            vals.append(", ").append(l).append(" * (MOD(x * 7 + ").append(i);
            vals.append(", 5) - 2) / 2");
            yaml.append("      ").append(c).append(": {min: ").append(-l);
            yaml.append(", max: ").append(l).append("}\n");
          }
        }
        s.execute("CREATE TABLE " + t + " (pid INT NOT NULL, g INT NOT NULL" + cols + ")");
        // row x belongs to unit (x − 1) / L0 + 1, its j-th row in group (unit + 2j) mod GROUPS
        s.execute(
            "INSERT INTO "
                + t
                + " SELECT (x - 1) / "
                + l0
                + " + 1, MOD((x - 1) / "
                + l0
                + " + 1 + 2 * MOD(x - 1, "
                + l0
                + "), "
                + GROUPS
                + ")"
                + vals
                + " FROM SYSTEM_RANGE(1, "
                + (long) units * l0
                + ")");
      }
    }
    policy = work.resolve("choice-policy.yaml");
    Files.writeString(policy, yaml);
    Properties props = new Properties();
    props.setProperty("user", "sa");
    props.setProperty("password", "");
    props.setProperty("dp.policy", policy.toString());
    dp = DriverManager.getConnection("jdbc:dp:h2:mem:" + db, props);
  }

  static String table(int l0) {
    return "k_l" + l0;
  }

  static String sql(Profile p, int k, int l0) {
    StringBuilder b = new StringBuilder("SELECT g");
    for (int i = 1; i <= k; i++) {
      b.append(", SUM(").append(p.prefix).append(i).append(")");
    }
    return b.append(" FROM ").append(table(l0)).append(" GROUP BY g").toString();
  }

  /** Exact per-group answers of a query: [g][column]. */
  double[][] exact(String sql, int k) throws SQLException {
    double[][] out = new double[GROUPS][k];
    try (Statement s = direct.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        for (int i = 0; i < k; i++) {
          out[rs.getInt(1)][i] = rs.getDouble(i + 2);
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
