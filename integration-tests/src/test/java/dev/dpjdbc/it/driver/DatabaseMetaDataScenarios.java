package dev.dpjdbc.it.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.it.clients.MetaDataCalls;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The driver door's DatabaseMetaData: every method answers where the backend's own driver does,
 * getIndexInfo's statistics are NULL, and each advertised capability matches what dpjdbc really
 * accepts (true works, false is refused with a SQLState).
 */
abstract class DatabaseMetaDataScenarios extends ScenarioBase {

  private String name(Connection c, String n) throws SQLException {
    return c.getMetaData().storesUpperCaseIdentifiers() ? n.toUpperCase() : n;
  }

  @Test
  void everyMethod_answersWhereTheBackendDoes() throws Exception {
    Map<String, String> dp;
    Map<String, String> direct;
    try (Connection c = dp()) {
      dp = MetaDataCalls.callAll(c, name(c, "public"), name(c, "employees"), name(c, "visits"));
    }
    try (Connection c = backend.direct()) {
      direct = MetaDataCalls.callAll(c, name(c, "public"), name(c, "employees"), name(c, "visits"));
    }
    assertTrue(dp.size() > 170, "all methods called: " + dp.size());
    List<String> wrong = new ArrayList<>();
    dp.forEach(
        (method, outcome) -> {
          if (!outcome.startsWith("ok")
              && !(outcome.equals("unsupported") && direct.get(method).equals("unsupported"))) {
            wrong.add(method + " -> " + outcome + " (backend: " + direct.get(method) + ")");
          }
        });
    assertEquals(List.of(), wrong);
    String index = dp.get("getIndexInfo(String,String,String,boolean,boolean)");
    assertTrue(index.contains("statistics=null"), index);
  }

  @Test
  void advertisedCapabilities_matchWhatTheDriverAccepts() throws Exception {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      DatabaseMetaData md = c.getMetaData();
      assertTrue(md.isReadOnly());
      assertTrue(c.isReadOnly());
      assertFalse(md.allTablesAreSelectable());
      assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM employees"));

      assertFalse(md.supportsBatchUpdates());
      SQLException batch = assertThrows(SQLException.class, () -> s.addBatch("SELECT 1"));
      assertNotBlank(batch.getSQLState());

      assertFalse(md.supportsStoredProcedures());
      assertFalse(md.supportsStoredFunctionsUsingCallSyntax());
      assertThrows(SQLFeatureNotSupportedException.class, () -> c.prepareCall("{call f()}"));

      assertFalse(md.supportsSavepoints());
      assertThrows(SQLFeatureNotSupportedException.class, c::setSavepoint);

      assertFalse(md.supportsGetGeneratedKeys());
      SQLException keys =
          assertThrows(
              SQLException.class,
              () -> c.prepareStatement("SELECT 1", Statement.RETURN_GENERATED_KEYS));
      assertEquals("42501", keys.getSQLState());

      assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
      assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
      assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_SENSITIVE));
      assertFalse(
          md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
      assertTrue(
          md.supportsResultSetConcurrency(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY));
      SQLException scroll =
          assertThrows(
              SQLException.class,
              () ->
                  c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
      assertEquals("0A000", scroll.getSQLState());
      assertThrows(
          SQLException.class,
          () -> c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
      try (Statement ok =
          c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
        try (ResultSet rs = ok.executeQuery("SELECT COUNT(*) AS n FROM employees")) {
          assertTrue(rs.next());
        }
      }

      assertTrue(md.supportsTransactions());
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, md.getDefaultTransactionIsolation());
      assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_READ_COMMITTED));
      assertFalse(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
      c.setAutoCommit(false);
      c.commit();
      c.rollback();
      assertEquals(Connection.TRANSACTION_READ_COMMITTED, c.getTransactionIsolation());

      assertFalse(md.supportsMultipleResultSets());
      assertFalse(md.supportsMultipleOpenResults());
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n FROM employees")) {
        assertTrue(rs.next());
      }
      assertFalse(s.getMoreResults(), "one result per statement");

      assertFalse(md.supportsSelectForUpdate());
      assertFalse(md.supportsPositionedUpdate());
      assertFalse(md.supportsAlterTableWithAddColumn());
      SQLException ddl =
          assertThrows(
              SQLException.class, () -> s.execute("ALTER TABLE employees ADD COLUMN x INT"));
      assertNotBlank(ddl.getSQLState());
      SQLException update =
          assertThrows(SQLException.class, () -> s.executeUpdate("DELETE FROM employees"));
      assertEquals("42501", update.getSQLState());
    }
  }

  @Test
  void advertisedGrammar_matchesWhatTheAnalyzerAccepts() throws Exception {
    try (Connection c = dp();
        Statement s = c.createStatement()) {
      DatabaseMetaData md = c.getMetaData();
      assertFalse(md.supportsUnion());
      assertFalse(md.supportsUnionAll());
      assertRefused(
          s,
          "SELECT COUNT(*) AS n FROM employees WHERE age < 30"
              + " UNION ALL SELECT COUNT(*) AS n FROM employees WHERE age >= 30");
      assertFalse(md.supportsSubqueriesInIns());
      assertRefused(
          s,
          "SELECT COUNT(*) AS n FROM employees"
              + " WHERE region IN (SELECT region FROM employees WHERE age > 50)");
      assertFalse(md.supportsSubqueriesInComparisons());
      assertRefused(
          s, "SELECT COUNT(*) AS n FROM employees WHERE age > (SELECT AVG(age) FROM employees)");
      assertFalse(md.supportsSubqueriesInExists());
      assertFalse(md.supportsCorrelatedSubqueries());
      assertRefused(
          s,
          "SELECT COUNT(*) AS n FROM employees e"
              + " WHERE EXISTS (SELECT 1 FROM employees f WHERE f.age = e.age AND f.id <> e.id)");
      assertFalse(md.supportsSubqueriesInQuantifieds());

      assertTrue(md.supportsGroupBy());
      assertTrue(md.supportsGroupByUnrelated());
      assertAnswered(s, "SELECT COUNT(*) AS n FROM employees GROUP BY region");
      assertTrue(md.supportsOrderByUnrelated());
      assertTrue(md.supportsExpressionsInOrderBy());
      assertAnswered(
          s, "SELECT region, COUNT(*) AS n FROM employees GROUP BY region ORDER BY AVG(age)");
      assertTrue(md.supportsColumnAliasing());
      assertAnswered(
          s, "SELECT region AS r, COUNT(*) AS n FROM employees GROUP BY region ORDER BY n");
      assertTrue(md.supportsLikeEscapeClause());
      assertAnswered(s, "SELECT COUNT(*) AS n FROM employees WHERE region LIKE 'N%' ESCAPE '!'");
      assertTrue(md.supportsTableCorrelationNames());
      assertAnswered(s, "SELECT COUNT(*) AS n FROM employees e WHERE e.age > 20");
      assertAnswered(s, "SELECT COUNT(*) AS n FROM (SELECT age FROM employees WHERE age > 30) t");
    }
  }

  private static void assertRefused(Statement s, String sql) {
    SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), sql);
    assertTrue(
        e.getSQLState().equals("0A000") || e.getSQLState().equals("42501"),
        sql + ": " + e.getSQLState());
  }

  private static void assertAnswered(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.getMetaData().getColumnCount() > 0, sql);
    }
  }

  @Test
  void releasedColumns_areReadOnlyNullableNotAutoIncrement() throws Exception {
    try (Connection c = dp();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT region, COUNT(*) AS n, AVG(salary) AS a FROM employees GROUP BY region");
        ResultSet rs = ps.executeQuery()) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        assertTrue(md.isReadOnly(i));
        assertFalse(md.isWritable(i));
        assertFalse(md.isDefinitelyWritable(i));
        assertFalse(md.isAutoIncrement(i));
        assertEquals(ResultSetMetaData.columnNullable, md.isNullable(i));
      }
      SQLException write =
          assertThrows(
              SQLException.class,
              () -> {
                rs.next();
                rs.updateLong(2, 1L);
              });
      assertNotBlank(write.getSQLState());
    }
  }

  private static void assertNotBlank(String state) {
    assertTrue(state != null && !state.isBlank(), "a SQLState");
  }
}
