package dev.dpjdbc.analyze.safety;

import static dev.dpjdbc.analyze.safety.ErrorCases.ok;

import dev.dpjdbc.analyze.safety.ErrorCases.Allowed;
import java.util.List;

/** The queries whose expressions below the aggregate the rule allows (see {@link ErrorCases}). */
final class AllowedCases {
  private AllowedCases() {}

  static List<Allowed> all() {
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
        // clamps of unbounded float8 and numeric (NaN, ±Infinity in the sweep's rows)
        ok("SELECT SUM(LEAST(GREATEST(ratio, 0), 100) * 2) FROM readings"),
        ok("SELECT SUM(GREATEST(0, LEAST(ratio, 100)) * 2) FROM readings"),
        ok(
            "SELECT AVG(CASE WHEN ratio < 0 THEN 0 WHEN ratio > 50 THEN 50 ELSE ratio END * 1000)"
                + " FROM readings"),
        ok("SELECT SUM(CAST(LEAST(GREATEST(ratio, 0), 100) AS INTEGER)) FROM readings"),
        ok(
            "SELECT SUM(CASE WHEN ratio BETWEEN -1 AND 1 THEN CAST(ratio * 1000 AS INTEGER) END)"
                + " FROM readings"),
        ok("SELECT SUM(LEAST(GREATEST(amount, 0), 100) * 2) FROM readings"),
        ok("SELECT SUM(CAST(GREATEST(0, LEAST(amount, 100)) AS INTEGER)) FROM readings"),
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
        // NaN and ±Infinity: arithmetic passes them through; guards and clamps rule them out
        ok("SELECT SUM(fixed * 2 + 1) FROM readings"),
        ok("SELECT SUM(pos / 3) FROM readings"),
        ok("SELECT SUM(1000 / NULLIF(fixed, 0)) FROM readings"),
        ok("SELECT COUNT(*) FROM readings WHERE fixed > 10 AND pos < 5"),
        ok("SELECT SUM(CAST(lim AS INTEGER)) FROM readings"),
        ok("SELECT SUM(CAST(lim AS SMALLINT) * 2) FROM readings"),
        ok(
            "SELECT SUM(CASE WHEN fixed BETWEEN -100 AND 100 THEN CAST(fixed AS INTEGER) END) FROM"
                + " readings"),
        ok("SELECT SUM(CAST(LEAST(GREATEST(fixed, 0), 100) AS INTEGER)) FROM readings"),
        ok("SELECT SUM(CAST(LEAST(pos, 100) AS INTEGER)) FROM readings"),
        ok("SELECT SUM(CASE WHEN pos <= 1000 THEN CAST(pos AS INTEGER) END) FROM readings"),
        ok("SELECT SUM(CASE WHEN pos > 1000 THEN 0 ELSE CAST(pos AS INTEGER) END) FROM readings"),
        ok("SELECT SUM(CASE WHEN half < 50 THEN CAST(half AS INTEGER) END) FROM readings"),
        ok("SELECT SUM(CAST(fixed AS DOUBLE PRECISION) * 2) FROM readings"),
        ok("SELECT SUM(CAST(fixed AS NUMERIC(10,2))) FROM readings"),
        ok("SELECT SUM(CAST(pos AS REAL)) FROM readings"),
        ok("SELECT SUM(ABS(fixed) + FLOOR(pos) + ROUND(fixed, 1) + SIGN(fixed)) FROM readings"),
        ok("SELECT SUM(SQRT(pos)) FROM readings"),
        ok("SELECT SUM(SQRT(half)) FROM readings"),
        ok("SELECT SUM(LN(lim + 1)) FROM readings"),
        ok("SELECT SUM(EXP(lim / 100)) FROM readings"),
        ok("SELECT COUNT(*) FROM readings WHERE to_timestamp(lim) > now()"),
        ok("SELECT COUNT(*) FROM readings WHERE INTERVAL '1' DAY * lim > INTERVAL '5' DAY"),
        ok("SELECT SUM(GREATEST(fixed, 0)) FROM readings"),
        ok("SELECT SUM(COALESCE(fixed, 0) * 2) FROM readings"),
        ok(
            "SELECT AVG(m) FROM (SELECT employee_id, MAX(fixed) * 2 AS m FROM readings GROUP BY"
                + " employee_id) t"),
        // abs, floor, ceil, round and sign never fail on a double, nor abs and sign on a
        // numeric, whatever its value (NaN, ±Infinity, the largest double, 10^1000)
        ok("SELECT SUM(ABS(ratio)) FROM readings"),
        ok("SELECT SUM(FLOOR(ratio)) FROM readings"),
        ok("SELECT SUM(CEIL(half)) FROM readings"),
        ok("SELECT SUM(ROUND(ratio)) FROM readings"),
        ok("SELECT SUM(SIGN(ratio)) FROM readings"),
        ok("SELECT SUM(ABS(amount)) FROM readings"),
        ok("SELECT SUM(SIGN(amount)) FROM readings"),
        // 'infinity' dates and timestamps: EXTRACT gives ±Infinity or NULL, which pass through
        ok("SELECT COUNT(*) FROM readings WHERE EXTRACT(YEAR FROM due) > 2000"),
        ok("SELECT SUM(EXTRACT(MONTH FROM due)) FROM readings"),
        ok("SELECT SUM(CAST(EXTRACT(YEAR FROM since) AS BIGINT)) FROM customers"), // cast dropped
        ok(
            "SELECT SUM(CASE WHEN EXTRACT(YEAR FROM since) BETWEEN 1900 AND 2100 THEN"
                + " CAST(EXTRACT(YEAR FROM since) AS INTEGER) END) FROM customers"),
        ok("SELECT COUNT(*) FROM readings WHERE CAST(taken AS DATE) = DATE '2021-01-01'"),
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
}
