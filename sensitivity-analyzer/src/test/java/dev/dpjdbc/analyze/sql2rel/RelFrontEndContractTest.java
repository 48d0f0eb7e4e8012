package dev.dpjdbc.analyze.sql2rel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.TableScan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the front end must do on every backend: convert each query of {@link FrontEndCases#converts}
 * to the plan recorded in {@code sql2rel/plans.txt} (the same plan on H2 and PostgreSQL), and
 * refuse each of {@link FrontEndCases#refusals} with its SQLState.
 *
 * <p>To re-record the plans after a deliberate change, run with {@code
 * -Dsql2rel.plans.write=/tmp/plans.txt}, review the difference and copy the file over the resource.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RelFrontEndContractTest {
  Connection connection;
  RelFrontEnd frontEnd;
  String database;
  private Map<String, String> golden;
  private final Map<String, String> actual = new TreeMap<>();

  abstract Connection open() throws SQLException;

  @BeforeAll
  void setUp() throws SQLException, IOException {
    connection = open();
    FrontEndFixture.create(connection);
    ConstraintCatalog catalog = new ConstraintCatalog(connection);
    database = catalog.naming().database();
    frontEnd = new RelFrontEnd(catalog);
    golden = GoldenPlans.read();
  }

  @AfterAll
  void tearDown() throws SQLException, IOException {
    String target = System.getProperty("sql2rel.plans.write");
    if (target != null) {
      Files.writeString(Path.of(target), GoldenPlans.format(actual));
    }
    connection.close();
  }

  String sql(String template) {
    return template
        .replace("{db}", database.toLowerCase(java.util.Locale.ROOT))
        .replace("{DB}", database.toUpperCase(java.util.Locale.ROOT));
  }

  static Stream<FrontEndCases.Convert> converts() {
    return FrontEndCases.converts().stream();
  }

  static Stream<FrontEndCases.Refuse> refusals() {
    return FrontEndCases.refusals().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("converts")
  void convert_matchesGoldenPlan(FrontEndCases.Convert c) throws SQLException {
    Translation t = frontEnd.translate(sql(c.sql()));
    String plan = GoldenPlans.describe(t, database);
    actual.put(c.id(), plan);
    assertEquals(c.params().size(), t.parameterCount(), "parameter count");
    String expected = golden.get(c.id());
    assertNotNull(expected, "no golden plan for " + c.id() + "; actual:\n" + plan);
    assertEquals(expected, plan, c.sql());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refuse_withSqlState(FrontEndCases.Refuse r) {
    SQLException e = assertThrows(SQLException.class, () -> frontEnd.translate(sql(r.sql())));
    assertEquals(r.state(), e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains(r.fragment()), e.getMessage());
  }

  @Test
  void groupBy_sameNameAsAlias_groupsByInputColumn() throws SQLException {
    RelRoot root =
        frontEnd.toRel(
            "SELECT sex AS gender, educ AS sex, COUNT(*) FROM employees GROUP BY sex, educ");
    assertEquals(List.of("sex", "educ"), groupedColumns(root.rel));
    assertEquals(List.of("gender", "sex", "count"), labels(root));
  }

  @Test
  void groupBy_aliasOfExpression_groupsByExpression() throws SQLException {
    RelRoot root =
        frontEnd.toRel("SELECT level AS tier, COUNT(*) FROM employees GROUP BY tier ORDER BY tier");
    assertEquals(List.of("level"), groupedColumns(root.rel));
  }

  @Test
  void outputLabels_followPostgres() throws SQLException {
    RelRoot root =
        frontEnd.toRel(
            "SELECT region, COUNT(*), COUNT(age), date_trunc('month', hired) AS m,"
                + " 1::int, salary::text, CASE WHEN remote THEN 1 END, SUM(salary) + 1"
                + " FROM employees GROUP BY region, 4, salary, remote");
    assertEquals(
        List.of("region", "count", "count", "m", "int4", "salary", "case", "?column?"),
        labels(root));
  }

  @Test
  void scan_knowsItsCatalogTable() throws SQLException {
    RelRoot root = frontEnd.toRel("SELECT COUNT(*) FROM visits");
    TableScan scan = findScan(root.rel);
    CatalogTable table = scan.getTable().unwrap(CatalogTable.class);
    assertNotNull(table);
    assertEquals("employees", table.meta().foreignKeys().get(0).refTable().toLowerCase());
    assertTrue(
        scan.getCluster().getMetadataQuery().areColumnsUnique(scan, bits(0)),
        "primary key is a unique key");
  }

  @Test
  void parameters_dollarNumbersBecomeIndexes() throws SQLException {
    Translation t =
        frontEnd.translate("SELECT COUNT(*) FROM employees WHERE region = $2 AND salary > $1");
    assertEquals(2, t.parameterCount());
    assertEquals("INTEGER", t.parameterTypes().get(0).getSqlTypeName().getName());
    assertEquals("VARCHAR", t.parameterTypes().get(1).getSqlTypeName().getName());
  }

  @Test
  void validatedTree_andUserCasts_areExposed() throws SQLException {
    Translation t =
        frontEnd.translate("SELECT COUNT(*) FROM employees WHERE CAST(age AS BIGINT) > 20");
    assertTrue(t.validated().toString().contains("WHERE"), t.validated().toString());
    assertEquals(1, t.userCasts().size());
  }

  static List<String> labels(RelRoot root) {
    return root.fields.stream().map(Map.Entry::getValue).toList();
  }

  /** The input column names the lowest Aggregate groups by. */
  static List<String> groupedColumns(RelNode rel) {
    if (rel instanceof Aggregate agg && agg.getInputs().stream().noneMatch(i -> hasAggregate(i))) {
      List<String> names = agg.getInput().getRowType().getFieldNames();
      return agg.getGroupSet().asList().stream().map(names::get).toList();
    }
    for (RelNode input : rel.getInputs()) {
      List<String> found = groupedColumns(input);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static boolean hasAggregate(RelNode rel) {
    return rel instanceof Aggregate || rel.getInputs().stream().anyMatch(i -> hasAggregate(i));
  }

  private static TableScan findScan(RelNode rel) {
    if (rel instanceof TableScan scan) {
      return scan;
    }
    return findScan(rel.getInput(0));
  }

  private static org.apache.calcite.util.ImmutableBitSet bits(int i) {
    return org.apache.calcite.util.ImmutableBitSet.of(i);
  }

  static String plan(RelNode rel) {
    return RelOptUtil.toString(rel);
  }
}
