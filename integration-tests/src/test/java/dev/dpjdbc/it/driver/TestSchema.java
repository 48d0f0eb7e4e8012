package dev.dpjdbc.it.driver;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The test schema, the same on H2 and PostgreSQL: {@code employees} with CHECK-bounded columns (age
 * 18..100, salary 0..200000, region IN N/S/E/W with no W rows, dept an enum on PostgreSQL and a
 * CHECK IN list on H2 with no 'legal' rows, active BOOLEAN, bonus unbounded), 300 rows; and {@code
 * visits}, which has no primary key (no privacy unit).
 */
final class TestSchema {
  private TestSchema() {}

  static final int ROWS = 300;

  static void create(Backend backend) throws SQLException {
    try (Connection c = backend.direct();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS employees");
      s.execute("DROP TABLE IF EXISTS visits");
      String dept;
      // H2 stores integer literals compared with a NUMERIC column as CAST(0 AS NUMERIC(1)) in
      // INFORMATION_SCHEMA.CHECK_CONSTRAINTS, which the analyzer does not read as a bound yet
      // (reported); decimal literals are stored as written.
      String salaryLow = backend.isPostgres() ? "0" : "0.00";
      String salaryHigh = backend.isPostgres() ? "200000" : "200000.00";
      if (backend.isPostgres()) {
        s.execute("DROP TYPE IF EXISTS dept_t");
        s.execute("CREATE TYPE dept_t AS ENUM ('eng', 'sales', 'ops', 'legal')");
        dept = "dept dept_t NOT NULL";
      } else {
        dept = "dept VARCHAR(8) NOT NULL CHECK (dept IN ('eng', 'sales', 'ops', 'legal'))";
      }
      s.execute(
          "CREATE TABLE employees ("
              + " id INTEGER PRIMARY KEY,"
              + " age INTEGER NOT NULL CHECK (age BETWEEN 18 AND 100),"
              + " salary NUMERIC(10,2) NOT NULL CHECK (salary >= "
              + salaryLow
              + " AND salary <= "
              + salaryHigh
              + "),"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),"
              + " "
              + dept
              + ","
              + " active BOOLEAN NOT NULL,"
              + " bonus INTEGER)");
      s.execute("CREATE TABLE visits (ts INTEGER, amount INTEGER CHECK (amount BETWEEN 0 AND 10))");
      String cast = backend.isPostgres() ? "CAST(? AS dept_t)" : "?";
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO employees (id, age, salary, region, dept, active, bonus)"
                  + " VALUES (?, ?, ?, ?, "
                  + cast
                  + ", ?, ?)")) {
        String[] regions = {"N", "S", "E"};
        String[] depts = {"eng", "sales", "ops"};
        for (int id = 1; id <= ROWS; id++) {
          ps.setInt(1, id);
          ps.setInt(2, 18 + (id * 7) % 83);
          ps.setBigDecimal(3, java.math.BigDecimal.valueOf((id * 613L) % 2000 * 100));
          ps.setString(4, regions[id % 3]);
          ps.setString(5, depts[(id / 3) % 3]);
          ps.setBoolean(6, id % 4 != 0);
          ps.setInt(7, id);
          ps.addBatch();
        }
        ps.executeBatch();
      }
      s.execute("INSERT INTO visits VALUES (1, 3), (2, 5)");
    }
  }

  /** A single number computed directly on the backend (ground truth for tests). */
  static double truth(Backend backend, String sql) throws SQLException {
    try (Connection c = backend.direct();
        Statement s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getDouble(1);
    }
  }
}
