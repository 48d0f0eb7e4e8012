package dev.dpjdbc.analyze.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.analyze.rewrite.Backend;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The non-finite values the error rule assumes a column can hold ({@link Specials}, read by {@link
 * ErrorFreedom}'s scans) are exactly those the backend stores: for every column of the fixture that
 * could hold one and every non-finite value, the INSERT succeeds on the real backend (H2 2.x,
 * PostgreSQL 14) if and only if the column's fact admits it. So 'NaN' in NUMERIC(6,2) and under
 * {@code CHECK (x >= 0)} is assumed on PostgreSQL, a CHECK with an upper bound excludes NaN, and
 * H2's NUMERIC holds none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoredSpecialsTest {
  private static final String[][] COLUMNS = {
    {"readings", "ratio"},
    {"readings", "gauge"},
    {"readings", "amount"},
    {"readings", "fixed"},
    {"readings", "pos"},
    {"readings", "lim"},
    {"readings", "half"},
    {"readings", "raw"},
    {"readings", "taken"},
    {"readings", "due"},
    {"customers", "since"},
    {"orders", "price"}
  };

  private EmbeddedPostgres postgres;
  private SafetyFixture pg;
  private SafetyFixture h2;

  @BeforeAll
  void setUp() throws SQLException {
    postgres = Postgres.start();
    pg = new SafetyFixture(postgres.getPostgresDatabase().getConnection());
    h2 =
        new SafetyFixture(
            DriverManager.getConnection(
                "jdbc:h2:mem:specials" + System.nanoTime() + ";DB_CLOSE_DELAY=-1"));
    for (SafetyFixture f : List.of(pg, h2)) {
      execute(
          f.connection,
          "INSERT INTO departments VALUES (1, 'D1', 0)",
          "INSERT INTO employees VALUES (1, 1, 1000, 40, DATE '2020-01-01', TRUE, 'N', 1, 'F',"
              + " 10)",
          "INSERT INTO customers VALUES (1, 'N', DATE '2020-01-01')");
    }
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    pg.close();
    h2.close();
    postgres.close();
  }

  Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Backend b : Backend.values()) {
      for (String[] c : COLUMNS) {
        out.add(Arguments.of(b, c[0], c[1]));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}.{2}")
  @MethodSource("cases")
  void assumedSpecials_areExactlyTheStorableOnes(Backend backend, String table, String column)
      throws SQLException {
    SafetyFixture f = backend == Backend.H2 ? h2 : pg;
    SafetyFixture.Split s = f.split("SELECT COUNT(*) FROM " + table);
    TableScan scan = scan(s.root().rel);
    List<String> names = scan.getRowType().getFieldNames();
    int at = -1;
    for (int i = 0; i < names.size(); i++) {
      at = names.get(i).equalsIgnoreCase(column) ? i : at;
    }
    Fact fact = ErrorFreedom.columnFacts(scan, s.analysis(), backend).get(at);
    boolean datetime = column.equals("taken") || column.equals("due") || column.equals("since");
    int stored = 0;
    stored |= stores(f, backend, table, column, datetime ? null : "NaN") ? Fact.NAN : 0;
    stored |=
        stores(f, backend, table, column, datetime ? "infinity" : "Infinity") ? Fact.POS_INF : 0;
    stored |=
        stores(f, backend, table, column, datetime ? "-infinity" : "-Infinity") ? Fact.NEG_INF : 0;
    assertEquals(stored, fact.special(), backend + " " + table + "." + column + ": " + fact);
  }

  /** Whether the backend accepts a row holding {@code value} in {@code column}. */
  private static boolean stores(
      SafetyFixture f, Backend backend, String table, String column, String value)
      throws SQLException {
    if (value == null) {
      return false;
    }
    String literal =
        backend == Backend.H2 && !value.toLowerCase(Locale.ROOT).equals(value)
            ? "CAST('" + value + "' AS DOUBLE PRECISION)"
            : "'" + value + "'";
    String insert =
        switch (table) {
          case "readings" ->
              "INSERT INTO readings (id, employee_id, "
                  + column
                  + ") VALUES (9, 1, "
                  + literal
                  + ")";
          case "customers" ->
              "INSERT INTO customers (id, region, " + column + ") VALUES (9, 'N', " + literal + ")";
          default ->
              "INSERT INTO orders (id, customer_id, qty, placed, "
                  + column
                  + ") VALUES (9, 1, 1, TIMESTAMP '2021-01-01 00:00:00', "
                  + literal
                  + ")";
        };
    try {
      execute(f.connection, insert);
    } catch (SQLException e) {
      return false;
    }
    String stored; // H2 converts NaN to 0 for an INTEGER column: the value must be kept as is
    try (Statement st = f.connection.createStatement();
        ResultSet rs = st.executeQuery("SELECT " + column + " FROM " + table + " WHERE id = 9")) {
      rs.next();
      stored = rs.getString(1).toLowerCase(Locale.ROOT);
    }
    execute(f.connection, "DELETE FROM " + table + " WHERE id = 9");
    return stored.equals(value.toLowerCase(Locale.ROOT));
  }

  private static TableScan scan(RelNode rel) {
    if (rel instanceof TableScan t) {
      return t;
    }
    for (RelNode in : rel.getInputs()) {
      TableScan t = scan(in);
      if (t != null) {
        return t;
      }
    }
    return null;
  }

  private static void execute(Connection c, String... statements) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
      }
    }
  }
}
