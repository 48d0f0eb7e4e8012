package dev.dpjdbc.benchmarks.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The latency benchmark's schema, rows, policy and query mix. Rows come from {@code
 * generate_series} and PostgreSQL's {@code random()} after {@code setseed}, so every run loads the
 * same data:
 *
 * <ul>
 *   <li>{@code departments}: 12 rows, public (no personal data);
 *   <li>{@code employees}: N rows, one per person (the primary key is the privacy unit), {@code
 *       salary CHECK 0..200000}, {@code age CHECK 18..70}, {@code hired CHECK 2015-01-01 ..
 *       2025-12-31}, {@code region CHECK IN ('N','S','E','W')}, {@code dept_id} a foreign key to
 *       departments.
 * </ul>
 *
 * Keys are added after the load, then {@code VACUUM ANALYZE}, so no timed query pays for hint bits
 * or missing statistics.
 */
public final class LatencyData {
  private LatencyData() {}

  /** One query of the mix: a short name (the table's row, the chart's category) and its SQL. */
  public record Query(String name, String sql) {}

  /** The fixed mix of warm queries, in the order they run within a round. */
  public static final List<Query> MIX =
      List.of(
          new Query("count", "SELECT COUNT(*) FROM employees WHERE age > 30"),
          new Query("sum", "SELECT SUM(salary) FROM employees"),
          new Query("avg", "SELECT AVG(salary) FROM employees"),
          new Query(
              "grouped",
              "SELECT region, COUNT(*), SUM(salary) FROM employees WHERE age > 30 GROUP BY region"),
          new Query(
              "join",
              "SELECT d.name, COUNT(*), SUM(e.salary) FROM employees e"
                  + " JOIN departments d ON e.dept_id = d.id GROUP BY d.name"),
          new Query(
              "time bucket",
              "SELECT date_trunc('month', hired) AS m, COUNT(*) FROM employees"
                  + " GROUP BY date_trunc('month', hired)"));

  /**
   * Writes the test policy next to an H2 file ledger in {@code dir}: a huge budget (the benchmark
   * never runs out), ε = 1 and δ = 1e-7 per query, employees' unit its id, departments public.
   */
  static Path writePolicy(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path policy = dir.resolve("latency-policy.yaml");
    Files.writeString(
        policy,
        "budget: {epsilon: 1.0e9, delta: 0.5}\n"
            + "query: {epsilon: 1.0, delta: 1.0e-7, mechanism: auto, objective: relative}\n"
            + "ledger: jdbc:h2:file:./latency-ledger\n"
            + "tables:\n"
            + "  public.employees: {privacy_unit: id}\n"
            + "  public.departments: {public: true}\n");
    return policy;
  }

  /** Creates and fills both tables, {@code rows} employees. */
  public static void load(Connection c, int rows) throws SQLException {
    List<String> ddl =
        List.of(
            "DROP TABLE IF EXISTS employees",
            "DROP TABLE IF EXISTS departments",
            "CREATE TABLE departments (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE)",
            "INSERT INTO departments SELECT n, 'dept ' || n FROM generate_series(1, 12) n",
            "CREATE TABLE employees ("
                + " id INTEGER NOT NULL,"
                + " dept_id INTEGER NOT NULL,"
                + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
                + " age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 70),"
                + " hired DATE NOT NULL CHECK (hired BETWEEN DATE '2015-01-01' AND DATE"
                + " '2025-12-31'),"
                + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')))",
            "SELECT setseed(0.42)",
            "INSERT INTO employees SELECT n, 1 + n % 12,"
                + " 20000 + floor(random() * 150000)::int, 18 + floor(random() * 53)::int,"
                + " DATE '2015-01-01' + floor(random() * 4000)::int,"
                + " (ARRAY['N', 'S', 'E', 'W'])[1 + floor(random() * 4)::int]"
                + " FROM generate_series(1, "
                + rows
                + ") n",
            "ALTER TABLE employees ADD PRIMARY KEY (id)",
            "ALTER TABLE employees ADD FOREIGN KEY (dept_id) REFERENCES departments (id)",
            "VACUUM ANALYZE departments",
            "VACUUM ANALYZE employees",
            "CHECKPOINT");
    boolean auto = c.getAutoCommit();
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      for (String sql : ddl) {
        s.execute(sql);
      }
    } finally {
      c.setAutoCommit(auto);
    }
  }
}
