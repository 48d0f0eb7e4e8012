package dev.dpjdbc.benchmarks.utility;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * One utility run on H2 in memory: three tables (one per sensitivity profile) of {@code groups}
 * public groups with {@code maxK} bounded DOUBLE columns, a policy giving column {@code ci} the
 * bounds [−λ_i, λ_i], and the measurement of one cell (profile, K, ε, mechanism, objective) through
 * {@code jdbc:dp:h2:mem:}: EXPLAIN PRIVACY's per-column stddev and the squared errors of {@code
 * reps} released queries against the exact per-group sums.
 */
final class UtilityRun implements AutoCloseable {
  /** A sensitivity profile: λ_i for i = 1..K. */
  enum Profile {
    LINEAR("linear, λ_i = i"),
    QUADRATIC("quadratic, λ_i = i²"),
    EXPONENTIAL("exponential, λ_i = 2^i");

    final String label;

    Profile(String label) {
      this.label = label;
    }

    double lambda(int i) {
      return switch (this) {
        case LINEAR -> i;
        case QUADRATIC -> (double) i * i;
        case EXPONENTIAL -> Math.pow(2, i);
      };
    }

    String table() {
      return "u_" + name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Per column i (0-based): the sensitivity, the reported variance, the empirical MSE. */
  record Measured(double[] lambda, double[] var, double[] mse, long draws) {
    double totalVar() {
      return sum(var);
    }

    double totalMse() {
      return sum(mse);
    }

    /** Σ Var_i / λ_i², the relative objective. */
    double relVar() {
      double s = 0;
      for (int i = 0; i < var.length; i++) {
        s += var[i] / (lambda[i] * lambda[i]);
      }
      return s;
    }

    double relMse() {
      double s = 0;
      for (int i = 0; i < mse.length; i++) {
        s += mse[i] / (lambda[i] * lambda[i]);
      }
      return s;
    }

    /**
     * Predicted relative sd of {@link #totalMse()} as an estimate of {@link #totalVar()}: √(c Σσ_i⁴
     * / (N (Σσ_i²)²)), c = 2 (Gaussian: Var X² = 2σ⁴) or 5 (Laplace: 20b⁴ / (2b²)²).
     */
    double relSd(boolean gaussian) {
      double s4 = 0;
      for (double v : var) {
        s4 += v * v;
      }
      double t = totalVar();
      return Math.sqrt((gaussian ? 2 : 5) * s4 / (draws * t * t));
    }

    private static double sum(double[] a) {
      double s = 0;
      for (double x : a) {
        s += x;
      }
      return s;
    }
  }

  private final int groups;
  private final int maxK;
  private final Connection direct;
  private final Connection dp;
  private final Path policy;

  UtilityRun(Path work, int groups, int maxK) throws SQLException, IOException {
    this.groups = groups;
    this.maxK = maxK;
    String db = "dpjdbc_utility_" + ProcessHandle.current().pid() + "_" + System.nanoTime();
    direct = DriverManager.getConnection("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1", "sa", "");
    StringBuilder yaml =
        new StringBuilder(
            "budget: {epsilon: 1.0e15, delta: 0.9}\n"
                + "query: {epsilon: 1.0, delta: 1.0e-6, mechanism: gaussian, objective: absolute}\n"
                + "ledger: jdbc:h2:mem:"
                + db
                + "_ledger;DB_CLOSE_DELAY=-1\n"
                + "tables:\n");
    try (Statement s = direct.createStatement()) {
      for (Profile p : Profile.values()) {
        StringBuilder cols = new StringBuilder();
        StringBuilder vals = new StringBuilder();
        yaml.append("  public.")
            .append(p.table())
            .append(":\n    privacy_unit: id\n    columns:\n");
        yaml.append("      g: {values: [");
        for (int gi = 0; gi < groups; gi++) {
          yaml.append(gi == 0 ? "" : ", ").append(gi);
        }
        yaml.append("]}\n");
        for (int i = 1; i <= maxK; i++) {
          double l = p.lambda(i);
          cols.append(", c").append(i).append(" DOUBLE PRECISION NOT NULL");
          // a value in [−λ, λ] that varies with the row: λ · ((x·7 + i) mod 5 − 2) / 2
          vals.append(", ")
              .append((long) l)
              .append(" * (MOD(x * 7 + ")
              .append(i)
              .append(", 5) - 2) / 2");
          long b = (long) l; // integral λ: the policy states integer bounds
          yaml.append("      c").append(i).append(": {min: ").append(-b).append(", max: ");
          yaml.append(b).append("}\n");
        }
        s.execute(
            "CREATE TABLE " + p.table() + " (id INT PRIMARY KEY, g INT NOT NULL" + cols + ")");
        s.execute(
            "INSERT INTO "
                + p.table()
                + " SELECT x, MOD(x, "
                + groups
                + ")"
                + vals
                + " FROM SYSTEM_RANGE(1, "
                + (groups * 10)
                + ")");
      }
    }
    policy = work.resolve("utility-policy.yaml");
    Files.writeString(policy, yaml);
    Properties props = new Properties();
    props.setProperty("user", "sa");
    props.setProperty("password", "");
    props.setProperty("dp.policy", policy.toString());
    dp = DriverManager.getConnection("jdbc:dp:h2:mem:" + db, props);
  }

  /** Releases {@code reps} times and measures one cell. */
  Measured measure(
      Profile p, int k, double epsilon, double delta, String mechanism, String objective, int reps)
      throws SQLException {
    if (k > maxK) {
      throw new IllegalArgumentException("K = " + k + " > " + maxK);
    }
    StringBuilder sums = new StringBuilder("g");
    for (int i = 1; i <= k; i++) {
      sums.append(", SUM(c").append(i).append(")");
    }
    String sql = "SELECT " + sums + " FROM " + p.table() + " GROUP BY g";
    double[][] exact = new double[groups][k];
    try (Statement s = direct.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        for (int i = 0; i < k; i++) {
          exact[rs.getInt(1)][i] = rs.getDouble(i + 2);
        }
      }
    }
    double[] lambda = new double[k];
    double[] var = new double[k];
    double[] sq = new double[k];
    long draws = 0;
    try (Statement s = dp.createStatement()) {
      s.execute("SET dp.epsilon = " + epsilon);
      s.execute("SET dp.delta = " + delta);
      s.execute("SET dp.mechanism = " + mechanism);
      s.execute("SET dp.objective = " + objective);
      try (ResultSet rs = s.executeQuery("EXPLAIN PRIVACY " + sql)) {
        int i = 0;
        while (rs.next()) {
          if (!rs.getString("mechanism").equals(mechanism)) {
            throw new IllegalStateException("mechanism " + rs.getString("mechanism"));
          }
          lambda[i] = rs.getDouble("sensitivity");
          double sd = rs.getDouble("stddev");
          var[i++] = sd * sd;
        }
        if (i != k) {
          throw new IllegalStateException(i + " noisy coordinates for " + k + " SUMs: " + sql);
        }
      }
      for (int r = 0; r < reps; r++) {
        try (ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            int g = rs.getInt(1);
            for (int i = 0; i < k; i++) {
              double e = rs.getDouble(i + 2) - exact[g][i];
              sq[i] += e * e;
            }
            draws++;
          }
        }
      }
    }
    for (int i = 0; i < k; i++) {
      sq[i] /= draws;
    }
    return new Measured(lambda, var, sq, draws);
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
