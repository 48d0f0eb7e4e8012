package dev.dpjdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dpjdbc.driver.execute.Table;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Backend metadata and pass-through values that would leak: getIndexInfo's CARDINALITY/PAGES (the
 * table's row count) and values that are live backend objects (H2's ROW is a ResultSet).
 */
class MetaDataStatisticsTest {
  private static Connection h2() throws SQLException {
    Connection c =
        DriverManager.getConnection(
            "jdbc:h2:mem:mdstats" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)");
      s.execute("CREATE INDEX t_v ON t (v)");
      s.execute("INSERT INTO t SELECT X, X FROM SYSTEM_RANGE(1, 23)");
    }
    return c;
  }

  @Test
  void getIndexInfo_cardinalityAndPages_areNulled() throws SQLException {
    try (Connection c = h2();
        ResultSet rs = c.getMetaData().getIndexInfo(null, "PUBLIC", "T", false, true)) {
      Table raw = Table.copyOf(rs);
      int card = -1;
      for (int i = 0; i < raw.columns().size(); i++) {
        if (raw.columns().get(i).label().equalsIgnoreCase("CARDINALITY")) {
          card = i;
        }
      }
      assertEquals(23L, ((Number) raw.rows().get(0)[card]).longValue(), "H2 reports the row count");
      Table hidden = MetaDataWrapper.withoutStatistics(raw);
      assertFalse(hidden.rows().isEmpty());
      for (Object[] row : hidden.rows()) {
        assertNull(row[card]);
      }
      assertEquals(raw.columns(), hidden.columns());
    }
  }

  @Test
  void copyOf_rowValue_isNotALiveBackendResultSet() throws SQLException {
    try (Connection c = h2();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT ROW(1, 2)")) {
      Table t = Table.copyOf(rs);
      assertFalse(t.rows().get(0)[0] instanceof ResultSet);
    }
  }
}
