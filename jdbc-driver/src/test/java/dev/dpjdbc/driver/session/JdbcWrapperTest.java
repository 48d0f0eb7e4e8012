package dev.dpjdbc.driver.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.driver.jdbc.DpConnection;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JDBC wrappers over a real H2 backend and ledger, with {@link
 * SessionPipelineTest#regionCounts} standing in for the analyzer: no way back to backend objects,
 * metadata before = after, read-only refusals, typed getters.
 */
class JdbcWrapperTest {
  private Connection backend;
  private Ledger ledger;
  private DpConnection dp;

  @BeforeEach
  void setUp() throws SQLException {
    String id = UUID.randomUUID().toString();
    backend = DriverManager.getConnection("jdbc:h2:mem:" + id);
    try (Statement s = backend.createStatement()) {
      s.execute("CREATE TABLE employees(id INT PRIMARY KEY, age INT, region VARCHAR(1))");
      s.execute("INSERT INTO employees SELECT x, 20 + MOD(x, 50), 'N' FROM SYSTEM_RANGE(1, 50)");
    }
    ledger = Ledger.open("jdbc:h2:mem:ledger-" + id + ";DB_CLOSE_DELAY=-1");
    Session session =
        new Session(
            "alice",
            new Ledger.Budget(100, 1e-6),
            backend,
            sql -> SessionPipelineTest.regionCounts(),
            ledger,
            new QuerySettings(1.0, 1e-7, Mechanism.LAPLACE, Objective.ABSOLUTE),
            (c, changed) -> {},
            CatalogLink.dataConnectionOnly(backend));
    dp = new DpConnection("jdbc:dp:h2:mem:" + id, session);
  }

  @AfterEach
  void tearDown() throws Exception {
    ledger.close();
    backend.close();
  }

  private static final String Q =
      "SELECT region, COUNT(*) FROM employees WHERE age > ? GROUP BY region ORDER BY region";

  @Test
  void unwrap_refusesBackendTypes_andIdentitiesAreOurs() throws SQLException {
    assertThrows(SQLException.class, () -> dp.unwrap(org.h2.jdbc.JdbcConnection.class));
    assertFalse(dp.isWrapperFor(org.h2.jdbc.JdbcConnection.class));
    assertSame(dp, dp.unwrap(Connection.class));
    Statement s = dp.createStatement();
    assertSame(dp, s.getConnection());
    DatabaseMetaData md = dp.getMetaData();
    assertSame(dp, md.getConnection());
    assertThrows(SQLException.class, () -> md.unwrap(org.h2.jdbc.JdbcDatabaseMetaData.class));
    try (ResultSet rs = md.getTables(null, null, "EMPLOYEES", null)) {
      assertTrue(rs.next());
      assertFalse(rs.isWrapperFor(org.h2.jdbc.JdbcResultSet.class));
    }
  }

  @Test
  void preparedStatement_metadataBeforeEqualsAfter_andTypedGetters() throws SQLException {
    PreparedStatement ps = dp.prepareStatement(Q);
    ResultSetMetaData before = ps.getMetaData();
    assertEquals(1, ps.getParameterMetaData().getParameterCount());
    ps.setInt(1, 0);
    ResultSet rs = ps.executeQuery();
    ResultSetMetaData after = rs.getMetaData();
    for (int i = 1; i <= 2; i++) {
      assertEquals(before.getColumnLabel(i), after.getColumnLabel(i));
      assertEquals(before.getColumnType(i), after.getColumnType(i));
    }
    assertSame(ps, rs.getStatement());
    assertNotNull(rs.getWarnings());
    assertEquals("01000", ps.getWarnings().getSQLState());
    assertTrue(rs.next());
    assertEquals("E", rs.getString("region"));
    assertTrue(rs.getObject(2) instanceof Long);
    assertEquals(rs.getLong(2), rs.getObject(2, Integer.class).longValue());
    assertEquals(rs.getLong(2), rs.getBigDecimal(2).longValueExact());
    assertThrows(SQLException.class, () -> rs.updateLong(2, 0));
    assertThrows(SQLException.class, rs::previous);
  }

  @Test
  void writesAndBatches_refused() throws SQLException {
    Statement s = dp.createStatement();
    assertEquals(
        "42501",
        assertThrows(SQLException.class, () -> s.executeUpdate("DELETE FROM employees"))
            .getSQLState());
    assertEquals("0A000", assertThrows(SQLException.class, () -> s.addBatch(Q)).getSQLState());
    assertEquals(
        "0A000", assertThrows(SQLException.class, () -> dp.prepareCall("CALL f()")).getSQLState());
    assertTrue(dp.getAutoCommit());
    dp.setAutoCommit(false);
    assertTrue(dp.getAutoCommit(), "always auto-commit");
    dp.close();
    assertTrue(dp.isClosed());
    assertThrows(SQLException.class, dp::createStatement);
  }
}
