package dev.dpjdbc.analyze.safety;

import static dev.dpjdbc.analyze.safety.ErrorCases.customer;
import static dev.dpjdbc.analyze.safety.ErrorCases.no;
import static dev.dpjdbc.analyze.safety.ErrorCases.reading;

import dev.dpjdbc.analyze.safety.ErrorCases.Refused;
import java.util.ArrayList;
import java.util.List;

/**
 * Refused queries that fail on NaN or ±Infinity only, with the rows that make PostgreSQL raise the
 * error: 'NaN' in a NUMERIC(6,2) column or under a one-sided CHECK, 'infinity' dates (see {@link
 * ErrorCases}). Before the error rule knew these values, every one of them was planned.
 */
final class NonFiniteCases {
  private NonFiniteCases() {}

  static List<Refused> refused() {
    List<Refused> r = new ArrayList<>();
    // NaN and ±Infinity: numeric(p,s) holds NaN, a lower CHECK admits NaN (and +Infinity for a
    // float), unconstrained numeric and float hold ±Infinity, dates and timestamps ±infinity
    r.add(no("SELECT SUM(CAST(fixed AS INTEGER)) FROM readings", "NaN", reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE CAST(pos AS INTEGER) > 3",
            "NaN",
            reading("pos", "'NaN'")));
    r.add(no("SELECT SUM(CAST(fixed AS BIGINT)) FROM readings", "NaN", reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(pos * 2 + 1 AS SMALLINT)) FROM readings",
            "NaN",
            reading("pos", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(ROUND(fixed) AS INTEGER)) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(CAST(fixed AS DOUBLE PRECISION) AS INTEGER)) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CASE WHEN pos >= 0 THEN CAST(pos AS INTEGER) END) FROM readings",
            "NaN",
            reading("pos", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CASE WHEN fixed <> 0 THEN CAST(fixed AS INTEGER) END) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(GREATEST(fixed, 0) AS INTEGER)) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(LEAST(fixed, lim) AS INTEGER)) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(COALESCE(fixed, 0) AS INTEGER)) FROM readings",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT AVG(m) FROM (SELECT employee_id, CAST(MAX(fixed) AS INTEGER) AS m FROM readings"
                + " GROUP BY employee_id) t",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE CAST(half AS INTEGER) > 3",
            "CAST",
            reading("half", "'NaN'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE to_timestamp(fixed) > now()",
            "to_timestamp",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT COUNT(*) FROM readings WHERE INTERVAL '1' DAY * fixed > INTERVAL '5' DAY",
            "NaN",
            reading("fixed", "'NaN'")));
    r.add(
        no(
            "SELECT SUM(CAST(EXTRACT(YEAR FROM since) AS INTEGER)) FROM customers",
            "infinity",
            customer("since", "'infinity'")));
    r.add(
        no(
            "SELECT SUM(CAST(EXTRACT(YEAR FROM due) - 2000 AS INTEGER)) FROM readings",
            "infinity",
            reading("due", "'-infinity'")));
    r.add(
        no(
            "SELECT SUM(CAST(EXTRACT(YEAR FROM since) / 2 AS INTEGER)) FROM customers",
            "infinity",
            customer("since", "'infinity'")));
    r.add(
        no(
            "SELECT SUM(CAST(EXTRACT(EPOCH FROM taken) AS NUMERIC(20,2))) FROM readings",
            "infinity",
            reading("taken", "'infinity'")));
    return r;
  }
}
