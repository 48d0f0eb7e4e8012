package dev.dpjdbc.analyze.safety;

import static dev.dpjdbc.analyze.safety.ErrorCases.anyRow;
import static dev.dpjdbc.analyze.safety.ErrorCases.customer;
import static dev.dpjdbc.analyze.safety.ErrorCases.employee;
import static dev.dpjdbc.analyze.safety.ErrorCases.no;
import static dev.dpjdbc.analyze.safety.ErrorCases.noWith;
import static dev.dpjdbc.analyze.safety.ErrorCases.order;
import static dev.dpjdbc.analyze.safety.ErrorCases.reading;
import static dev.dpjdbc.analyze.safety.ErrorCases.readingRow;
import static dev.dpjdbc.analyze.safety.ErrorCases.visit;

import dev.dpjdbc.analyze.safety.ErrorCases.Refused;
import java.util.ArrayList;
import java.util.List;

/**
 * The queries the rule refuses, with a fragment of the message and, for most, witness rows that
 * make PostgreSQL raise the error (see {@link ErrorCases}).
 */
final class RefusedCases {
  private RefusedCases() {}

  static List<Refused> all() {
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
    r.add(no("SELECT SUM(ABS(big)) FROM readings", "ABS", reading("big", "-9223372036854775808")));
    r.add(no("SELECT SUM(-big) FROM readings", "negation", reading("big", "-9223372036854775808")));
    r.add(
        no(
            "SELECT SUM(big / -1) FROM readings",
            "integer division",
            reading("big", "-9223372036854775808")));
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
}
