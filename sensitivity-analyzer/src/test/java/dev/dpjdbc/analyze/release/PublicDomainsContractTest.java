package dev.dpjdbc.analyze.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import dev.dpjdbc.analyze.plan.ParameterSource;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.analyze.rewrite.Backend;
import dev.dpjdbc.policy.Policy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Public group domains of issue 9, planned by the {@link RelationalPlanner} and checked against the
 * backend: derived domains (date_trunc, CAST(ts AS DATE), Grafana's epoch buckets) hold the values
 * the backend returns for the key, in the representation the driver matches ({@link KeyEquality});
 * foreign keys to public tables and columns of public tables get the public table's values; a
 * private table's values never become a domain.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PublicDomainsContractTest {
  static final String POLICY =
      """
      tables:
        depts: {public: true}
        staff: {privacy_unit: id}
      """;

  Connection connection;
  RelationalPlanner planner;

  abstract Connection open() throws SQLException;

  abstract boolean postgres();

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    try (Statement s = connection.createStatement()) {
      s.execute(
          "CREATE TABLE depts (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL,"
              + " building VARCHAR(1) NOT NULL)");
      s.execute(
          "INSERT INTO depts VALUES (1, 'Eng', 'A'), (2, 'Ops', 'A'), (3, 'Law', 'B'),"
              + " (4, 'Empty', 'C')");
      // private (not public in the policy): its values must never become a domain
      s.execute("CREATE TABLE teams (id INTEGER PRIMARY KEY, label VARCHAR(10) NOT NULL)");
      s.execute("INSERT INTO teams VALUES (10, 'red'), (20, 'blue')");
      s.execute(
          "CREATE TABLE staff (id INTEGER PRIMARY KEY,"
              + " dept_id INTEGER NOT NULL REFERENCES depts (id),"
              + " team_id INTEGER REFERENCES teams (id),"
              + " worked DATE NOT NULL CHECK (worked BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'),"
              + " at TIMESTAMP NOT NULL CHECK (at BETWEEN TIMESTAMP '2025-01-01 00:00:00'"
              + " AND TIMESTAMP '2025-03-31 23:59:59'),"
              + " salary INTEGER NOT NULL CHECK (salary BETWEEN 0 AND 1000))");
      s.execute(
          "INSERT INTO staff VALUES"
              + " (1, 1, 10, DATE '2025-01-05', TIMESTAMP '2025-01-05 10:30:00', 100),"
              + " (2, 1, 20, DATE '2025-02-28', TIMESTAMP '2025-02-01 00:00:00', 200),"
              + " (3, 2, NULL, DATE '2025-07-14', TIMESTAMP '2025-02-28 23:59:59', 300),"
              + " (4, 3, 10, DATE '2025-12-31', TIMESTAMP '2025-03-31 23:59:59', 400)");
    }
    planner = planner(POLICY);
  }

  RelationalPlanner planner(String policy) throws SQLException {
    return new RelationalPlanner(
        new ConstraintCatalog(connection),
        Policy.parse(policy, "public domains test policy"),
        Backend.forProduct(connection.getMetaData().getDatabaseProductName()));
  }

  @AfterAll
  void tearDown() throws SQLException {
    connection.close();
  }

  @Test
  void dateTruncMonthOfADate_twelveTimestamps_matchingTheBackend() throws SQLException {
    GroupKey k = key("SELECT date_trunc('month', worked) AS m, COUNT(*) FROM staff GROUP BY 1");
    assertEquals(12, k.domain().size(), k.toString());
    assertEquals(LocalDateTime.of(2025, 1, 1, 0, 0), k.domain().get(0));
    assertEquals(LocalDateTime.of(2025, 12, 1, 0, 0), k.domain().get(11));
    assertTrue(k.domainSource().contains("month grid"), k.domainSource());
    assertBackendKeysInDomain(
        "SELECT date_trunc('month', worked) AS m, COUNT(*) FROM staff GROUP BY 1");
  }

  @Test
  void metabaseAndTableauShapes_matchingTheBackend() throws SQLException {
    String metabase =
        "SELECT CAST(DATE_TRUNC('month', worked) AS date) AS d, count(*) FROM staff"
            + " GROUP BY CAST(DATE_TRUNC('month', worked) AS date)";
    GroupKey k = key(metabase);
    assertEquals(12, k.domain().size());
    assertEquals(LocalDate.of(2025, 1, 1), k.domain().get(0));
    assertBackendKeysInDomain(metabase);
    String tableau =
        "SELECT DATE_TRUNC('MONTH', CAST(at AS TIMESTAMP)) AS m, SUM(salary) FROM staff GROUP BY 1";
    assertTrue(key(tableau).domain().contains(LocalDateTime.of(2025, 3, 1, 0, 0)));
    assertBackendKeysInDomain(tableau);
  }

  @Test
  void weeksAreIsoWeeks_onBothBackends() throws SQLException {
    String sql = "SELECT date_trunc('week', worked) AS w, COUNT(*) FROM staff GROUP BY 1";
    GroupKey k = key(sql);
    assertEquals(LocalDateTime.of(2024, 12, 30, 0, 0), k.domain().get(0), "a Monday");
    assertBackendKeysInDomain(sql);
  }

  @Test
  void castOfATimestampToDate_narrowedByTheQuerysWhere() throws SQLException {
    String sql =
        "SELECT CAST(at AS DATE) AS d, COUNT(*) FROM staff WHERE at >= TIMESTAMP '2025-02-01"
            + " 00:00:00' AND at <= TIMESTAMP '2025-02-28 23:59:59' GROUP BY CAST(at AS DATE)";
    GroupKey k = key(sql);
    assertEquals(28, k.domain().size(), k.domain().toString());
    assertEquals(LocalDate.of(2025, 2, 1), k.domain().get(0));
    assertBackendKeysInDomain(sql);
    // a half-open range, as BI tools write it: the strict end excludes March 1
    String halfOpen =
        "SELECT CAST(at AS DATE) AS d, COUNT(*) FROM staff WHERE at >= TIMESTAMP '2025-02-01"
            + " 00:00:00' AND at < TIMESTAMP '2025-03-01 00:00:00' GROUP BY CAST(at AS DATE)";
    GroupKey h = key(halfOpen);
    assertEquals(28, h.domain().size(), h.domain().toString());
    assertEquals(LocalDate.of(2025, 2, 28), h.domain().get(27));
    String strict =
        "SELECT CAST(at AS DATE), COUNT(*) FROM staff WHERE at > TIMESTAMP '2025-03-31 00:00:00'"
            + " GROUP BY 1";
    assertEquals(List.of(LocalDate.of(2025, 3, 31)), key(strict).domain());
  }

  @Test
  void grafanaEpochBuckets_multiplesInTheInterval() throws SQLException {
    String sql =
        "SELECT floor(extract(epoch from at)/86400)*86400 AS t, count(*) FROM staff GROUP BY 1";
    GroupKey k = key(sql);
    assertEquals(90, k.domain().size(), "the days of 2025-01-01 .. 2025-03-31");
    assertBackendKeysInDomain(sql);
  }

  @Test
  void extractFields_fromTheFunctionOrTheBoundedColumn_matchingTheBackend() throws SQLException {
    String[][] cases = {
      {"DOW", "8"}, {"HOUR", "24"}, {"QUARTER", "4"}, {"YEAR", "1"}, {"MONTH", "12"}
    };
    for (String[] c : cases) {
      String source = c[0].equals("HOUR") ? "at" : "worked";
      String sql =
          "SELECT EXTRACT(" + c[0] + " FROM " + source + ") AS f, COUNT(*) FROM staff GROUP BY 1";
      assertEquals(Integer.parseInt(c[1]), key(sql).domain().size(), sql);
      assertBackendKeysInDomain(sql);
    }
  }

  @Test
  void domainLargerThanTheLimit_isNone() throws SQLException {
    RelationalPlanner small = planner(POLICY + "groups: {max_domain_values: 5}\n");
    // no public domain: the groups are released by partition selection instead
    assertTrue(
        small.plan("SELECT date_trunc('month', worked), COUNT(*) FROM staff GROUP BY 1").selects());
    assertEquals(
        4,
        small
            .plan("SELECT dept_id, COUNT(*) FROM staff GROUP BY dept_id")
            .groupKeys()
            .get(0)
            .domain()
            .size(),
        "4 departments fit");
  }

  @Test
  void publicTableWithMoreValuesThanTheLimit_noDomain() throws SQLException {
    RelationalPlanner small = planner(POLICY + "groups: {max_domain_values: 3}\n");
    for (String sql :
        List.of(
            "SELECT dept_id, COUNT(*) FROM staff GROUP BY dept_id",
            "SELECT d.name, COUNT(*) FROM staff s JOIN depts d ON d.id = s.dept_id"
                + " GROUP BY d.name")) {
      assertTrue(small.plan(sql).selects(), sql); // no domain: partition selection
    }
    assertEquals(
        List.of("A", "B", "C"),
        small
            .plan(
                "SELECT d.building, COUNT(*) FROM staff s JOIN depts d ON d.id = s.dept_id"
                    + " GROUP BY d.building")
            .groupKeys()
            .get(0)
            .domain(),
        "3 buildings fit");
  }

  @Test
  void foreignKeyToAPublicTable_itsKeysEmptyOnesIncluded() throws SQLException {
    GroupKey k = key("SELECT dept_id, COUNT(*) FROM staff GROUP BY dept_id");
    assertEquals(List.of(1, 2, 3, 4), k.domain());
    assertTrue(
        k.domainSource()
            .toLowerCase(java.util.Locale.ROOT)
            .contains("keys of public table depts via fk staff.dept_id"),
        k.domainSource());
  }

  @Test
  void columnsOfThePublicTableThroughTheJoin_distinctValues() throws SQLException {
    GroupKey b =
        key(
            "SELECT d.building, SUM(s.salary) FROM staff s JOIN depts d ON d.id = s.dept_id"
                + " GROUP BY d.building");
    assertEquals(List.of("A", "B", "C"), b.domain());
    GroupKey n =
        key(
            "SELECT d.name, COUNT(*) FROM staff s LEFT JOIN depts d ON s.dept_id = d.id"
                + " GROUP BY d.name");
    assertTrue(
        n.domain().containsAll(List.of("Empty", "Eng", "Law", "Ops")), n.domain().toString());
  }

  @Test
  void foreignKeyToAPrivateTable_noDomain_itsValuesNeverRead() throws SQLException {
    // every statement the analyzer prepares on its catalog connection, recorded
    List<String> prepared = new ArrayList<>();
    Connection recording =
        (Connection)
            java.lang.reflect.Proxy.newProxyInstance(
                Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("close")) {
                    return null; // the test's connection stays open
                  }
                  if (method.getName().startsWith("prepare") && args != null) {
                    prepared.add(String.valueOf(args[0]));
                  }
                  try {
                    return method.invoke(connection, args);
                  } catch (java.lang.reflect.InvocationTargetException x) {
                    throw x.getCause();
                  }
                });
    RelationalPlanner watched =
        new RelationalPlanner(
            new ConstraintCatalog(() -> recording),
            Policy.parse(POLICY, "public domains test policy"),
            Backend.forProduct(connection.getMetaData().getDatabaseProductName()));
    String sql = "SELECT team_id, COUNT(*) FROM staff GROUP BY team_id";
    // no public domain: the groups are released by partition selection, never from the values
    // of the private table the foreign key references
    assertTrue(watched.plan(sql).selects(), sql);
    for (String p : prepared) {
      assertFalse(p.toLowerCase(java.util.Locale.ROOT).contains("teams"), p);
    }
    // the control: a foreign key to the public table reads it
    watched.plan("SELECT dept_id, COUNT(*) FROM staff GROUP BY dept_id");
    assertTrue(
        prepared.stream()
            .anyMatch(
                p ->
                    p.toLowerCase(java.util.Locale.ROOT).startsWith("select distinct")
                        && p.toLowerCase(java.util.Locale.ROOT).contains(".\"depts\"")),
        prepared.toString());
  }

  @Test
  void widthBucket_postgresOnly_zeroToNPlusOne() throws SQLException {
    String sql = "SELECT width_bucket(salary, 0, 1000, 4) AS b, COUNT(*) FROM staff GROUP BY 1";
    if (!postgres()) {
      SQLException e = assertThrows(SQLException.class, () -> planner.plan(sql));
      assertEquals("0A000", e.getSQLState(), e.getMessage());
      return;
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 5), key(sql).domain());
    assertBackendKeysInDomain(sql);
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                planner.plan(
                    "SELECT width_bucket(salary, 5, 5, 4), COUNT(*) FROM staff GROUP BY 1"));
    assertFalse(e.getMessage().isEmpty());
  }

  private GroupKey key(String sql) throws SQLException {
    PrivacyPlan plan = planner.plan(sql);
    return plan.groupKeys().get(0);
  }

  /** Runs the rewritten SQL and checks every backend key equals a domain value in its type. */
  private void assertBackendKeysInDomain(String sql) throws SQLException {
    PrivacyPlan plan = planner.plan(sql);
    GroupKey k = plan.groupKeys().get(0);
    Set<Object> domain = new HashSet<>();
    for (Object v : k.domain()) {
      domain.add(KeyEquality.canonical(k, v).orElseThrow());
    }
    List<Object> seen = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement(plan.rewrittenSql())) {
      List<ParameterSource> params = plan.rewritten().parameters();
      for (int i = 0; i < params.size(); i++) {
        ParameterSource.Constant c = (ParameterSource.Constant) params.get(i);
        ps.setObject(i + 1, c.value(), c.jdbcType());
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Object v = KeyEquality.readsText(k) ? rs.getString(1) : rs.getObject(1);
          seen.add(v);
          assertTrue(
              KeyEquality.canonical(k, v).map(domain::contains).orElse(false),
              "backend key " + v + " not in the domain " + k.domain() + "\n" + plan.rewrittenSql());
        }
      }
    }
    assertFalse(seen.isEmpty(), plan.rewrittenSql());
  }
}
