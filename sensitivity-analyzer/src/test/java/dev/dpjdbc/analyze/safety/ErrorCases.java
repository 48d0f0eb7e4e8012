package dev.dpjdbc.analyze.safety;

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

  static Allowed ok(String sql, Object... params) {
    return new Allowed(sql, Arrays.asList(params));
  }

  static Refused no(String sql, String fragment, String... witness) {
    return new Refused(
        sql, fragment, List.of(), witness.length == 0 ? null : List.of(witness), false);
  }

  static Refused noWith(String sql, String fragment, List<Object> params, String... w) {
    return new Refused(sql, fragment, params, List.of(w), false);
  }

  static Refused anyRow(String sql, String fragment, String... witness) {
    return new Refused(sql, fragment, List.of(), List.of(witness), true);
  }

  static List<Allowed> allowed() {
    return AllowedCases.all();
  }

  static List<Refused> refused() {
    List<Refused> all = new java.util.ArrayList<>(RefusedCases.all());
    all.addAll(NonFiniteCases.refused());
    return all;
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
