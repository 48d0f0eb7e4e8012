package dev.dpjdbc.it.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGStatement;

/** pgJDBC (the extended protocol with its default settings) against the proxy. */
class ProxyPgJdbcIT {
  static ProxyFixture fixture;

  @BeforeAll
  static void start() throws Exception {
    fixture = ProxyFixture.start(10_000.0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void parameterisedAggregate_returnsNoisyCountAndCostWarning() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps =
            c.prepareStatement("SELECT COUNT(*) FROM employees WHERE age >= ? AND region = ?")) {
      ps.setInt(1, 40);
      ps.setString(2, "N");
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        assertEquals(Types.BIGINT, rs.getMetaData().getColumnType(1));
        long noisy = rs.getLong(1);
        assertTrue(noisy > 0 && noisy < 5000, "noisy count " + noisy);
      }
      SQLWarning w = ps.getWarnings();
      assertNotNull(w, "the cost NOTICE arrives as a SQLWarning");
      assertTrue(w.getMessage().contains("epsilon"), w.getMessage());
    }
  }

  @Test
  void preparedStatement_executedTenTimes_switchesToServerPrepared() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps =
            c.prepareStatement("SELECT AVG(salary) AS avg_salary FROM employees WHERE age < ?")) {
      for (int i = 0; i < 10; i++) {
        ps.setInt(1, 30 + i);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          double avg = rs.getDouble("avg_salary");
          assertTrue(avg > 0 && avg < 200_000, "avg " + avg);
        }
      }
      assertTrue(
          ps.unwrap(PGStatement.class).isUseServerPrepare(),
          "past prepareThreshold=5 pgJDBC uses a named server-prepared statement");
    }
  }

  /**
   * {@code LIMIT ?} over the extended protocol (Parse with an int4 parameter, Bind, Execute), past
   * the prepare threshold too, with a date filter in PostgreSQL's interval syntax: the groups are
   * the region's public domain in order, so the LIMIT keeps E and N whatever the noise.
   */
  @Test
  void limitParameter_andIntervalFilter_overTheExtendedProtocol() throws Exception {
    String sql =
        "SELECT region, COUNT(*) FROM employees WHERE hired > CURRENT_DATE - INTERVAL '100 years'"
            + " GROUP BY region ORDER BY region LIMIT ?";
    try (Connection c = fixture.pgjdbc("");
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < 6; i++) {
        ps.setInt(1, 2);
        List<String> regions = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            regions.add(rs.getString(1));
          }
        }
        assertEquals(List.of("E", "N"), regions);
      }
      assertTrue(ps.unwrap(PGStatement.class).isUseServerPrepare());
      ps.setInt(1, -1);
      SQLException e = assertThrows(SQLException.class, ps::executeQuery);
      assertEquals("2201W", e.getSQLState(), e.getMessage());
    }
  }

  /**
   * A private GROUP BY key (name has no domain; 'employee i', one person per name) over the wire:
   * answered by partition selection with its cost NOTICE, no group of one person released; with δ =
   * 0 refused (22023) before any charge. False failure: each of the 5000 one-person groups is
   * released with probability π(1) = δ_s = 5e-11 (δ = 1e-10, halved): ≤ 2.5e-7.
   */
  @Test
  void privateGroupKey_answeredByPartitionSelection_andDeltaZeroRefused() throws Exception {
    String sql = "SELECT name, COUNT(*) FROM employees GROUP BY name";
    try (Connection c = fixture.pgjdbc("");
        Statement s = c.createStatement()) {
      s.execute("SET dp.delta = 0");
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close());
      assertEquals("22023", e.getSQLState(), e.getMessage());
      s.execute("SET dp.delta = 1e-10");
      try (ResultSet rs = s.executeQuery(sql)) {
        assertFalse(rs.next(), "a group of one person was released");
      }
      SQLWarning w = s.getWarnings();
      assertNotNull(w, "the cost NOTICE arrives as a SQLWarning");
      assertTrue(w.getMessage().contains("epsilon"), w.getMessage());
    }
  }

  /**
   * A field-metadata probe (Tableau's {@code WHERE (1 = 0)}) describes each column as the backend
   * does: text stays text, varchar(5) and char(2) keep their names and lengths (the typmod).
   */
  @Test
  void probe_describesCharacterColumnsAsTheBackend() throws Exception {
    try (Connection direct =
            java.sql.DriverManager.getConnection(fixture.backendUrl(), "postgres", "");
        Statement s = direct.createStatement()) {
      s.execute(
          "CREATE TABLE typed_probe (id integer PRIMARY KEY, code varchar(5), grade char(2),"
              + " note text, free varchar)");
    }
    String sql =
        "SELECT * FROM (SELECT id, code, grade, note, free FROM typed_probe) t WHERE (1 = 0)";
    try (Connection direct =
            java.sql.DriverManager.getConnection(fixture.backendUrl(), "postgres", "");
        Connection c = fixture.pgjdbc("")) {
      assertEquals(describe(direct, sql), describe(c, sql));
      assertEquals(
          List.of("int4:10", "varchar:5", "bpchar:2", "text:2147483647", "varchar:2147483647"),
          describe(c, sql));
    }
  }

  private static List<String> describe(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.add(rs.getMetaData().getColumnTypeName(i) + ":" + rs.getMetaData().getPrecision(i));
      }
      return out;
    }
  }

  @Test
  void rowLevelQuery_isRefusedWithSqlState() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        Statement st = c.createStatement()) {
      SQLException e =
          assertThrows(SQLException.class, () -> st.executeQuery("SELECT name FROM employees"));
      assertEquals("42501", e.getSQLState());
      // the connection stays usable after the error (ignore-until-Sync, then ReadyForQuery)
      try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM employees")) {
        assertTrue(rs.next());
      }
    }
  }

  @Test
  void metadata_listsTablesThroughCatalogPassThrough() throws Exception {
    try (Connection c = fixture.pgjdbc("");
        ResultSet rs = c.getMetaData().getTables(null, "public", "employees", null)) {
      assertTrue(rs.next());
      assertEquals("employees", rs.getString("TABLE_NAME"));
    }
  }

  /** What BI tools call to build their schema browsers: all catalog pass-through. */
  @Test
  void metadata_biToolBrowsing_works() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      var md = c.getMetaData();
      List<String> failures = new ArrayList<>();
      String[] names = {
        "getColumns",
        "getPrimaryKeys",
        "getSchemas",
        "getCatalogs",
        "getTableTypes",
        "getIndexInfo",
        "getImportedKeys",
        "getExportedKeys",
        "getTypeInfo",
        "getFunctions",
        "getProcedures",
        "getColumnPrivileges",
        "getTablePrivileges",
        "getVersionColumns",
        "getBestRowIdentifier",
        "getUDTs"
      };
      for (String name : names) {
        try {
          ResultSet rs =
              switch (name) {
                case "getColumns" -> md.getColumns(null, "public", "employees", null);
                case "getPrimaryKeys" -> md.getPrimaryKeys(null, "public", "employees");
                case "getSchemas" -> md.getSchemas();
                case "getCatalogs" -> md.getCatalogs();
                case "getTableTypes" -> md.getTableTypes();
                case "getImportedKeys" -> md.getImportedKeys(null, "public", "employees");
                case "getExportedKeys" -> md.getExportedKeys(null, "public", "departments");
                case "getTypeInfo" -> md.getTypeInfo();
                case "getFunctions" -> md.getFunctions(null, "public", null);
                case "getProcedures" -> md.getProcedures(null, "public", null);
                case "getColumnPrivileges" ->
                    md.getColumnPrivileges(null, "public", "employees", null);
                case "getTablePrivileges" -> md.getTablePrivileges(null, "public", "employees");
                case "getVersionColumns" -> md.getVersionColumns(null, "public", "employees");
                case "getBestRowIdentifier" ->
                    md.getBestRowIdentifier(null, "public", "employees", 0, false);
                default -> md.getUDTs(null, "public", null, null);
              };
          while (rs.next()) {
            rs.getString(1);
          }
          rs.close();
        } catch (SQLException e) {
          failures.add(name + ": " + e.getSQLState() + " " + e.getMessage());
        }
      }
      assertEquals(List.of(), failures);
      try (ResultSet rs = md.getColumns(null, "public", "employees", "salary")) {
        assertTrue(rs.next());
        assertEquals("int4", rs.getString("TYPE_NAME"));
      }
      // getIndexInfo selects pg_class.reltuples/relpages (CARDINALITY, PAGES): answered as NULL
      try (ResultSet rs = md.getIndexInfo(null, "public", "employees", false, true)) {
        assertTrue(rs.next());
        assertEquals("employees_pkey", rs.getString("INDEX_NAME"));
        rs.getLong("CARDINALITY");
        assertTrue(rs.wasNull(), "CARDINALITY is a row count: NULL");
        rs.getLong("PAGES");
        assertTrue(rs.wasNull(), "PAGES is a page count: NULL");
      }
    }
  }

  @Test
  void transaction_commitAndRollback_work() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      c.setAutoCommit(false);
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM employees")) {
        assertTrue(rs.next());
      }
      c.commit();
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  @Test
  void simpleProtocolMode_works() throws Exception {
    try (Connection c = fixture.pgjdbc("?preferQueryMode=simple");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT SUM(salary) FROM employees")) {
      assertTrue(rs.next());
      assertTrue(rs.getDouble(1) > 0);
    }
  }

  @Test
  void fetchSize_usesPortalSuspension() throws Exception {
    try (Connection c = fixture.pgjdbc("")) {
      c.setAutoCommit(false); // pgJDBC only uses row limits inside a transaction
      try (Statement st = c.createStatement()) {
        st.setFetchSize(2);
        try (ResultSet rs =
            st.executeQuery("SELECT oid, typname FROM pg_catalog.pg_type ORDER BY oid")) {
          int rows = 0;
          while (rs.next()) {
            rows++;
          }
          assertTrue(rows > 10, "rows " + rows);
        }
      }
      c.commit();
    }
  }

  @Test
  void twentyConcurrentClients_allGetAnswers() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(20);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int client = 0; client < 20; client++) {
        results.add(
            pool.submit(
                () -> {
                  int answered = 0;
                  try (Connection c = fixture.pgjdbc("");
                      PreparedStatement ps =
                          c.prepareStatement(
                              "SELECT COUNT(*) FROM employees WHERE department = ?")) {
                    for (int i = 0; i < 3; i++) {
                      ps.setString(1, "Sales");
                      try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                          answered++;
                        }
                      }
                    }
                  }
                  return answered;
                }));
      }
      int total = 0;
      for (Future<Integer> f : results) {
        total += f.get(180, TimeUnit.SECONDS);
      }
      assertEquals(60, total);
    } finally {
      pool.shutdownNow();
    }
  }
}
