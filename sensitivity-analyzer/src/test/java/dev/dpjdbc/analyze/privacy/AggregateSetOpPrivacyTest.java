package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.alternatives;
import static dev.dpjdbc.analyze.privacy.Expect.ambiguous;
import static dev.dpjdbc.analyze.privacy.Expect.domain;
import static dev.dpjdbc.analyze.privacy.Expect.interval;
import static dev.dpjdbc.analyze.privacy.Expect.rows;
import static dev.dpjdbc.analyze.privacy.Expect.status;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unbounded;
import static dev.dpjdbc.analyze.privacy.Expect.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.privacy.Expect.Case;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Aggregates (the boundary, per-unit aggregates, public ones), what sits above a boundary, set
 * operations, VALUES, sorts and limits, Calc, window functions.
 */
class AggregateSetOpPrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  /** SELECT region, SUM(salary) s FROM employees GROUP BY region: a boundary. */
  static RelBuilder sumByRegion(RelBuilder b) {
    return b.scan("employees").aggregate(b.groupKey("region"), b.sum(b.field("salary")).as("s"));
  }

  static Consumer<RelPrivacy> boundaryInput(Consumer<RelPrivacy> e) {
    return p -> {
      assertEquals(Status.BOUNDARY, p.status(), () -> "status of " + p);
      e.accept(p.boundaryInput());
    };
  }

  static Function<RelBuilder, RelNode> calc(Function<RelBuilder, RelNode> plan) {
    return b -> {
      HepPlanner hep =
          new HepPlanner(
              HepProgram.builder()
                  .addRuleInstance(CoreRules.FILTER_TO_CALC)
                  .addRuleInstance(CoreRules.PROJECT_TO_CALC)
                  .addRuleInstance(CoreRules.CALC_MERGE)
                  .build());
      hep.setRoot(plan.apply(b));
      RelNode out = hep.findBestExp();
      assertTrue(out instanceof org.apache.calcite.rel.core.Calc, out::explain);
      return out;
    };
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "aggregateOverPrivate_isTheBoundary",
            b -> sumByRegion(b).build(),
            status(Status.BOUNDARY),
            domain("region", "N", "S", "E", "W"),
            unbounded("s"),
            boundaryInput(unit("public.employees.id", 0))),
        test(
            "aggregateWithoutGroups_isTheBoundary",
            b -> b.scan("visits").aggregate(b.groupKey(), b.count()).build(),
            status(Status.BOUNDARY)),
        test(
            "boundary_recordsItsInputsFacts",
            b ->
                b.scan("visits")
                    .scan("employees")
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "employee_id"), b.field(2, 1, "id")))
                    .aggregate(b.groupKey("region"), b.sum(b.field("minutes")))
                    .build(),
            boundaryInput(
                Expect.all(
                    unit("public.employees.id", 1), rows(4, false), interval("minutes", 0, 600)))),
        test(
            "aggregateOverPublic_public",
            b ->
                b.scan("departments")
                    .aggregate(
                        b.groupKey("name"), b.count().as("n"), b.max(b.field("budget")).as("top"))
                    .build(),
            status(Status.PUBLIC),
            interval("n", 0, Double.POSITIVE_INFINITY),
            interval("top", -9999999999.99, 9999999999.99)),
        test(
            "groupByUnit_perUnitAggregateStaysPrivate",
            b ->
                b.scan("employees")
                    .scan("departments")
                    .join(
                        JoinRelType.INNER, b.equals(b.field(2, 0, "dept_id"), b.field(2, 1, "id")))
                    .aggregate(
                        b.groupKey(b.field(0)), b.count().as("n"), b.sum(b.field("salary")).as("s"))
                    .build(),
            unit("public.employees.id", 0),
            rows(1, true),
            interval("n", 0, 1),
            interval("s", 0, 200000)),
        test(
            "groupByUnit_unboundedRows_countUnbounded",
            b ->
                b.scan("visits")
                    .scan("employees")
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "employee_id"), b.field(2, 1, "id")))
                    .aggregate(b.groupKey(b.field(4)), b.count().as("n"))
                    .build(),
            unit("public.employees.id", 0),
            rows(1, true),
            interval("n", 0, Double.POSITIVE_INFINITY)),
        test(
            "groupByUnitAndMore_rowsOfItsInput",
            b -> b.scan("shifts").aggregate(b.groupKey("employee_id", "kind"), b.count()).build(),
            unit("public.employees.id", 0),
            rows(5, false)),
        test(
            "distinctUnit_asAnInSubqueryBecomes_joinsAlongForeignKey",
            b ->
                b.scan("orders")
                    .scan("customers")
                    .filter(b.equals(b.field("region"), b.literal("N")))
                    .aggregate(b.groupKey("id"))
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "customer_id"), b.field(2, 1, "id")))
                    .build(),
            unit("public.customers.id", 1),
            alternatives(List.of(List.of(1), List.of(6))),
            rows(3, false)),
        test(
            "distinctNonUnit_isABoundary_whatIsAboveIsReleased",
            b ->
                b.scan("departments")
                    .scan("employees")
                    .aggregate(b.groupKey("dept_id"))
                    .join(JoinRelType.SEMI, b.equals(b.field(2, 0, "id"), b.field(2, 1, "dept_id")))
                    .build(),
            status(Status.RELEASED)),
        test(
            "aggregateAboveBoundary_released",
            b -> sumByRegion(b).aggregate(b.groupKey(), b.max(b.field("s"))).build(),
            status(Status.RELEASED)),
        test(
            "projectAboveBoundary_released",
            b ->
                sumByRegion(b)
                    .project(b.call(SqlStdOperatorTable.MULTIPLY, b.field("s"), b.literal(2)))
                    .build(),
            status(Status.RELEASED)),
        test(
            "havingAboveBoundary_released",
            b -> sumByRegion(b).filter(b.greaterThan(b.field("s"), b.literal(10))).build(),
            status(Status.RELEASED)),
        test(
            "orderByLimitAboveBoundary_released",
            b -> sumByRegion(b).sortLimit(0, 2, b.desc(b.field("s"))).build(),
            status(Status.RELEASED)),
        test(
            "limitOverPrivateRows_ambiguous",
            b -> b.scan("employees").sortLimit(0, 10, b.field("salary")).build(),
            ambiguous("LIMIT/OFFSET over private rows")),
        test(
            "sortWithoutLimitOverPrivate_keepsFacts",
            b -> b.scan("employees").sort(b.field("salary")).build(),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "limitOverPublic_public",
            b -> b.scan("departments").limit(0, 5).build(),
            status(Status.PUBLIC)),
        test(
            "ambiguousUnderAggregate_staysAmbiguous",
            b -> b.scan("notes").aggregate(b.groupKey(), b.count()).build(),
            ambiguous("has no privacy unit")),
        test(
            "unionAllSameUnit_rowsAdd",
            b ->
                b.scan("employees")
                    .project(b.field("id"), b.field("salary"))
                    .scan("employees")
                    .project(b.field("id"), b.field("age"))
                    .union(true)
                    .build(),
            unit("public.employees.id", 0),
            rows(2, true),
            interval("salary", 0, 200000)),
        test(
            "unionOfDifferentUnits_ambiguous",
            b ->
                b.scan("employees")
                    .project(b.field("id"))
                    .scan("customers")
                    .project(b.field("id"))
                    .union(true)
                    .build(),
            ambiguous("different units")),
        test(
            "unionWithUnitInOtherColumns_ambiguous",
            b ->
                b.scan("employees")
                    .project(b.field("id"), b.field("salary"))
                    .scan("employees")
                    .project(b.field("salary"), b.field("id"))
                    .union(true)
                    .build(),
            ambiguous("same columns")),
        test(
            "unionOfPrivateAndPublic_ambiguous",
            b ->
                b.scan("employees")
                    .project(b.field("region"), b.field("id"))
                    .scan("tags")
                    .project(b.field("region"), b.literal(1))
                    .union(true)
                    .build(),
            ambiguous("UNION of private and public rows")),
        test(
            "unionOfPublic_domainsUnite",
            b ->
                b.values(new String[] {"c"}, "N", "S")
                    .values(new String[] {"c"}, "E", "N")
                    .union(false)
                    .build(),
            status(Status.PUBLIC),
            domain("c", "N", "S", "E")),
        test(
            "intersectPrivateWithPublic_privateAndDomainsIntersect",
            b ->
                b.scan("employees")
                    .project(b.field("id"), b.field("region"))
                    .values(new String[] {"id", "region"}, 1, "N", 2, "X")
                    .intersect(false)
                    .build(),
            unit("public.employees.id", 0),
            domain("region", "N")),
        test(
            "exceptPublicMinusPrivate_ambiguous",
            b ->
                b.scan("tags")
                    .project(b.field("region"))
                    .scan("employees")
                    .project(b.field("region"))
                    .minus(false)
                    .build(),
            ambiguous("EXCEPT removes public rows")),
        test(
            "exceptPrivateMinusSameUnit_keepsFirst",
            b ->
                b.scan("employees")
                    .project(b.field("id"))
                    .scan("badges")
                    .project(b.field("employee_id"))
                    .minus(false)
                    .build(),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "values_publicWithDomainAndInterval",
            b -> b.values(new String[] {"n"}, 3, 7, 5).build(),
            status(Status.PUBLIC),
            interval("n", 3, 7),
            domain("n", 3, 7, 5)),
        test(
            "calc_filterAndProjectMerged",
            calc(
                b ->
                    b.scan("employees")
                        .filter(b.lessThanOrEqual(b.field("salary"), b.literal(1000)))
                        .project(
                            b.field("id"),
                            b.alias(
                                b.call(
                                    SqlStdOperatorTable.MULTIPLY, b.field("salary"), b.literal(2)),
                                "x"))
                        .build()),
            unit("public.employees.id", 0),
            interval("x", 0, 2000)),
        test(
            "windowOverPrivate_inProject_ambiguous",
            b ->
                b.scan("employees")
                    .project(
                        b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
                            .over()
                            .orderBy(b.field("salary"))
                            .toRex())
                    .build(),
            ambiguous("window function over private rows")),
        test(
            "windowPartitionedByUnit_allowed",
            b ->
                b.scan("employees")
                    .project(
                        b.field("id"),
                        b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER)
                            .over()
                            .partitionBy(b.field("id"))
                            .orderBy(b.field("salary"))
                            .toRex())
                    .build(),
            unit("public.employees.id", 0)),
        test(
            "windowRelOverPrivate_ambiguous",
            b -> {
              RelNode p =
                  b.scan("employees")
                      .project(
                          b.aggregateCall(SqlStdOperatorTable.COUNT)
                              .over()
                              .partitionBy(b.field("region"))
                              .toRex())
                      .build();
              HepPlanner hep =
                  new HepPlanner(
                      HepProgram.builder()
                          .addRuleInstance(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)
                          .build());
              hep.setRoot(p);
              return hep.findBestExp();
            },
            ambiguous("not supported by the privacy analysis")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }

  @org.junit.jupiter.api.Test
  void facts_areMemoisedPerNode() {
    RelBuilder b = fx.builder();
    RelNode plan = sumByRegion(b).build();
    PrivacyAnalysis analysis = fx.analysis();
    RelPrivacy top = analysis.privacy(plan);
    assertTrue(top.boundaryInput() == analysis.privacy(plan.getInput(0)));
  }

  @org.junit.jupiter.api.Test
  void load_readsScannedTablesAndForeignKeyTargetsFromTheCatalog() throws SQLException {
    RelBuilder b = fx.builder();
    RelNode plan = b.scan("shifts").build(); // employees is only a foreign-key target
    RelPrivacy p = PrivacyAnalysis.load(plan, fx.catalog, fx.policy).privacy(plan);
    assertEquals("public.employees.id", p.unit().identity());
    RelNode join =
        b.scan("visits")
            .scan("employees")
            .join(JoinRelType.INNER, b.equals(b.field(2, 0, "employee_id"), b.field(2, 1, "id")))
            .build();
    RelPrivacy j = PrivacyAnalysis.load(join, fx.catalog, fx.policy).privacy(join);
    assertEquals("public.employees.id", j.unit().identity());
    assertEquals(4, j.rowsPerUnit().max()); // visits' max_rows_per_unit x one employee row
    assertFalse(j.rowsPerUnit().guaranteed());
    RelNode items = b.scan("order_items").build(); // orders and customers: FK targets only
    RelPrivacy i = PrivacyAnalysis.load(items, fx.catalog, fx.policy).privacy(items);
    assertEquals("public.customers.id", i.unit().identity());
    assertFalse(i.unit().visible());
  }
}
