package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.Psql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code SET dp.intervals = on} through the proxy: psql prints the interval columns, pgJDBC's
 * describe (RowDescription before execution) and its rows agree. Deterministic: only the order low
 * ≤ value ≤ high is checked, which holds for every draw.
 */
class ProxyIntervalsIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(1000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void psql_printsTheIntervalColumns() throws Exception {
    Psql.Result r =
        fixture.psql(
            "SET dp.intervals = on; SELECT region, COUNT(*) AS n FROM employees GROUP BY region"
                + " ORDER BY region;\n");
    assertEquals(0, r.exitCode(), r.all());
    String header = r.out().lines().filter(l -> l.contains("region")).findFirst().orElse("");
    assertTrue(
        header.matches("\\s*region\\s*\\|\\s*n\\s*\\|\\s*n_ci_low\\s*\\|\\s*n_ci_high\\s*"),
        r.all());
    assertTrue(r.out().contains("(4 rows)"), r.all());
  }

  @Test
  void pgjdbc_describeAndRowsCarryTheIntervalColumns() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement()) {
      s.execute("SET dp.intervals = on");
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT AVG(salary) AS a, COUNT(*) AS n, COUNT(*) * 2 AS twice FROM employees"
                  + " WHERE age > ?")) {
        ResultSetMetaData md = ps.getMetaData();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          labels.add(md.getColumnLabel(i));
        }
        assertEquals(
            List.of(
                "a",
                "a_ci_low",
                "a_ci_high",
                "n",
                "n_ci_low",
                "n_ci_high",
                "twice",
                "twice_ci_low",
                "twice_ci_high"),
            labels);
        assertEquals("int8", md.getColumnTypeName(5));
        assertEquals("float8", md.getColumnTypeName(2));
        ps.setInt(1, 30);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          long n = rs.getLong("n");
          assertTrue(rs.getLong("n_ci_low") <= n && n <= rs.getLong("n_ci_high"));
          double a = rs.getDouble("a");
          assertTrue(rs.getDouble("a_ci_low") <= a && a <= rs.getDouble("a_ci_high"));
          assertNull(rs.getObject("twice_ci_low"), "an expression over an aggregate: NULL");
        }
      }
    }
  }
}
