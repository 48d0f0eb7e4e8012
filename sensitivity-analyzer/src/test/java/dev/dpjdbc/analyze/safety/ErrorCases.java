package dev.dpjdbc.analyze.safety;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The error rule's test table: queries whose expressions below the aggregate are allowed, and
 * queries refused with a fragment of the message and, for the PostgreSQL test, rows that make
 * PostgreSQL raise the error the rule guards against (a witness that the refusal is warranted).
 */
final class ErrorCases {
  private ErrorCases() {}

  /** An allowed query; {@code params} bind its {@code ?} in the PostgreSQL sweep. */
  record Allowed(String sql, List<Object> params) {
    @Override
    public String toString() {
      return sql;
    }
  }

  /**
   * A refused query. {@code witness}: INSERTs after which running the query's plan below the
   * boundary on PostgreSQL raises an error (null: not part of the sample); {@code anyRow}: any row
   * raises it (PostgreSQL rejects the construct for every row it reaches).
   */
  record Refused(
      String sql, String fragment, List<Object> params, List<String> witness, boolean anyRow) {
    @Override
    public String toString() {
      return sql;
    }
  }

  private static Allowed ok(String sql, Object... params) {
    return new Allowed(sql, Arrays.asList(params));
  }

  private static Refused no(String sql, String fragment, String... witness) {
    return new Refused(
        sql, fragment, List.of(), witness.length == 0 ? null : List.of(witness), false);
  }

  private static Refused noWith(String sql, String fragment, List<Object> params, String... w) {
    return new Refused(sql, fragment, params, List.of(w), false);
  }

  private static Refused anyRow(String sql, String fragment, String... witness) {
    return new Refused(sql, fragment, List.of(), List.of(witness), true);
  }

  static List<Allowed> allowed() {
    return List.of(
        // comparisons, boolean logic, IN lists, NULL tests
        ok("SELECT COUNT(*) FROM employees WHERE salary > 50000"),
        ok(
            "SELECT COUNT(*) FROM employees WHERE salary BETWEEN 10000 AND 20000 AND region IN"
                + " ('N', 'S')"),
        ok("SELECT COUNT(*) FROM employees WHERE NOT remote OR level >= 3"),
        ok("SELECT COUNT(*) FROM employees WHERE age IS NULL"),
        ok("SELECT COUNT(*) FROM employees WHERE sex IS DISTINCT FROM 'F'"),
        ok("SELECT COUNT(*) FROM employees WHERE region = 'N' AND (level = 1 OR level = 5)"),
        ok("SELECT COUNT(*) FROM readings WHERE amount > 100"),
        ok("SELECT COUNT(*) FROM readings WHERE big > 10 AND small < 0"),
        ok("SELECT COUNT(*) FROM readings WHERE taken IS NOT NULL AND code IS NULL"),
        ok("SELECT COUNT(*) FROM readings WHERE gauge > 0.5"),
        // arithmetic within the type
        ok("SELECT SUM(price * qty) FROM orders"),
        ok("SELECT SUM(price / qty) FROM orders"),
        ok("SELECT AVG(salary * 12) FROM employees"),
        ok("SELECT SUM(salary + age) FROM employees"),
        ok("SELECT SUM(salary - 200000) FROM employees"),
        ok("SELECT AVG(salary / level) FROM employees"),
        ok("SELECT SUM(minutes % 60) FROM visits"),
        ok("SELECT SUM(-salary) FROM employees"),
        ok("SELECT SUM(ABS(salary - 100000)) FROM employees"),
        ok("SELECT SUM(big / 2) FROM readings"),
        ok("SELECT SUM(EXTRACT(YEAR FROM hired) - 2015) FROM employees"),
        ok("SELECT COUNT(*) FROM employees WHERE mod(salary, 1000) = 0"),
        ok("SELECT SUM(GREATEST(salary, 1000)) FROM employees"),
        // wider types, clamps and guards written by the analyst
        ok("SELECT SUM(CAST(raw AS BIGINT) * 1000) FROM readings"),
        ok("SELECT SUM(CAST(raw AS NUMERIC) * CAST(raw AS NUMERIC)) FROM readings"),
        ok("SELECT AVG(CAST(raw AS DOUBLE PRECISION)) FROM readings"),
        ok("SELECT SUM(LEAST(GREATEST(raw, 0), 100) * 1000) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw BETWEEN 0 AND 1000 THEN raw * 1000 ELSE 0 END) FROM readings"),
        ok("SELECT SUM(CASE WHEN small > 0 THEN small * 2 END) FROM readings"),
        ok("SELECT SUM(COALESCE(age, 0) * 2) FROM employees"),
        ok("SELECT SUM(price / NULLIF(qty, 0)) FROM orders"),
        ok("SELECT SUM(salary / NULLIF(age - 30, 0)) FROM employees"),
        ok("SELECT SUM(CASE WHEN age <> 30 THEN salary / (age - 30) END) FROM employees"),
        ok("SELECT SUM(CASE WHEN raw <> 0 THEN 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw = 0 THEN NULL ELSE 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN amount BETWEEN -1000 AND 1000 THEN amount * 2 END) FROM readings"),
        ok("SELECT SUM(CASE WHEN NOT (raw = 0) THEN 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw = 0 OR raw IS NULL THEN 0 ELSE 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw > 0 AND raw < 100 THEN raw * 1000000 END) FROM readings"),
        ok(
            "SELECT SUM(CASE WHEN raw < -10 THEN 0 WHEN raw > 10 THEN 0 ELSE raw * 100000000 END)"
                + " FROM readings"),
        ok("SELECT SUM(CASE WHEN (raw <> 0) IS TRUE THEN 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw NOT IN (0) THEN 1000 / raw END) FROM readings"),
        ok("SELECT SUM(CASE WHEN small = 5 THEN NULL ELSE 1000 / (small - 5) END) FROM readings"),
        ok("SELECT SUM(CASE WHEN raw > 0 OR raw < -5 THEN 1000 / raw END) FROM readings"),
        ok("SELECT SUM(COALESCE(1000 / NULLIF(raw, 0), 0)) FROM readings"),
        // aggregate arguments and FILTER
        ok("SELECT COUNT(*) FILTER (WHERE remote) FROM employees"),
        ok("SELECT COUNT(*) FILTER (WHERE salary / level > 1000) FROM employees"),
        ok("SELECT SUM(CASE WHEN remote THEN 1 ELSE 0 END) FROM employees"),
        ok("SELECT SUM(1) FROM visits"),
        // text
        ok("SELECT COUNT(*) FROM readings WHERE code LIKE 'a%'"),
        ok("SELECT COUNT(*) FROM readings WHERE code NOT LIKE '%x\\_%'"),
        ok("SELECT COUNT(*) FROM readings WHERE code ILIKE 'A%'"),
        ok("SELECT COUNT(*) FROM readings WHERE lower(code) = 'abc'"),
        ok("SELECT COUNT(*) FROM readings WHERE char_length(code) > 3"),
        ok("SELECT COUNT(*) FROM readings WHERE trim(code) = 'x'"),
        ok("SELECT COUNT(*) FROM readings WHERE upper(code) || 'x' = 'ABCx'"),
        ok("SELECT COUNT(*) FROM employees WHERE position('x' IN region) > 0"),
        ok("SELECT COUNT(*) FROM employees WHERE substring(region from 1 for 1) = 'N'"),
        // dates and times
        ok("SELECT COUNT(*) FROM employees WHERE hired > CURRENT_DATE - 30"),
        ok("SELECT COUNT(*) FROM employees WHERE hired >= DATE '2020-01-01'"),
        ok("SELECT COUNT(*) FROM employees WHERE EXTRACT(YEAR FROM hired) = 2020"),
        ok("SELECT COUNT(*) FROM employees WHERE EXTRACT(DOW FROM hired) IN (0, 6)"),
        ok("SELECT COUNT(*) FROM visits WHERE EXTRACT(MONTH FROM day) = 3"),
        ok("SELECT COUNT(*) FROM orders WHERE EXTRACT(HOUR FROM placed) = 10"),
        ok(
            "SELECT COUNT(*) FROM orders WHERE date_trunc('month', placed) = TIMESTAMP '2021-01-01"
                + " 00:00:00'"),
        ok("SELECT COUNT(*) FROM employees WHERE date_trunc('month', hired) = DATE '2020-01-01'"),
        ok("SELECT COUNT(*) FROM visits WHERE day - 3 > DATE '2020-01-01'"),
        ok("SELECT COUNT(*) FROM employees WHERE hired + INTERVAL '1' YEAR < CURRENT_DATE"),
        ok("SELECT COUNT(*) FROM orders WHERE placed > now() - INTERVAL '5 years'"),
        ok("SELECT COUNT(*) FROM customers WHERE since < CURRENT_DATE"),
        ok("SELECT COUNT(*) FROM customers WHERE EXTRACT(YEAR FROM since) > 2019"),
        ok(
            "SELECT COUNT(*) FROM readings WHERE date_trunc('day', taken) = TIMESTAMP '2021-01-01"
                + " 00:00:00'"),
        ok(
            "SELECT COUNT(*) FROM readings WHERE date_trunc('week', taken) = TIMESTAMP '2021-01-04"
                + " 00:00:00'"),
        ok("SELECT SUM(EXTRACT(YEAR FROM since) - 2000) FROM customers"),
        ok("SELECT COUNT(*) FROM readings WHERE EXTRACT(EPOCH FROM taken) > 0"),
        // casts
        ok("SELECT COUNT(*) FROM employees WHERE CAST(age AS SMALLINT) > 20"),
        ok("SELECT COUNT(*) FROM employees WHERE CAST(salary AS VARCHAR(3)) = '100'"),
        ok("SELECT COUNT(*) FROM employees WHERE CAST(remote AS INTEGER) = 1"),
        ok("SELECT SUM(CAST(price AS INTEGER)) FROM orders"),
        ok("SELECT SUM(CAST(price AS DOUBLE PRECISION)) FROM orders"),
        ok("SELECT SUM(CAST(salary AS NUMERIC(10,2)) / 12) FROM employees"),
        ok("SELECT COUNT(*) FROM readings WHERE CAST(taken AS DATE) = DATE '2021-01-01'"),
        ok("SELECT COUNT(*) FROM readings WHERE CAST(raw AS VARCHAR(20)) = '5'"),
        // functions within their domains, floating point that cannot overflow or underflow
        ok("SELECT SUM(ROUND(price * qty, 2)) FROM orders"),
        ok("SELECT SUM(FLOOR(gauge)) FROM readings"),
        ok("SELECT SUM(gauge * 2) FROM readings"),
        ok("SELECT SUM(gauge / 0.5) FROM readings"),
        ok("SELECT SUM(SQRT(salary)) FROM employees"),
        ok("SELECT SUM(LN(qty)) FROM orders"),
        // joins, subqueries, BI wrappers
        ok(
            "SELECT COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id WHERE"
                + " d.budget > 1000"),
        ok(
            "SELECT SUM(e.salary) FROM employees e JOIN departments d ON e.dept_id = d.id WHERE"
                + " d.name LIKE 'D%'"),
        ok(
            "SELECT COUNT(*) FROM visits v JOIN employees e ON v.employee_id = e.id WHERE e.salary"
                + " > v.minutes * 100"),
        ok(
            "SELECT SUM(o.price * o.qty) FROM orders o JOIN customers c ON o.customer_id = c.id"
                + " WHERE c.region = 'N'"),
        ok(
            "SELECT AVG(n) FROM (SELECT employee_id, COUNT(*) AS n FROM visits GROUP BY"
                + " employee_id) t"),
        ok(
            "SELECT AVG(total) FROM (SELECT employee_id, SUM(minutes) AS total FROM visits GROUP BY"
                + " employee_id) t"),
        ok(
            "SELECT AVG(m) FROM (SELECT employee_id, MAX(minutes) * 2 AS m FROM visits GROUP BY"
                + " employee_id) t"),
        ok("SELECT COUNT(*) FROM (SELECT * FROM employees WHERE salary > 1000) AS \"source\""),
        ok(
            "SELECT COUNT(*) FROM employees WHERE dept_id IN (SELECT id FROM departments WHERE"
                + " budget > 100)"),
        // parameters: bound at execution, constants checked by the preflight
        ok("SELECT COUNT(*) FROM employees WHERE salary > ?", 1000),
        ok("SELECT SUM(minutes / ?) FROM visits", 7),
        ok("SELECT SUM(salary) FROM employees WHERE salary > ? * 2", 5),
        ok("SELECT COUNT(*) FROM employees WHERE salary > CAST(? AS INTEGER)", 5));
  }

  static List<Refused> refused() {
    List<Refused> r = new ArrayList<>();
    // division and modulo by a value that can be 0
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE 1/(salary-50000) > 0",
            "division by",
            employee("salary", "50000")));
    r.add(no("SELECT SUM(price / (qty - 1)) FROM orders", "division by", order("qty", "1")));
    r.add(
        no(
            "SELECT SUM(minutes / (minutes - 10)) FROM visits",
            "division by",
            visit("minutes", "10")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id WHERE"
                + " d.budget / e.salary > 1",
            "JOIN condition",
            employee("salary", "0")));
    r.add(
        no(
            "SELECT SUM(salary / (level - 3)) FROM employees",
            "division by",
            employee("level", "3")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE salary % (age - 18) = 0",
            "modulo by", employee("age", "18")));
    r.add(
        no(
            "SELECT SUM(CASE WHEN age > 20 THEN salary / (age - 30) END) FROM employees",
            "division by",
            employee("age", "30")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE level > 0 AND 10 / (level - 2) > 1",
            "division by",
            employee("level", "2")));
    r.add(
        no(
            "SELECT SUM(CASE WHEN raw > 0 OR small < -5 THEN 1000 / raw END) FROM readings",
            "division by",
            "INSERT INTO readings (id, employee_id, raw, small) VALUES (100, 1, 0, -6)"));
    r.add(
        no(
            "SELECT SUM(CASE WHEN raw = 0 AND small = 0 THEN 0 ELSE 1000 / raw END) FROM readings",
            "division by",
            "INSERT INTO readings (id, employee_id, raw, small) VALUES (100, 1, 0, 1)"));
    r.add(
        no(
            "SELECT SUM(CASE WHEN raw <> 0 THEN 0 ELSE 1000 / raw END) FROM readings",
            "division by",
            reading("raw", "0")));
    // integer overflow
    r.add(no("SELECT SUM(raw * 2) FROM readings", "multiplication", reading("raw", "2147483647")));
    r.add(no("SELECT SUM(raw + 1) FROM readings", "addition", reading("raw", "2147483647")));
    r.add(no("SELECT SUM(raw - 1) FROM readings", "subtraction", reading("raw", "-2147483648")));
    r.add(no("SELECT SUM(-raw) FROM readings", "negation", reading("raw", "-2147483648")));
    r.add(no("SELECT SUM(ABS(raw)) FROM readings", "ABS", reading("raw", "-2147483648")));
    r.add(no("SELECT SUM(ABS(small)) FROM readings", "ABS", reading("small", "-32768")));
    r.add(no("SELECT SUM(small * small) FROM readings", "multiplication", reading("small", "300")));
    r.add(
        no(
            "SELECT SUM(big * 2) FROM readings",
            "multiplication",
            reading("big", "9223372036854775807")));
    r.add(
        noWith(
            "SELECT SUM(raw * ?) FROM readings",
            "multiplication",
            List.of(2),
            reading("raw", "1073741824")));
    r.add(
        no(
            "SELECT SUM(salary * salary) FROM employees",
            "multiplication",
            employee("salary", "200000")));
    r.add(
        no(
            "SELECT SUM(salary * 100000) FROM employees",
            "multiplication",
            employee("salary", "200000")));
    r.add(
        no(
            "SELECT SUM(capped * 100000) FROM readings",
            "multiplication",
            reading("capped", "1000000")));
    r.add(
        no(
            "SELECT SUM(raw / -1) FROM readings",
            "integer division",
            reading("raw", "-2147483648")));
    r.add(
        no(
            "SELECT SUM(minutes * minutes * minutes * minutes) FROM visits",
            "multiplication",
            visit("minutes", "600")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE age * 50000000 > 5",
            "multiplication",
            employee("age", "70")));
    r.add(
        no(
            "SELECT SUM(CASE WHEN raw > 0 THEN raw * 2 END) FROM readings",
            "multiplication",
            reading("raw", "2147483647")));
    r.add(
        no(
            "SELECT SUM(LEAST(raw, 100) * 1000) FROM readings",
            "multiplication",
            reading("raw", "-2147483648")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE raw * 2 > 10 AND raw < 1000",
            "multiplication",
            reading("raw", "-2147483648")));
    r.add(
        noWith(
            "SELECT SUM(salary * ?) FROM employees",
            "multiplication",
            List.of(100000),
            employee("salary", "200000")));
    r.add(
        no(
            "SELECT SUM(CAST(small AS SMALLINT) + small) FROM readings",
            "addition",
            reading("small", "32767")));
    // floating point overflow and underflow
    r.add(no("SELECT SUM(ratio * 2) FROM readings", "multiplication", reading("ratio", "1.7e308")));
    r.add(no("SELECT SUM(ratio + ratio) FROM readings", "addition", reading("ratio", "1.7e308")));
    r.add(
        no(
            "SELECT SUM(gauge * gauge) FROM readings",
            "floating-point product",
            reading("gauge", "1e-200")));
    r.add(
        no(
            "SELECT SUM(gauge / 3) FROM readings",
            "floating-point division",
            reading("gauge", "4.9e-324")));
    r.add(no("SELECT SUM(1 / ratio) FROM readings", "division by", reading("ratio", "0")));
    r.add(no("SELECT SUM(10 / gauge) FROM readings", "division by", reading("gauge", "0")));
    r.add(
        noWith(
            "SELECT SUM(ratio / ?) FROM readings",
            "division by",
            List.of(1e-300),
            reading("ratio", "1e10")));
    r.add(no("SELECT SUM(exp(gauge * 100)) FROM readings", "exp", reading("gauge", "10")));
    r.add(
        no("SELECT SUM(power(salary, 100)) FROM employees", "POWER", employee("salary", "200000")));
    // casts that can fail
    r.add(
        no(
            "SELECT SUM(CAST(raw AS SMALLINT)) FROM readings",
            "CAST from integer to smallint",
            reading("raw", "40000")));
    r.add(
        no(
            "SELECT SUM(CAST(salary AS SMALLINT)) FROM employees",
            "CAST",
            employee("salary", "40000")));
    r.add(
        no(
            "SELECT SUM(CAST(big AS INTEGER)) FROM readings",
            "CAST",
            reading("big", "1099511627776")));
    r.add(no("SELECT SUM(CAST(ratio AS INTEGER)) FROM readings", "CAST", reading("ratio", "1e10")));
    r.add(
        no(
            "SELECT SUM(CAST(amount AS DOUBLE PRECISION)) FROM readings",
            "CAST",
            reading("amount", "1e400")));
    r.add(
        no(
            "SELECT SUM(CAST(price * 1.5 AS NUMERIC(5,2))) FROM orders",
            "CAST",
            order("price", "1000")));
    r.add(
        no(
            "SELECT SUM(CAST(amount AS NUMERIC(10,2))) FROM readings",
            "CAST",
            reading("amount", "1e20")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE CAST(code AS INTEGER) > 3",
            "CAST of the text",
            reading("code", "'abc'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE CAST(code AS DATE) > DATE '2020-01-01'",
            "CAST of the text",
            reading("code", "'abc'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE code::numeric > 1",
            "CAST of the text",
            reading("code", "'abc'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE CAST(region AS BOOLEAN)",
            "CAST of the text",
            employee("region", "'W'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM employees WHERE salary > CAST(region AS INTEGER)",
            "CAST of the text")); // no witness: RelToSqlConverter drops this cast (lead informed)
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE ratio > amount",
            "amount",
            reading("amount", "1e400")));
    // patterns
    r.add(
        anyRow(
            "SELECT COUNT(*) FROM readings WHERE code ~ '('",
            "regular expression",
            reading("code", "'x'")));
    r.add(
        anyRow(
            "SELECT COUNT(*) FROM readings WHERE code SIMILAR TO '('",
            "regular expression",
            reading("code", "'x'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE code LIKE 'a\\'",
            "escape character",
            reading("code", "'ab'")));
    r.add(
        noWith(
            "SELECT COUNT(*) FROM readings WHERE code LIKE ?",
            "not a string literal",
            List.of("a\\"),
            reading("code", "'ab'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE code LIKE code",
            "not a string literal",
            reading("code", "'a\\'")));
    // dates beyond the timestamp range, fields a date does not have
    r.add(
        anyRow(
            "SELECT COUNT(*) FROM employees WHERE EXTRACT(HOUR FROM hired) = 3",
            "EXTRACT",
            employee("age", "30")));
    r.add(
        no(
            "SELECT COUNT(*) FROM customers WHERE date_trunc('month', since) = DATE"
                + " '2020-01-01'",
            "since",
            customer("since", "DATE '300000-01-01'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM customers WHERE since + INTERVAL '1' DAY > CURRENT_DATE",
            "since",
            customer("since", "DATE '300000-01-01'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM customers WHERE since - 3 > DATE '2020-01-01'",
            "since",
            customer("since", "DATE '300000-01-01'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM customers WHERE CAST(since AS TIMESTAMP) < TIMESTAMP"
                + " '2020-01-01 00:00:00'",
            "since",
            customer("since", "DATE '300000-01-01'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE taken + INTERVAL '1' YEAR > now()",
            "taken",
            reading("taken", "TIMESTAMP '294276-06-01 00:00:00'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE CAST(taken AS DATE) + 3 > DATE '2020-01-01'",
            "taken",
            reading("taken", "TIMESTAMP '294276-12-31 00:00:00'")));
    r.add(no("SELECT COUNT(*) FROM readings WHERE due < now() - INTERVAL '5 years'", "due"));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE date_trunc('year', taken) = TIMESTAMP"
                + " '2021-01-01 00:00:00'",
            "timestamp range",
            reading("taken", "TIMESTAMP '4714-11-24 00:00:00 BC'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE date_trunc('millennium', taken) = TIMESTAMP"
                + " '2001-01-01 00:00:00'",
            "timestamp range",
            reading("taken", "TIMESTAMP '4714-11-24 00:00:00 BC'")));
    // functions outside their domains, or unknown
    r.add(no("SELECT SUM(sqrt(raw)) FROM readings", "sqrt", reading("raw", "-1")));
    r.add(no("SELECT SUM(ln(minutes)) FROM visits", "ln", visit("minutes", "0")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE to_timestamp(ratio) > now()",
            "to_timestamp",
            reading("ratio", "1e20")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE to_timestamp(code, 'YYYY') > now()",
            "to_timestamp",
            reading("code", "'abc'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE substring(code from 1 for raw) = 'a'",
            "substring",
            "INSERT INTO readings (id, employee_id, code, raw) VALUES (100, 1, 'abc', -1)"));
    r.add(no("SELECT SUM(ROUND(amount, raw)) FROM readings", "ROUND"));
    r.add(no("SELECT COUNT(*) FROM readings WHERE md5(code) = repeat(code, raw)", "REPEAT"));
    // aggregates below the boundary
    r.add(
        no(
            "SELECT AVG(s) FROM (SELECT employee_id, SUM(ratio) AS s FROM readings GROUP BY"
                + " employee_id) t",
            "SUM of a floating-point",
            reading("ratio", "1.7e308"),
            readingRow(101, "ratio", "1.7e308")));
    r.add(
        no(
            "SELECT COUNT(*) FROM (SELECT employee_id, STRING_AGG(code, ',') AS s FROM readings"
                + " GROUP BY employee_id) t",
            "the aggregate"));
    r.add(
        no(
            "SELECT COUNT(*) FROM (SELECT employee_id, SUM(raw) OVER (PARTITION BY"
                + " employee_id) AS s FROM readings) t WHERE s > 5",
            "window function"));
    return r;
  }

  // ---- witness rows: the base rows of the PostgreSQL test plus one column overridden ----

  private static final Map<String, String> EMPLOYEE =
      row(
          "id",
          "2",
          "dept_id",
          "1",
          "salary",
          "1000",
          "age",
          "30",
          "hired",
          "DATE '2020-01-01'",
          "remote",
          "TRUE",
          "region",
          "'N'",
          "level",
          "1",
          "sex",
          "'F'",
          "educ",
          "10");
  private static final Map<String, String> VISIT =
      row("id", "2", "employee_id", "1", "day", "DATE '2021-01-01'", "minutes", "30");
  private static final Map<String, String> ORDER =
      row(
          "id",
          "2",
          "customer_id",
          "1",
          "price",
          "10.00",
          "qty",
          "2",
          "placed",
          "TIMESTAMP '2021-01-01 10:00:00'");
  private static final Map<String, String> CUSTOMER =
      row("id", "2", "region", "'N'", "since", "DATE '2020-01-01'");

  static String employee(String col, String value) {
    return insert("employees", EMPLOYEE, col, value);
  }

  static String visit(String col, String value) {
    return insert("visits", VISIT, col, value);
  }

  static String order(String col, String value) {
    return insert("orders", ORDER, col, value);
  }

  static String customer(String col, String value) {
    return insert("customers", CUSTOMER, col, value);
  }

  static String reading(String col, String value) {
    return readingRow(100, col, value);
  }

  static String readingRow(int id, String col, String value) {
    return "INSERT INTO readings (id, employee_id, "
        + col
        + ") VALUES ("
        + id
        + ", 1, "
        + value
        + ")";
  }

  private static String insert(String table, Map<String, String> base, String col, String v) {
    Map<String, String> m = new LinkedHashMap<>(base);
    if (m.put(col, v) == null) {
      throw new IllegalArgumentException(table + " has no column " + col);
    }
    String cols = String.join(", ", m.keySet()).replace("day", "\"day\"");
    return "INSERT INTO "
        + table
        + " ("
        + cols
        + ") VALUES ("
        + String.join(", ", m.values())
        + ")";
  }

  private static Map<String, String> row(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }
}
