package dev.dpjdbc.proxy.demo;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The demo schema and its rows, generated deterministically inside PostgreSQL from {@code
 * generate_series} by integer arithmetic (a multiplicative hash of the row number — no random
 * source, so every run holds the same data). Every column an aggregate may need is bounded by a
 * CHECK constraint, which is where dpjdbc reads its bounds from.
 *
 * <ul>
 *   <li>{@code departments(name PK, floor)} — public: no personal data;
 *   <li>{@code employees(id PK, name, age 18..100, salary 0..200000, region N/S/E/W, department one
 *       of five, hired 2000-01-01..2024-12-31)} — {@value #EMPLOYEES} people, one row each.
 * </ul>
 */
public final class DemoData {
  private DemoData() {}

  public static final int EMPLOYEES = 5000;

  /** h(i, k) ∈ [0, m): Knuth's multiplicative hash of row i salted with k. */
  private static String hash(String i, int k, int m) {
    return "((" + i + " * 2654435761 + " + k + " * 40503) % 4294967296 % " + m + ")";
  }

  public static void create(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE departments ("
              + " name text PRIMARY KEY,"
              + " floor integer NOT NULL CHECK (floor BETWEEN 1 AND 10))");
      s.execute(
          "INSERT INTO departments VALUES ('Engineering', 3), ('Sales', 1), ('Marketing', 2),"
              + " ('Finance', 4), ('Operations', 5)");
      s.execute(
          "CREATE TABLE employees ("
              + " id integer PRIMARY KEY,"
              + " name text NOT NULL,"
              + " age integer NOT NULL CHECK (age BETWEEN 18 AND 100),"
              + " salary integer NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
              + " region text NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),"
              + " department text NOT NULL REFERENCES departments(name)"
              + "   CHECK (department IN ('Engineering', 'Sales', 'Marketing', 'Finance',"
              + " 'Operations')),"
              + " hired date NOT NULL CHECK (hired BETWEEN DATE '2000-01-01' AND DATE"
              + " '2024-12-31'))");
      String i = "g.i::bigint";
      // age 21..64 (sum of two hashes: a hump in the middle), department by weight, salary
      // rising with age and department, capped at the CHECK bound.
      String age = "(21 + " + hash(i, 1, 23) + " + " + hash(i, 2, 22) + ")";
      String dept = hash(i, 3, 10);
      s.execute(
          "INSERT INTO employees (id, name, age, salary, region, department, hired)"
              + " SELECT g.i, 'employee ' || g.i, a.age,"
              + "  LEAST(200000, 28000 + (a.age - 21) * 1400 + d.bonus + "
              + hash(i, 4, 25000)
              + "),"
              + "  (ARRAY['N','S','E','W'])[1 + "
              + hash(i, 5, 4)
              + "],"
              + "  d.name,"
              + "  DATE '2000-01-01' + "
              + hash(i, 6, 9131)
              + "::integer"
              + " FROM generate_series(1, "
              + EMPLOYEES
              + ") AS g(i)"
              + " CROSS JOIN LATERAL (SELECT "
              + age
              + " AS age) a"
              + " CROSS JOIN LATERAL (SELECT CASE WHEN "
              + dept
              + " < 4 THEN 'Engineering' WHEN "
              + dept
              + " < 6 THEN 'Sales' WHEN "
              + dept
              + " < 7 THEN 'Marketing' WHEN "
              + dept
              + " < 8 THEN 'Finance' ELSE 'Operations' END AS name,"
              + " CASE WHEN "
              + dept
              + " < 4 THEN 30000 WHEN "
              + dept
              + " < 6 THEN 15000 WHEN "
              + dept
              + " < 8 THEN 20000 ELSE 5000 END AS bonus) d");
      s.execute("ANALYZE employees");
    }
  }
}
