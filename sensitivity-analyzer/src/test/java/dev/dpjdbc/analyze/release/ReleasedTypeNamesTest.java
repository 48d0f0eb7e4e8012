package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Released columns that are plain copies of a catalog column carry the backend's own type name
 * ({@code text} stays {@code text}, not Calcite's {@code varchar}), in a probe, a group key with a
 * public domain and one released by partition selection, each compared with the name the backend
 * itself gives the same column; computed columns keep the Calcite type's name.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReleasedTypeNamesTest {
  private static final String POLICY =
      """
      tables:
        people: {privacy_unit: id}
      """;

  private EmbeddedPostgres postgres;
  private Connection pg;
  private Connection h2;

  @BeforeAll
  void setUp() throws SQLException, IOException {
    postgres = EmbeddedPostgres.builder().start();
    pg = postgres.getPostgresDatabase().getConnection();
    h2 = DriverManager.getConnection("jdbc:h2:mem:typenames" + System.nanoTime());
    try (Statement s = pg.createStatement()) {
      s.execute(
          "CREATE TABLE people (id INTEGER PRIMARY KEY,"
              + " city TEXT NOT NULL CHECK (city IN ('Oslo', 'Rome')),"
              + " code VARCHAR(5), grade CHAR(2), hired DATE,"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 1000))");
    }
    try (Statement s = h2.createStatement()) {
      s.execute(
          "CREATE TABLE people (id INTEGER PRIMARY KEY,"
              + " city VARCHAR(10) NOT NULL CHECK (city IN ('Oslo', 'Rome')),"
              + " code VARCHAR(5), grade CHAR(2), hired DATE,"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 1000))");
    }
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    pg.close();
    h2.close();
    postgres.close();
  }

  private static PrivacyPlan plan(Connection c, String sql) throws SQLException {
    return new RelationalPlanner(
            new ConstraintCatalog(c),
            Policy.parse(POLICY, "type names test policy"),
            Backend.forProduct(c.getMetaData().getDatabaseProductName()))
        .plan(sql);
  }

  private static List<String> names(List<OutputColumn> columns) {
    return columns.stream().map(OutputColumn::typeName).toList();
  }

  /** The type names the backend itself gives {@code sql}'s columns. */
  private static List<String> backendNames(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        out.add(md.getColumnTypeName(i));
      }
      return out;
    }
  }

  @Test
  void tableauFieldMetadataProbe_postgres_backendNames() throws SQLException {
    String sql = "SELECT * FROM (SELECT id, city, code, grade, hired FROM people) t WHERE (1 = 0)";
    PrivacyPlan p = plan(pg, sql);
    assertEquals(List.of("int4", "text", "varchar", "bpchar", "date"), names(p.post().columns()));
    assertEquals(backendNames(pg, sql), names(p.post().columns()));
    assertEquals(
        List.of(-1, -1, 9, 6, -1), p.post().columns().stream().map(OutputColumn::typeMod).toList());
  }

  @Test
  void publicDomainKey_postgres_text() throws SQLException {
    String sql = "SELECT city, COUNT(*) AS n FROM people GROUP BY city";
    PrivacyPlan p = plan(pg, sql);
    GroupKey k = p.groupKeys().get(0);
    assertEquals("text", k.typeName());
    assertEquals("text", p.outputs().get(0).typeName());
    assertEquals(List.of("text", "int8"), names(p.post().columns()));
    assertEquals(backendNames(pg, sql), names(p.post().columns()));
  }

  @Test
  void selectedKeysThroughASubquery_postgres_backendNames() throws SQLException {
    String sql =
        "SELECT t.code, t.grade, SUM(t.salary) AS s FROM (SELECT code, grade, salary FROM people)"
            + " t GROUP BY t.code, t.grade";
    PrivacyPlan p = plan(pg, sql);
    assertEquals(
        List.of("varchar", "bpchar"), p.groupKeys().stream().map(GroupKey::typeName).toList());
    assertEquals(List.of("varchar", "bpchar", "int8"), names(p.post().columns()));
    // varchar(5) and char(2) carry PostgreSQL's atttypmod (length + 4), as the backend's would
    assertEquals(
        List.of(9, 6, -1), p.post().columns().stream().map(OutputColumn::typeMod).toList());
    assertEquals(backendNames(pg, sql), names(p.post().columns()));
  }

  @Test
  void computedKey_keepsTheCalciteName() throws SQLException {
    PrivacyPlan p = plan(pg, "SELECT upper(city) AS u, COUNT(*) FROM people GROUP BY 1");
    assertEquals("varchar", p.post().columns().get(0).typeName());
  }

  @Test
  void h2_keysAndProbe_namedAsH2NamesThem() throws SQLException {
    String probe = "SELECT city, code, grade FROM people WHERE 1 = 0";
    assertEquals(backendNames(h2, probe), names(plan(h2, probe).post().columns()));
    PrivacyPlan p = plan(h2, "SELECT city, COUNT(*) AS n FROM people GROUP BY city");
    assertEquals("CHARACTER VARYING", p.groupKeys().get(0).typeName());
    assertEquals("CHARACTER VARYING", p.post().columns().get(0).typeName());
  }
}
