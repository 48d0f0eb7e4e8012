package dev.dpjdbc.analyze;

import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Shared schema, data and helpers for the H2 and PostgreSQL analyzer tests. */
final class AnalyzerFixture {
  private AnalyzerFixture() {}

  static final String POLICY =
      """
      tables:
        visits:
          privacy_unit: person_id
          max_rows_per_unit: 2
          max_groups_per_unit: 1
          columns:
            amount: {min: 0, max: 50}
        employees:
          columns:
            dept: {values: [1, 2, 3]}
        nounit_policy: {privacy_unit: nope}
        emp_visits: {max_rows_per_unit: 3}
      """;

  static Policy policy() {
    return Policy.parse(POLICY, "test policy");
  }

  /** Common DDL + data (valid on H2 and PostgreSQL). */
  static void createCommon(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE employees (id INTEGER PRIMARY KEY, name VARCHAR(100),"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 200000),"
              + " bonus NUMERIC(6,2), age SMALLINT CHECK (age >= 18 AND age <= 99),"
              + " region VARCHAR(1) NOT NULL CHECK (region IN ('N', 'S', 'E', 'W')),"
              + " remote BOOLEAN NOT NULL, dept INTEGER NOT NULL, score DOUBLE PRECISION)");
      s.execute(
          "CREATE TABLE visits (person_id INTEGER NOT NULL,"
              + " amount INTEGER NOT NULL CHECK (amount BETWEEN 0 AND 100),"
              + " kind VARCHAR(10) NOT NULL CHECK (kind IN ('web', 'shop')))");
      s.execute("CREATE TABLE nounit (x INTEGER CHECK (x BETWEEN 0 AND 1))");
      s.execute("CREATE TABLE nounit_policy (x INTEGER CHECK (x BETWEEN 0 AND 1))");
      // no policy unit: the unit follows the foreign key to employees (several visits per person)
      s.execute(
          "CREATE TABLE emp_visits (id INTEGER PRIMARY KEY,"
              + " employee_id INTEGER NOT NULL REFERENCES employees (id),"
              + " minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 600))");
      // the unit is in emp_visits.employee_id, not in the key visit_id references
      s.execute(
          "CREATE TABLE emp_visit_notes (id INTEGER PRIMARY KEY,"
              + " visit_id INTEGER NOT NULL REFERENCES emp_visits (id))");
      // a private key (place has no domain) that one person may have in several groups
      s.execute(
          "CREATE TABLE trips (employee_id INTEGER NOT NULL REFERENCES employees (id),"
              + " place VARCHAR(10) NOT NULL)");
      // two keys to the unit: a row would be two people's
      s.execute(
          "CREATE TABLE emp_pairs (id INTEGER PRIMARY KEY,"
              + " a_id INTEGER NOT NULL REFERENCES employees (id),"
              + " b_id INTEGER NOT NULL REFERENCES employees (id))");
    }
    String[] regions = {"N", "S", "E", "W"};
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO employees VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (int i = 1; i <= 40; i++) {
        ps.setInt(1, i);
        ps.setString(2, "person" + i);
        ps.setInt(3, 20000 + (i * 3779) % 150000);
        ps.setBigDecimal(4, new java.math.BigDecimal((i * 37) % 5000 + ".25"));
        if (i % 7 == 0) {
          ps.setNull(5, java.sql.Types.SMALLINT);
        } else {
          ps.setInt(5, 18 + (i * 13) % 60);
        }
        ps.setString(6, regions[i % 3]); // W stays empty
        ps.setBoolean(7, i % 2 == 0);
        ps.setInt(8, 1 + i % 2); // dept 3 stays empty
        ps.setDouble(9, i * 1.5);
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (Statement s = c.createStatement()) {
      // employees 1..10 with 1 + (i mod 3) visits each: at most 3, the policy's cap
      s.execute(
          "INSERT INTO emp_visits SELECT 100 * e.id + k.n, e.id, 10 * k.n FROM employees e"
              + " JOIN (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) k"
              + " ON k.n <= 1 + MOD(e.id, 3) WHERE e.id <= 10");
    }
  }

  /**
   * Binds a generated statement's parameters the simple way (constants with their JDBC type, the
   * analyst's values as given); the driver's executor does the same plus H2's bind-time
   * conversions.
   */
  static void bind(PreparedStatement ps, BoundSql sql, Object... params) throws SQLException {
    for (int i = 0; i < sql.parameters().size(); i++) {
      ParameterSource p = sql.parameters().get(i);
      if (p instanceof ParameterSource.Constant k) {
        ps.setObject(i + 1, k.value(), k.jdbcType());
      } else {
        ps.setObject(i + 1, params[((ParameterSource.Analyst) p).index()]);
      }
    }
  }

  /** The rewritten SQL's raw rows (keys, coordinates, and dp_n under partition selection). */
  static List<List<Object>> raw(Connection c, PrivacyPlan plan) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      bind(ps, plan.rewritten());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<Object> row = new ArrayList<>();
          for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            row.add(rs.getObject(i));
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  /** Runs the plan's SQL and post-processes the true coordinates (no noise): rows of outputs. */
  static List<List<Object>> viaPlan(Connection c, PrivacyPlan plan, Object... params)
      throws SQLException {
    List<List<Object>> rows = released(c, plan, params);
    rows.sort(Comparator.comparing(Object::toString));
    return rows;
  }

  /**
   * The rows the plan releases when the noise is zero, in release order: the rewritten SQL run, the
   * outputs evaluated, then the post-processing above the boundary (relational plans).
   */
  static List<List<Object>> released(Connection c, PrivacyPlan plan, Object... params)
      throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    if (plan.preflight() != null) {
      try (PreparedStatement ps = c.prepareStatement(plan.preflight().sql())) {
        bind(ps, plan.preflight(), params);
        ps.executeQuery().close();
      }
    }
    try (PreparedStatement ps = c.prepareStatement(plan.rewrittenSql())) {
      bind(ps, plan.rewritten(), params);
      try (ResultSet rs = ps.executeQuery()) {
        int k = plan.groupKeys().size();
        while (rs.next()) {
          Object[] keys = new Object[k];
          for (int i = 0; i < k; i++) {
            keys[i] = rs.getObject(i + 1);
          }
          double[] coords = new double[plan.coordinates().size()];
          for (int i = 0; i < coords.length; i++) {
            coords[i] = rs.getDouble(k + i + 1);
          }
          List<Object> row = new ArrayList<>();
          for (OutputColumn o : plan.outputs()) {
            row.add(o.expr().evaluate(keys, coords));
          }
          rows.add(row);
        }
      }
    }
    if (plan.post() == null) {
      return rows;
    }
    List<Object[]> in = new ArrayList<>();
    rows.forEach(r -> in.add(r.toArray()));
    List<List<Object>> out = new ArrayList<>();
    for (Object[] r : plan.post().processor().apply(in)) {
      out.add(new ArrayList<>(java.util.Arrays.asList(r)));
    }
    return out;
  }

  /** The labels of the columns the plan releases. */
  static List<String> labels(PrivacyPlan plan) {
    return (plan.post() != null ? plan.post().columns() : plan.outputs())
        .stream().map(OutputColumn::label).toList();
  }

  static List<List<Object>> plain(Connection c, String sql, Object... params) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<Object> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            Object o = rs.getObject(i);
            row.add(o instanceof Number num && !(o instanceof Integer) ? num.doubleValue() : o);
          }
          rows.add(row);
        }
      }
    }
    rows.sort(Comparator.comparing(Object::toString));
    return rows;
  }

  /** True when both row lists agree: numbers within 1e-9 relative, other values equal. */
  static String difference(List<List<Object>> a, List<List<Object>> b) {
    if (a.size() != b.size()) {
      return "row counts differ: " + a + " vs " + b;
    }
    for (int r = 0; r < a.size(); r++) {
      for (int i = 0; i < a.get(r).size(); i++) {
        Object x = a.get(r).get(i);
        Object y = b.get(r).get(i);
        boolean same;
        if (x instanceof Number nx && y instanceof Number ny) {
          double dx = nx.doubleValue();
          double dy = ny.doubleValue();
          same = Math.abs(dx - dy) <= 1e-9 * Math.max(1, Math.abs(dy));
        } else {
          same = String.valueOf(x).trim().equals(String.valueOf(y).trim());
        }
        if (!same) {
          return "row " + r + " column " + i + ": " + x + " vs " + y + "\n" + a + "\n" + b;
        }
      }
    }
    return null;
  }

  /** Queries whose rewritten form must give exactly the plain query's answer on in-bound data. */
  static List<String> exactQueries() {
    return List.of(
        "SELECT COUNT(*) FROM employees",
        "select count(*) as n, sum(salary), avg(salary) from employees",
        "SELECT COUNT(age), AVG(age), VAR_POP(age), VAR_SAMP(age), STDDEV_POP(age),"
            + " STDDEV_SAMP(age) FROM employees",
        "SELECT variance(salary), stddev(salary) FROM employees WHERE salary > 30000",
        "SELECT SUM(bonus), AVG(bonus) FROM employees WHERE name LIKE 'person1%'",
        "SELECT region, COUNT(*), AVG(salary) FROM employees GROUP BY region",
        "SELECT remote, region, SUM(salary) AS total FROM employees e"
            + " WHERE e.age BETWEEN 20 AND 60 OR e.age IS NULL GROUP BY region, remote",
        "SELECT dept, COUNT(*) FROM employees WHERE lower(name) <> 'person3' GROUP BY dept"
            + " ORDER BY 2 DESC LIMIT 5",
        "SELECT COUNT(*) FROM public.employees AS e WHERE e.salary < 100000;",
        "SELECT e.region AS r, SUM(e.salary) FROM employees e GROUP BY e.region"
            + " ORDER BY SUM(e.salary) DESC, r",
        "SELECT COUNT(*), SUM(salary) FROM employees WHERE salary::int > 30000"
            + " AND EXTRACT(YEAR FROM CURRENT_DATE) > 2000 AND name LIKE 'p%'"
            + " AND CAST(age AS VARCHAR(10)) <> '33' AND COALESCE(age, 0) < 90"
            + " AND CASE WHEN remote THEN 1 ELSE 0 END = 1 AND region IN ('N', 'S')"
            + " AND NOT (bonus IS NULL) AND id BETWEEN 2 AND 39 AND upper(name) <> 'X'");
  }

  /**
   * BI-tool style queries whose plain form H2 cannot run (quoted lower-case names, GROUP BY
   * positions); checked against PostgreSQL only.
   */
  static List<String> postgresOnlyQueries() {
    return List.of(
        "SELECT \"public\".\"employees\".\"region\" AS \"region\", count(*) AS \"count\""
            + " FROM \"public\".\"employees\" GROUP BY \"public\".\"employees\".\"region\""
            + " ORDER BY \"public\".\"employees\".\"region\" ASC",
        "SELECT region, remote, COUNT(1) FROM employees GROUP BY 1, 2",
        // PostgreSQL's name resolution: GROUP BY an input column before an output alias
        "SELECT region AS dept, dept AS region, COUNT(*) FROM employees GROUP BY region, dept",
        "SELECT region AS r, COUNT(*), AVG(salary) FROM employees GROUP BY r",
        // three-part names (zonky's database is postgres)
        "SELECT COUNT(*), SUM(postgres.public.employees.salary) FROM postgres.public.employees"
            + " WHERE public.employees.age > 30");
  }

  /** (query, expected SQLState) pairs every backend must refuse. */
  /**
   * Queries the one-table planner refuses and the relational analyzer answers (HAVING, subqueries
   * in FROM, expressions inside and over aggregates, a LIMIT parameter).
   */
  static List<String> relationalOnly() {
    return List.of(
        "SELECT region, COUNT(*) FROM employees GROUP BY region HAVING COUNT(*) > 1",
        "SELECT COUNT(*) FROM (SELECT * FROM employees) t",
        "SELECT SUM(salary) / 2 FROM employees",
        "SELECT SUM(salary + 1) FROM employees",
        "SELECT DISTINCT COUNT(*) FROM employees",
        "SELECT COUNT(*) FROM employees LIMIT ?");
  }

  static List<String[]> refusals() {
    return List.of(
        new String[] {"SELECT * FROM employees", "42501"},
        new String[] {"SELECT name, salary FROM employees", "42501"},
        new String[] {"SELECT name, COUNT(*) FROM employees", "42803"},
        new String[] {"DELETE FROM employees", "42501"},
        new String[] {"UPDATE employees SET salary = 0", "42501"},
        new String[] {"DROP TABLE employees", "42501"},
        new String[] {"INSERT INTO employees (id) VALUES (1)", "42501"},
        new String[] {"SELECT COUNT(*) FROM employees; SELECT COUNT(*) FROM visits", "42601"},
        new String[] {"SELEC COUNT(*) FROM employees", "42601"},
        new String[] {"SELECT COUNT(*) FROM nosuch", "42P01"},
        new String[] {"SELECT SUM(nosuch) FROM employees", "42703"},
        new String[] {"SELECT COUNT(*) FROM employees WHERE nosuch = 1", "42703"},
        new String[] {"SELECT SUM(score) FROM employees", "ZD001"},
        new String[] {"SELECT COUNT(*) FROM nounit", "ZD002"},
        new String[] {"SELECT COUNT(*) FROM nounit_policy", "F0000"},
        new String[] {"SELECT COUNT(*) FROM emp_visit_notes", "ZD002"},
        new String[] {"SELECT COUNT(*) FROM emp_pairs", "ZD002"},
        new String[] {
          "SELECT COUNT(*) FROM employees e JOIN visits v ON e.id = v.person_id", "42501"
        },
        new String[] {
          "SELECT COUNT(*) FROM employees WHERE id IN (SELECT person_id FROM visits)", "42501"
        },
        new String[] {"SELECT SUM(DISTINCT salary) FROM employees", "0A000"},
        new String[] {"SELECT COUNT(*) FROM employees WHERE random() < 0.5", "42501"},
        new String[] {"SELECT COUNT(*) FROM employees WHERE my_udf(salary) > 0", "42501"},
        new String[] {
          "SELECT region AS x, remote AS x, COUNT(*) FROM employees GROUP BY x", "42702"
        },
        new String[] {
          "SELECT region AS x, remote AS x, COUNT(*) FROM employees GROUP BY region, remote"
              + " ORDER BY x",
          "42702"
        },
        new String[] {"SELECT COUNT(*) FROM other.public.employees", "0A000"},
        new String[] {"SELECT SUM(other.public.employees.salary) FROM employees", "0A000"},
        new String[] {"SELECT COUNT(*) FROM a.b.c.d", "42601"});
  }
}
