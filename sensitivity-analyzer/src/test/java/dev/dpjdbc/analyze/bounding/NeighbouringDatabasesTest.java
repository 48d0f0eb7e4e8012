package dev.dpjdbc.analyze.bounding;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.release.RelationalPlanner;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bounded rewrite's guarantee, checked by running it on PostgreSQL over neighbouring databases:
 * removing all rows of one unit changes each coordinate of each group by at most its λ, and changes
 * at most L0 groups. The data is adversarial for the bounds: units with up to 11 visits (the policy
 * allows 3), values at both ends of their intervals, NULL keys, and an unbounded float8 column
 * holding NaN, ±Infinity and ±1e308 that the queries clamp themselves. Every unit of the table is
 * removed in turn (no sampling): the check is exhaustive for this database, and deterministic, as
 * the rewrite below uses no random choice when L0 is not enforced.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NeighbouringDatabasesTest {
  private static final String POLICY =
      """
      tables:
        departments: {public: true}
        visits: {max_rows_per_unit: 3, max_groups_per_unit: 4}
        orders: {privacy_unit: customer_id, max_rows_per_unit: 2, max_groups_per_unit: 4}
      """;

  private EmbeddedPostgres postgres;
  private Connection c;
  private RelationalPlanner planner;

  @BeforeAll
  void start() throws Exception {
    postgres = EmbeddedPostgres.builder().start();
    c = postgres.getPostgresDatabase().getConnection();
    String ddl;
    try (var in = getClass().getResourceAsStream("/sql2rel/schema.sql")) {
      ddl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    try (Statement s = c.createStatement()) {
      for (String st : ddl.replaceAll("(?m)^--.*$", "").split(";")) {
        if (!st.isBlank()) {
          s.execute(st);
        }
      }
      s.execute("INSERT INTO departments SELECT g, 'd' || g, 1000 FROM generate_series(1, 4) g");
      s.execute(
          "INSERT INTO employees SELECT g, 1 + g % 4, CASE WHEN g % 5 = 0 THEN 200000 WHEN g % 5 ="
              + " 1 THEN 0 ELSE g * 997 END, 18 + g % 53, DATE '2016-01-01' + g, g % 2 = 0,"
              + " (ARRAY['N','S','E','W'])[1 + g % 4], 1 + g % 5, CASE WHEN g % 3 = 0 THEN NULL"
              + " ELSE (ARRAY['F','M'])[1 + g % 2] END, 1 + g % 16 FROM generate_series(1, 40) g");
      s.execute(
          "INSERT INTO visits SELECT row_number() OVER (), e, DATE '2021-01-01' + k, CASE WHEN k"
              + " % 2 = 0 THEN 600 ELSE 0 END FROM generate_series(1, 40) e,"
              + " generate_series(1, 11) k WHERE k <= e % 12");
      s.execute(
          "INSERT INTO customers SELECT g, (ARRAY['N','S','E','W'])[1 + g % 4], NULL FROM"
              + " generate_series(1, 20) g");
      s.execute(
          "INSERT INTO orders SELECT row_number() OVER (), c, CASE WHEN k % 2 = 0 THEN 1000 ELSE"
              + " 0.5 END, 1 + (k * 7) % 20, TIMESTAMP '2021-01-01' + k * INTERVAL '1 day' FROM"
              + " generate_series(1, 20) c, generate_series(1, 9) k WHERE k <= c % 10");
      // a column no constraint bounds, holding what a float8 can: the analyst clamps it
      s.execute("ALTER TABLE employees ADD COLUMN commute_km DOUBLE PRECISION");
      s.execute(
          "UPDATE employees SET commute_km = (ARRAY['NaN', 'Infinity', '-Infinity', '1e308',"
              + " '-1e308', NULL, '12.5', '49.9', '-3'])[1 + id % 9]::float8");
    }
    planner =
        new RelationalPlanner(
            new ConstraintCatalog(c), Policy.parse(POLICY, "neighbours"), Backend.POSTGRESQL);
  }

  @AfterAll
  void stop() throws IOException, SQLException {
    c.close();
    postgres.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT COUNT(*), SUM(minutes), AVG(minutes), VAR_POP(minutes) FROM visits",
        "SELECT e.region, COUNT(*), SUM(v.minutes), STDDEV_SAMP(v.minutes) FROM visits v"
            + " JOIN employees e ON v.employee_id = e.id GROUP BY e.region",
        "SELECT e.sex, AVG(v.minutes) FROM visits v JOIN employees e ON v.employee_id = e.id"
            + " WHERE e.age > 20 GROUP BY e.sex",
        "SELECT level, COUNT(*), AVG(salary), VAR_SAMP(salary) FROM employees GROUP BY level",
        "SELECT sex, SUM(CASE WHEN remote THEN 1 ELSE 0 END), SUM(LEAST(GREATEST(salary, 1000),"
            + " 50000)) FROM employees GROUP BY sex",
        "SELECT COUNT(*) FILTER (WHERE minutes > 300), SUM(minutes) FILTER (WHERE minutes > 0)"
            + " FROM visits WHERE day >= DATE '2021-01-03'",
        "SELECT region, AVG(d.budget), COUNT(*) FROM employees e JOIN departments d"
            + " ON e.dept_id = d.id GROUP BY region",
        "SELECT SUM(LEAST(GREATEST(commute_km, 0), 100)), AVG(CASE WHEN commute_km < 0 THEN 0"
            + " WHEN commute_km > 50 THEN 50 ELSE commute_km END) FROM employees",
        "SELECT sex, SUM(GREATEST(0, LEAST(commute_km, 100)) * 2), VAR_POP(CASE WHEN commute_km"
            + " BETWEEN -5 AND 5 THEN commute_km END) FROM employees GROUP BY sex",
        "SELECT e.region, SUM(CASE WHEN e.commute_km BETWEEN 0 AND 30 THEN e.commute_km END),"
            + " COUNT(*) FROM visits v JOIN employees e ON v.employee_id = e.id GROUP BY e.region",
        "SELECT COUNT(DISTINCT employee_id), COUNT(DISTINCT minutes), COUNT(DISTINCT day),"
            + " SUM(minutes) FROM visits",
        "SELECT e.region, COUNT(DISTINCT v.employee_id), COUNT(DISTINCT v.day) FILTER (WHERE"
            + " v.minutes > 0), AVG(v.minutes) FROM visits v JOIN employees e"
            + " ON v.employee_id = e.id GROUP BY e.region",
        "SELECT sex, COUNT(DISTINCT level), COUNT(DISTINCT id) FROM employees GROUP BY sex",
      })
  void employeeRemoved_changesEachCoordinateByAtMostLambda(String sql) throws SQLException {
    check(
        sql,
        "DELETE FROM visits WHERE employee_id = ?; DELETE FROM hr.payroll WHERE"
            + " employee_id = ?; DELETE FROM employees WHERE id = ?",
        40);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT SUM(price * qty), COUNT(*), AVG(qty) FROM orders",
        "SELECT c.region, SUM(o.price), COUNT(*) FROM orders o JOIN customers c"
            + " ON o.customer_id = c.id GROUP BY c.region",
      })
  void customerRemoved_changesEachCoordinateByAtMostLambda(String sql) throws SQLException {
    check(sql, "DELETE FROM orders WHERE customer_id = ?; DELETE FROM customers WHERE id = ?", 20);
  }

  private void check(String sql, String removal, int units) throws SQLException {
    PrivacyPlan plan = planner.plan(sql);
    double[] lambda = plan.sensitivities();
    Map<List<Object>, double[]> full = run(plan);
    c.setAutoCommit(false);
    try {
      for (int u = 1; u <= units; u++) {
        for (String st : removal.split(";")) {
          try (PreparedStatement ps = c.prepareStatement(st)) {
            ps.setInt(1, u);
            ps.executeUpdate();
          }
        }
        Map<List<Object>, double[]> neighbour = run(plan);
        Set<List<Object>> groups = new HashSet<>(full.keySet());
        groups.addAll(neighbour.keySet());
        int changed = 0;
        for (List<Object> g : groups) {
          double[] a = full.getOrDefault(g, new double[lambda.length]);
          double[] b = neighbour.getOrDefault(g, new double[lambda.length]);
          boolean any = false;
          for (int i = 0; i < lambda.length; i++) {
            double d = Math.abs(a[i] - b[i]);
            any |= d > 0;
            assertTrue(
                d <= lambda[i] * (1 + 1e-9) + 1e-9,
                "unit "
                    + u
                    + ", group "
                    + g
                    + ", "
                    + plan.coordinates().get(i).description()
                    + ": changed by "
                    + d
                    + " > λ = "
                    + lambda[i]
                    + "\n"
                    + plan.rewrittenSql());
          }
          changed += any ? 1 : 0;
        }
        assertTrue(
            changed <= plan.maxGroupsPerUnit(),
            "unit " + u + " changed " + changed + " groups > L0 = " + plan.maxGroupsPerUnit());
        c.rollback();
      }
    } finally {
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  private Map<List<Object>, double[]> run(PrivacyPlan plan) throws SQLException {
    int keys = plan.groupKeys().size();
    int n = plan.coordinates().size();
    Map<List<Object>, double[]> out = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      int i = 1;
      for (ParameterSource p : plan.parameters()) {
        ParameterSource.Constant k = (ParameterSource.Constant) p;
        ps.setObject(i++, k.value(), k.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<Object> key = new ArrayList<>();
          for (int k = 1; k <= keys; k++) {
            key.add(rs.getObject(k));
          }
          double[] v = new double[n];
          for (int k = 0; k < n; k++) {
            v[k] = rs.getDouble(keys + k + 1);
          }
          out.put(key, v);
        }
      }
    }
    return out;
  }
}
