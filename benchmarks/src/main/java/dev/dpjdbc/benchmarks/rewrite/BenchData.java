package dev.dpjdbc.benchmarks.rewrite;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The benchmark's schema, its rows and its policy. Rows come from {@code generate_series} and
 * PostgreSQL's {@code random()} after {@code setseed}, in one session, so every run loads the same
 * data in a few seconds:
 *
 * <ul>
 *   <li>{@code employees}: {@value #ROWS} rows, one per person (the primary key is the privacy
 *       unit); {@code salary INTEGER CHECK 0..200000}, {@code region CHECK IN ('N','S','E','W')};
 *   <li>{@code visits}: {@value #ROWS} rows over {@value #VISITORS} employees, skewed ({@code
 *       employee_id = 1 + floor(VISITORS * random()^2)}: employee 1 has ~2,200 visits, the mean is
 *       5, 3.3 % of the employees have none (193,472 have visits)); {@code minutes INTEGER CHECK
 *       0..600}, {@code kind CHECK IN ('onsite','remote','client')} (the group key). The unit is
 *       {@code employee_id} with at most {@value #ROWS_PER_UNIT} rows per unit and group and
 *       {@value #GROUPS_PER_UNIT} groups per unit (policy), so the bounds bind for the heavy
 *       visitors.
 * </ul>
 *
 * Keys and the foreign key are added after the load, then {@code VACUUM ANALYZE} sets hint bits and
 * statistics, so no timed query pays for either.
 */
final class BenchData {
  static final int ROWS = 1_000_000;
  static final int VISITORS = 200_000;
  static final int ROWS_PER_UNIT = 8;
  static final int GROUPS_PER_UNIT = 2;
  static final int SALARY_MAX = 200_000;
  static final int MINUTES_MAX = 600;

  private BenchData() {}

  /** The policy the old analyzer plans with (bounds come from the CHECKs). */
  static String policyYaml() {
    return "tables:\n"
        + "  public.employees: {privacy_unit: id}\n"
        + "  public.visits: {privacy_unit: employee_id, max_rows_per_unit: "
        + ROWS_PER_UNIT
        + ", max_groups_per_unit: "
        + GROUPS_PER_UNIT
        + "}\n";
  }

  /**
   * {@link #policyYaml()} plus policy bounds one unit inside each CHECK ({@code salary} [0,
   * 199999], {@code minutes} [0, 599]): bounds that are not facts about the stored values, so the
   * rewrite must clamp.
   */
  static String policyYamlWithBounds() {
    return "tables:\n"
        + "  public.employees: {privacy_unit: id, columns: {salary: {min: 0, max: "
        + (SALARY_MAX - 1)
        + "}}}\n"
        + "  public.visits: {privacy_unit: employee_id, max_rows_per_unit: "
        + ROWS_PER_UNIT
        + ", max_groups_per_unit: "
        + GROUPS_PER_UNIT
        + ", columns: {minutes: {min: 0, max: "
        + (MINUTES_MAX - 1)
        + "}}}\n";
  }

  /**
   * Creates and fills both tables with {@code rows} rows each, visits over {@code rows / 5}
   * employees ({@value #ROWS} and {@value #VISITORS} in the reported runs).
   */
  static void load(Connection c, int rows) throws SQLException {
    int visitors = rows / 5;
    List<String> ddl =
        List.of(
            "DROP TABLE IF EXISTS visits",
            "DROP TABLE IF EXISTS employees",
            "CREATE TABLE employees ("
                + " id INTEGER NOT NULL,"
                + " name VARCHAR(40) NOT NULL,"
                + " dept_id INTEGER NOT NULL,"
                + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
                + " age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 70),"
                + " hired DATE NOT NULL,"
                + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')))",
            "CREATE TABLE visits ("
                + " id INTEGER NOT NULL,"
                + " employee_id INTEGER NOT NULL,"
                + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600),"
                + " day DATE NOT NULL,"
                + " kind VARCHAR(8) NOT NULL CHECK (kind IN ('onsite', 'remote', 'client')))",
            "SELECT setseed(0.42)",
            "INSERT INTO employees SELECT n, 'Employee ' || n, 1 + n % 12,"
                + " 20000 + floor(random() * 150000)::int, 18 + floor(random() * 53)::int,"
                + " DATE '2015-01-01' + floor(random() * 4000)::int,"
                + " (ARRAY['N', 'S', 'E', 'W'])[1 + floor(random() * 4)::int]"
                + " FROM generate_series(1, "
                + rows
                + ") n",
            "INSERT INTO visits SELECT n, 1 + floor("
                + visitors
                + " * power(random(), 2))::int,"
                + " floor(random() * 601)::int, DATE '2024-01-01' + floor(random() * 731)::int,"
                + " (ARRAY['onsite', 'remote', 'client'])[1 + floor(random() * 3)::int]"
                + " FROM generate_series(1, "
                + rows
                + ") n",
            "ALTER TABLE employees ADD PRIMARY KEY (id)",
            "ALTER TABLE visits ADD PRIMARY KEY (id)",
            "ALTER TABLE visits ADD FOREIGN KEY (employee_id) REFERENCES employees (id)",
            "VACUUM ANALYZE employees",
            "VACUUM ANALYZE visits",
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
