package dev.dpjdbc.benchmarks;

import dev.dpjdbc.analyze.SensitivityAnalyzer;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Cost of planning one query with the sensitivity analyzer, on an in-memory H2 database with the
 * driver latency benchmark's schema (employees per person with CHECK bounds, departments public by
 * policy; the analyzer reads only metadata, so the tables are empty):
 *
 * <ul>
 *   <li>{@code planCold}: the first plan of the query by a fresh analyzer whose catalog has already
 *       been read (a join of both tables planned in the per-invocation set-up, untimed) — the
 *       relational planner's full pipeline, SQL to rewritten SQL;
 *   <li>{@code planCached}: the same query again on an analyzer that has planned it: the plan cache
 *       lookup a dashboard's repeated statement pays;
 *   <li>{@code planShapeHit}: the query with a new {@code age > k} literal on every call ({@link
 *       #SHAPES}), on an analyzer that has planned it once with another k: the shape cache's parse,
 *       key and bind a dashboard pays when its filter values change.
 * </ul>
 *
 * Representative queries ({@link #QUERIES}): a filtered COUNT, a grouped SUM + AVG, a join with a
 * public dimension, a monthly time bucket.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PlanningBenchmark {
  /** The queries by the name the {@code query} parameter takes. */
  public static final Map<String, String> QUERIES =
      Map.of(
          "count", "SELECT COUNT(*) FROM employees WHERE age > 30",
          "grouped",
              "SELECT region, SUM(salary), AVG(salary) FROM employees WHERE age > 30"
                  + " GROUP BY region",
          "join",
              "SELECT d.name, COUNT(*), SUM(e.salary) FROM employees e"
                  + " JOIN departments d ON e.dept_id = d.id GROUP BY d.name",
          "bucket",
              "SELECT date_trunc('month', hired) AS m, COUNT(*) FROM employees"
                  + " GROUP BY date_trunc('month', hired)");

  /**
   * Per query, its form with an {@code age > k} filter split at k (prefix, suffix), for {@code
   * planShapeHit}.
   */
  public static final Map<String, String[]> SHAPES =
      Map.of(
          "count", new String[] {"SELECT COUNT(*) FROM employees WHERE age > ", ""},
          "grouped",
              new String[] {
                "SELECT region, SUM(salary), AVG(salary) FROM employees WHERE age > ",
                " GROUP BY region"
              },
          "join",
              new String[] {
                "SELECT d.name, COUNT(*), SUM(e.salary) FROM employees e"
                    + " JOIN departments d ON e.dept_id = d.id WHERE e.age > ",
                " GROUP BY d.name"
              },
          "bucket",
              new String[] {
                "SELECT date_trunc('month', hired) AS m, COUNT(*) FROM employees WHERE age > ",
                " GROUP BY date_trunc('month', hired)"
              });

  static final String POLICY =
      "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
          + "tables:\n"
          + "  employees: {privacy_unit: id}\n"
          + "  departments: {public: true}\n";

  private static final String WARM_CATALOG =
      "SELECT COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id";

  /** The H2 database and the policy, shared by every thread of a trial. */
  @State(Scope.Benchmark)
  public static class Db {
    @Param({"count", "grouped", "join", "bucket"})
    public String query;

    Connection connection;
    Policy policy;
    String sql;

    @Setup(Level.Trial)
    public void open() throws SQLException {
      connection =
          DriverManager.getConnection(
              "jdbc:h2:mem:planning" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
      try (Statement s = connection.createStatement()) {
        s.execute(
            "CREATE TABLE departments (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE)");
        s.execute(
            "CREATE TABLE employees ("
                + " id INTEGER PRIMARY KEY,"
                + " dept_id INTEGER NOT NULL REFERENCES departments (id),"
                + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
                + " age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 70),"
                + " hired DATE NOT NULL CHECK (hired BETWEEN DATE '2015-01-01' AND DATE"
                + " '2025-12-31'),"
                + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')))");
      }
      policy = Policy.parse(POLICY, "planning benchmark policy");
      sql = QUERIES.get(query);
      if (sql == null) {
        throw new IllegalArgumentException("unknown query " + query + "; known " + QUERIES);
      }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      try (Statement s = connection.createStatement()) {
        s.execute("SHUTDOWN");
      } finally {
        connection.close();
      }
    }
  }

  /** A fresh analyzer per invocation, its catalog already read (untimed). */
  @State(Scope.Thread)
  public static class Fresh {
    SensitivityAnalyzer analyzer;

    @Setup(Level.Invocation)
    public void fresh(Db db) throws SQLException {
      analyzer = SensitivityAnalyzer.create(db.connection, db.policy);
      analyzer.plan(WARM_CATALOG);
    }
  }

  /** One analyzer per trial that has planned the query once. */
  @State(Scope.Thread)
  public static class Warm {
    SensitivityAnalyzer analyzer;

    @Setup(Level.Trial)
    public void warm(Db db) throws SQLException {
      analyzer = SensitivityAnalyzer.create(db.connection, db.policy);
      analyzer.plan(db.sql);
    }
  }

  /** One analyzer per trial that has planned the query's shape once; k grows on every call. */
  @State(Scope.Thread)
  public static class Shaped {
    SensitivityAnalyzer analyzer;
    String[] shape;
    int k;

    @Setup(Level.Trial)
    public void warm(Db db) throws SQLException {
      analyzer = SensitivityAnalyzer.create(db.connection, db.policy);
      shape = SHAPES.get(db.query);
      analyzer.plan(shape[0] + 30 + shape[1]);
      k = 31;
    }

    /** How many statements the analyzer served by their shape. */
    public long shapeHits() {
      return analyzer.planCacheStats().shapeHits();
    }
  }

  @Benchmark
  public PrivacyPlan planCold(Db db, Fresh fresh) throws SQLException {
    return fresh.analyzer.plan(db.sql);
  }

  @Benchmark
  public PrivacyPlan planCached(Db db, Warm warm) throws SQLException {
    return warm.analyzer.plan(db.sql);
  }

  @Benchmark
  public PrivacyPlan planShapeHit(Shaped shaped) throws SQLException {
    return shaped.analyzer.plan(shaped.shape[0] + shaped.k++ + shaped.shape[1]);
  }
}
