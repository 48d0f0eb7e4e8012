package dev.dpjdbc.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.OutputColumn;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every backend must satisfy: the rewritten SQL, executed, returns exactly the plain query's
 * aggregates on in-bound data; bounds and per-unit limits are enforced when data violates them;
 * refusals carry their SQLState; labels, types, sensitivities and bound sources are right.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AnalyzerContractTest {
  Connection connection;
  SensitivityAnalyzer analyzer;

  abstract Connection open() throws SQLException;

  /** Backend-specific extra DDL (enums, domains, NOT VALID). */
  void createExtra(Connection c) throws SQLException {}

  @BeforeAll
  void setUp() throws SQLException {
    connection = open();
    AnalyzerFixture.createCommon(connection);
    createExtra(connection);
    try (Statement s = connection.createStatement()) {
      s.execute(
          "INSERT INTO visits VALUES (1, 80, 'web'), (1, 80, 'web'), (1, 80, 'web'),"
              + " (1, 80, 'web'), (1, 80, 'web'), (2, 10, 'shop'), (3, 30, 'web'), (3, 40, 'shop')");
      s.execute(
          "INSERT INTO trips VALUES (1, 'a'), (1, 'b'), (1, 'c'), (1, 'c'), (2, 'a'), (3, 'b')");
    }
    analyzer = SensitivityAnalyzer.create(connection, AnalyzerFixture.policy());
  }

  @AfterAll
  void tearDown() throws SQLException {
    // every query of this contract is planned by the relational analyzer alone
    assertEquals(0, analyzer.oneTableAnswers(), "queries only the one-table planner answered");
    connection.close();
  }

  Stream<String> exactQueries() {
    return AnalyzerFixture.exactQueries().stream();
  }

  @ParameterizedTest
  @MethodSource("exactQueries")
  void rewrite_inBoundData_equalsPlainQuery(String sql) throws SQLException {
    PrivacyPlan plan = analyzer.plan(sql);
    List<List<Object>> viaPlan = AnalyzerFixture.viaPlan(connection, plan);
    List<List<Object>> plain = AnalyzerFixture.plain(connection, sql.replaceAll("LIMIT \\d+", ""));
    // the plan only returns non-empty groups; the driver adds the empty ones
    assertNull(AnalyzerFixture.difference(viaPlan, plain), plan.rewrittenSql());
  }

  @Test
  void plan_repeatedText_isPlannedOnceUntilCatalogRefresh() throws SQLException {
    String sql = "SELECT COUNT(*), AVG(salary) FROM employees WHERE age > ?";
    PrivacyPlan first = analyzer.plan(sql);
    assertSame(first, analyzer.plan(sql), "a repeated query reuses its immutable plan");
    analyzer.refreshCatalog();
    PrivacyPlan replanned = analyzer.plan(sql);
    assertNotSame(first, replanned, "refreshCatalog forgets cached plans");
    assertEquals(first.rewrittenSql(), replanned.rewrittenSql());
    assertEquals(first.rewritten(), replanned.rewritten());
    assertEquals(first.coordinates(), replanned.coordinates());
  }

  @Test
  void rewrite_parameters_keptInOrder() throws SQLException {
    String sql =
        "SELECT COUNT(*), SUM(salary) FROM employees WHERE salary > ? AND region = ? AND age < ?";
    PrivacyPlan plan = analyzer.plan(sql);
    assertEquals(3, plan.parameterCount());
    Object[] params = {40000, "S", 60};
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.viaPlan(connection, plan, params),
            AnalyzerFixture.plain(connection, sql, params)));
  }

  @Test
  void rewrite_policyBoundAndRowLimit_clampAndDropRows() throws SQLException {
    // person 1: five rows of 80 → 2 rows kept, each clamped to the policy max 50
    PrivacyPlan plan = analyzer.plan("SELECT COUNT(*), SUM(amount) FROM visits");
    assertNull(
        AnalyzerFixture.difference(
            List.of(List.of(5L, 180.0)), AnalyzerFixture.viaPlan(connection, plan)));
    // SUM(amount) = SUM(amount - 25) + 25·COUNT(*) (shared coordinates, docs/mechanisms.md):
    // the centred sum's λ is C·h = 2·25, not C·max = 2·50
    assertEquals(List.of(2.0, 50.0), List.of(plan.sensitivities()[0], plan.sensitivities()[1]));
  }

  /**
   * emp_visits names no unit in the policy: its unit follows its foreign key to employees, so COUNT
   * has λ = max_rows_per_unit (3), not 1 (every visit a person), and rows are capped per employee.
   */
  @Test
  void plan_childTableAlone_unitAlongItsForeignKey() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT COUNT(*), SUM(minutes) FROM emp_visits");
    // SUM(minutes) from the shared COUNT(*) and SUM(minutes - 300): λ = 3·300 (shared coordinates)
    assertEquals(List.of(3.0, 900.0), List.of(plan.sensitivities()[0], plan.sensitivities()[1]));
    assertTrue(
        plan.bounds().stream()
            .anyMatch(
                b ->
                    b.what().equals("privacy unit")
                        && b.source()
                            .equalsIgnoreCase( // H2 spells catalog names in upper case
                                "emp_visits.employee_id -> employees.id (primary key)")),
        plan.bounds().toString());
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.viaPlan(connection, plan),
            AnalyzerFixture.plain(connection, "SELECT COUNT(*), SUM(minutes) FROM emp_visits")));
  }

  @Test
  void plan_unitOnlyThroughAJoin_refusedNamingTheJoin() {
    SQLException e =
        assertThrows(
            SQLException.class, () -> analyzer.plan("SELECT COUNT(*) FROM emp_visit_notes"));
    assertEquals("ZD002", e.getSQLState());
    assertTrue(
        e.getMessage()
            .toLowerCase(Locale.ROOT)
            .contains("emp_visits on emp_visit_notes.visit_id = emp_visits.id"),
        e.getMessage());
  }

  @Test
  void plan_twoForeignKeysToUnits_refusedAskingForAPolicyUnit() {
    SQLException e =
        assertThrows(SQLException.class, () -> analyzer.plan("SELECT COUNT(*) FROM emp_pairs"));
    assertTrue(
        e.getMessage()
            .toLowerCase(Locale.ROOT)
            .contains("tables.emp_pairs.privacy_unit: one of a_id, b_id"),
        e.getMessage());
  }

  @Test
  void rewrite_groupLimit_keepsAtMostL0GroupsPerUnit() throws SQLException {
    // person 3 has a web and a shop row; with L0 = 1 only one of them may count
    PrivacyPlan plan = analyzer.plan("SELECT kind, COUNT(*) FROM visits GROUP BY kind");
    assertEquals(1, plan.maxGroupsPerUnit());
    long total = 0;
    for (int i = 0; i < 20; i++) {
      for (List<Object> row : AnalyzerFixture.viaPlan(connection, plan)) {
        total += (Long) row.get(1);
      }
    }
    assertEquals(20 * 4, total);
  }

  /**
   * Which of person 3's two groups is kept is random: over 40 runs both choices appear. Person 3 is
   * the only unit with two groups, so web = 2 + [web chosen]. False-failure probability: 2 · 2^-40
   * ≈ 1.8e-12 (≤ 1e-6) when the choice is a fair coin; it is fair because each group's key is the
   * minimum of one uniform random number (one row per group here).
   */
  @Test
  @org.junit.jupiter.api.Tag("statistical")
  void rewrite_groupLimit_choosesGroupAtRandom() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT kind, COUNT(*) FROM visits GROUP BY kind");
    java.util.Set<Long> webCounts = new java.util.HashSet<>();
    for (int i = 0; i < 40; i++) {
      for (List<Object> row : AnalyzerFixture.viaPlan(connection, plan)) {
        if ("web".equals(row.get(0))) {
          webCounts.add((Long) row.get(1));
        }
      }
    }
    assertEquals(java.util.Set.of(2L, 3L), webCounts);
  }

  @Test
  void plan_mixedAggregates_sensitivitiesLabelsTypesAndSharing() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT COUNT(*), SUM(salary), AVG(salary) AS mean, AVG(age), var_pop(age)"
                + " FROM employees");
    List<String> desc = plan.coordinates().stream().map(Coordinate::description).toList();
    // SUM(salary) is derived from SUM(salary - 100000) and COUNT(*), shared with AVG(salary)
    assertEquals(
        List.of(
            "COUNT(*)",
            "SUM(salary - 100000)",
            "COUNT(age)",
            "SUM(age - 58.5)",
            "SUM((age - 58.5)^2)"),
        normalize(desc));
    assertEquals(
        List.of(1.0, 100000.0, 1.0, 40.5, 40.5 * 40.5),
        java.util.Arrays.stream(plan.sensitivities()).boxed().toList());
    assertEquals(List.of("count", "sum", "mean", "avg", "var_pop"), AnalyzerFixture.labels(plan));
    // PostgreSQL's result types: sum(int4) is int8, avg and var_pop of an integer are numeric
    assertEquals(
        List.of(Types.BIGINT, Types.BIGINT, Types.DECIMAL, Types.DECIMAL, Types.DECIMAL),
        plan.post().columns().stream().map(OutputColumn::jdbcType).toList());
    assertEquals("int8", plan.post().columns().get(0).typeName());
    assertTrue(plan.coordinates().get(0).integral());
    assertTrue(plan.coordinates().stream().allMatch(c -> c.relativeWeight() > 0));
    assertTrue(
        plan.bounds().stream()
            .anyMatch(b -> b.what().equals("[0, 200000]") && b.source().startsWith("CHECK")),
        plan.bounds().toString());
    assertTrue(plan.bounds().stream().anyMatch(b -> b.what().equals("[18, 99]")));
    assertTrue(
        plan.bounds().stream()
            .anyMatch(b -> b.what().equals("privacy unit") && b.source().endsWith("(primary key)")),
        plan.bounds().toString());
  }

  @Test
  void catalog_enumDomainCheckAndIntegerRange_boundAndGroup() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT feeling, COUNT(*), AVG(pct), SUM(level) FROM survey GROUP BY feeling"
                + " ORDER BY feeling");
    assertEquals(List.of("sad", "ok", "happy"), plan.groupKeys().get(0).domain());
    assertTrue(
        plan.groupKeys().get(0).domainSource().startsWith("enum type"),
        plan.groupKeys().get(0).domainSource());
    assertTrue(
        plan.bounds().stream()
            .anyMatch(
                b ->
                    b.what().equals("[0, 100]")
                        && b.source().toLowerCase().startsWith("domain percent")),
        plan.bounds().toString());
    assertTrue(
        plan.bounds().stream()
            .anyMatch(
                b -> b.what().equals("[1, 5]") && b.source().toLowerCase().contains("level_ok")),
        plan.bounds().toString());
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.viaPlan(connection, plan),
            AnalyzerFixture.plain(
                connection,
                "SELECT CAST(feeling AS VARCHAR(10)), COUNT(*), AVG(pct), SUM(level) FROM survey"
                    + " GROUP BY feeling")),
        plan.rewrittenSql());
    PrivacyPlan byLevel = analyzer.plan("SELECT level, COUNT(*) FROM survey GROUP BY level");
    // level is nullable: NULL is a key like any other (empty or not, always released)
    assertEquals(java.util.Arrays.asList(1, 2, 3, 4, 5, null), byLevel.groupKeys().get(0).domain());
  }

  @Test
  void plan_policyBoundWinsOverCheck() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT SUM(amount) FROM visits");
    assertEquals(
        List.of("[0, 50] from policy"),
        plan.bounds().stream()
            .filter(b -> b.column().equalsIgnoreCase("amount"))
            .map(b -> b.what() + " from " + b.source().replaceAll(" .*", ""))
            .toList());
    assertEquals(2 * 50.0, plan.sensitivities()[0]);
  }

  static List<String> normalize(List<String> desc) {
    return desc.stream().map(s -> s.replace("SALARY", "salary").replace("AGE", "age")).toList();
  }

  /**
   * A key without a public domain is released by partition selection: the plan says why, lists no
   * domain, and its SQL ends each group with n, the group's number of distinct units, counted after
   * the L0 limit (each person in one group here, as the policy's L0 is 1).
   */
  @Test
  void plan_privateKey_selectsGroups_andCountsDistinctUnitsAfterL0() throws SQLException {
    PrivacyPlan names = analyzer.plan("SELECT name, COUNT(*) FROM employees GROUP BY name");
    assertTrue(names.selects(), "name has no public domain");
    assertTrue(names.selection().reason().contains("name"), names.selection().reason());
    assertTrue(
        names.selection().counted().startsWith("COUNT(DISTINCT"), names.selection().counted());
    assertEquals(List.of(), names.groupKeys().get(0).domain());
    assertEquals(1, names.maxGroupsPerUnit(), "the documented default L0");
    List<List<Object>> rows = AnalyzerFixture.raw(connection, names);
    assertEquals(40, rows.size(), "one group per name");
    for (List<Object> r : rows) {
      assertEquals(3, r.size(), "key, COUNT(*), n: " + r);
      assertEquals(1L, ((Number) r.get(2)).longValue(), "one person per name: " + r);
    }
    // mixed keys (region has a CHECK domain, name has none): the tuple is selected as a whole
    PrivacyPlan mixed =
        analyzer.plan("SELECT region, name, COUNT(*) FROM employees GROUP BY region, name");
    assertTrue(mixed.selects());
    assertEquals(List.of(), mixed.groupKeys().get(0).domain(), "no domain product released");
    assertEquals(40, AnalyzerFixture.raw(connection, mixed).size(), "only the non-empty tuples");
    // person 1 has trips to a, b, c: L0 = 1 (the default) keeps one of them, so the groups'
    // distinct-unit counts add up to the 3 people
    PrivacyPlan trips = analyzer.plan("SELECT place, COUNT(*) FROM trips GROUP BY place");
    assertTrue(trips.selects());
    assertEquals(1, trips.maxGroupsPerUnit());
    long units = 0;
    for (List<Object> r : AnalyzerFixture.raw(connection, trips)) {
      long n = ((Number) r.get(2)).longValue();
      assertTrue(n >= 1 && ((Number) r.get(1)).longValue() <= n, "C = 1 per unit: " + r);
      units += n;
    }
    assertEquals(3, units, "3 people, each in at most L0 = 1 group");
    // public keys whose product is within groups.max_public_groups: the domain, no selection
    assertFalse(analyzer.plan("SELECT region, COUNT(*) FROM employees GROUP BY region").selects());
  }

  @Test
  void plan_groupKeys_publicDomainsFromCheckPolicyAndBoolean() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT region, dept AS d, remote, COUNT(*) FROM employees GROUP BY region, dept,"
                + " remote ORDER BY d DESC, count LIMIT 3 OFFSET 1");
    assertEquals(List.of("N", "S", "E", "W"), key(plan, "region").domain());
    assertTrue(
        key(plan, "region").domainSource().startsWith("CHECK"), key(plan, "region").domainSource());
    assertEquals(List.of(1, 2, 3), key(plan, "dept").domain());
    assertEquals("policy values", key(plan, "dept").domainSource());
    assertEquals(List.of(true, false), key(plan, "remote").domain());
    assertEquals(List.of("region", "d", "remote", "count"), AnalyzerFixture.labels(plan));
    // ORDER BY d DESC, count LIMIT 3 OFFSET 1 over the 4 × 3 × 2 released groups
    List<List<Object>> rows = AnalyzerFixture.released(connection, plan);
    assertEquals(3, rows.size());
    for (int i = 1; i < rows.size(); i++) {
      assertTrue(
          ((Number) rows.get(i - 1).get(1)).intValue() >= ((Number) rows.get(i).get(1)).intValue(),
          rows.toString());
    }
    assertTrue(plan.bounds().stream().map(BoundUse::what).anyMatch(w -> w.contains("values")));
  }

  /** The group key of {@code plan} over catalog column {@code column} (any letter case). */
  static GroupKey key(PrivacyPlan plan, String column) {
    return plan.groupKeys().stream()
        .filter(k -> k.column().equalsIgnoreCase(column))
        .findFirst()
        .orElseThrow(() -> new AssertionError(column + " not in " + plan.groupKeys()));
  }

  @Test
  void plan_numericPrecision_boundsBonus() throws SQLException {
    PrivacyPlan plan = analyzer.plan("SELECT SUM(bonus) FROM employees");
    assertEquals(9999.99, plan.sensitivities()[0], 1e-9);
    assertTrue(plan.bounds().stream().anyMatch(b -> b.source().equals("NUMERIC(6,2)")));
  }

  /** PostgreSQL resolves a GROUP BY name to an input column before an output alias. */
  @Test
  void plan_groupByName_inputColumnBeforeOutputAlias() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT region AS dept, dept AS region, COUNT(*) FROM employees GROUP BY region, dept"
                + " ORDER BY region DESC");
    assertEquals(
        List.of("dept", "region"),
        plan.groupKeys().stream().map(k -> k.column().toLowerCase(Locale.ROOT)).sorted().toList());
    assertEquals(List.of("dept", "region", "count"), AnalyzerFixture.labels(plan));
    // ORDER BY prefers the output name: "region" is the second output (the dept column)
    List<List<Object>> rows = AnalyzerFixture.released(connection, plan);
    for (int i = 1; i < rows.size(); i++) {
      assertTrue(
          ((Number) rows.get(i - 1).get(1)).intValue() >= ((Number) rows.get(i).get(1)).intValue(),
          rows.toString());
    }
  }

  @Test
  void plan_groupByAlias_orderByAliasAndPosition() throws SQLException {
    PrivacyPlan plan =
        analyzer.plan(
            "SELECT region AS r, COUNT(*) AS n FROM employees GROUP BY r ORDER BY n DESC, 1");
    assertEquals(
        List.of("region"),
        plan.groupKeys().stream().map(k -> k.column().toLowerCase(Locale.ROOT)).toList());
    // ORDER BY n DESC, 1: the counts fall, ties by region
    List<List<Object>> rows = AnalyzerFixture.released(connection, plan);
    assertNull(
        AnalyzerFixture.difference(
            AnalyzerFixture.plain(
                connection,
                "SELECT region AS r, COUNT(*) AS n FROM employees GROUP BY region ORDER BY n DESC, 1"),
            rows.stream().sorted(java.util.Comparator.comparing(Object::toString)).toList()));
    for (int i = 1; i < rows.size(); i++) {
      long before = ((Number) rows.get(i - 1).get(1)).longValue();
      long now = ((Number) rows.get(i).get(1)).longValue();
      assertTrue(
          before > now
              || before == now
                  && rows.get(i - 1).get(0).toString().compareTo(rows.get(i).get(0).toString()) < 0,
          rows.toString());
    }
    PrivacyPlan same =
        analyzer.plan(
            "SELECT region AS x, region AS x, COUNT(*) FROM employees GROUP BY region ORDER BY x");
    List<List<Object>> byX = AnalyzerFixture.released(connection, same);
    for (int i = 1; i < byX.size(); i++) {
      assertTrue(
          byX.get(i - 1).get(0).toString().compareTo(byX.get(i).get(0).toString()) <= 0,
          byX.toString());
    }
  }

  /** {@code db.schema.table} and {@code db.schema.table.column} with this connection's database. */
  @Test
  void plan_threePartNames_resolveToTheSameTable() throws SQLException {
    String db = connection.getCatalog().toLowerCase(java.util.Locale.ROOT);
    PrivacyPlan plain = analyzer.plan("SELECT COUNT(*), SUM(salary) FROM employees");
    PrivacyPlan qualified =
        analyzer.plan(
            "SELECT COUNT(*), SUM("
                + db
                + ".public.employees.salary) FROM "
                + db
                + ".public.employees");
    assertEquals(plain.rewrittenSql(), qualified.rewrittenSql());
    assertEquals(
        List.of(plain.sensitivities()[0], plain.sensitivities()[1]),
        List.of(qualified.sensitivities()[0], qualified.sensitivities()[1]));
    SQLException other =
        assertThrows(
            SQLException.class, () -> analyzer.plan("SELECT COUNT(*) FROM x" + db + ".public.t"));
    assertEquals("0A000", other.getSQLState());
    assertTrue(other.getMessage().contains("cross-database"), other.getMessage());
  }

  Stream<Arguments> refusals() {
    return AnalyzerFixture.refusals().stream().map(r -> Arguments.of(r[0], r[1]));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void plan_refusedQuery_hasSqlStateAndFix(String sql, String state) {
    SQLException e = assertThrows(SQLException.class, () -> analyzer.plan(sql));
    assertEquals(state, e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().length() > 20, e.getMessage());
  }

  @ParameterizedTest
  @MethodSource("relationalOnly")
  void plan_relationalOnlyQuery_isPlannedWithPostProcessing(String sql) throws SQLException {
    PrivacyPlan plan = analyzer.plan(sql);
    assertTrue(plan.post() != null, sql);
    assertFalse(plan.coordinates().isEmpty(), sql);
  }

  Stream<String> relationalOnly() {
    return AnalyzerFixture.relationalOnly().stream();
  }

  @Test
  void plan_missingBound_namesColumnAndBothFixes() {
    SQLException e =
        assertThrows(SQLException.class, () -> analyzer.plan("SELECT AVG(score) FROM employees"));
    assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("employees.score"), e.getMessage());
    assertTrue(e.getMessage().contains("CHECK"), e.getMessage());
    assertTrue(e.getMessage().contains("NOT VALID"), e.getMessage());
    assertTrue(
        e.getMessage().toLowerCase(Locale.ROOT).contains("tables.employees.columns.score"),
        e.getMessage());
  }
}
