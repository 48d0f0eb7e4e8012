package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.alternatives;
import static dev.dpjdbc.analyze.privacy.Expect.ambiguous;
import static dev.dpjdbc.analyze.privacy.Expect.interval;
import static dev.dpjdbc.analyze.privacy.Expect.nullableUnit;
import static dev.dpjdbc.analyze.privacy.Expect.path;
import static dev.dpjdbc.analyze.privacy.Expect.rows;
import static dev.dpjdbc.analyze.privacy.Expect.status;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unboundedRows;
import static dev.dpjdbc.analyze.privacy.Expect.unit;

import dev.dpjdbc.analyze.privacy.Expect.Case;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Joins: the unit along foreign keys and to public tables, the rows-per-unit bound, refusals. */
class JoinPrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  /** {@code left JOIN right ON left.l = right.r}. */
  static Function<RelBuilder, RelNode> join(
      String left, String l, JoinRelType type, String right, String r) {
    return b ->
        b.scan(left).scan(right).join(type, b.equals(b.field(2, 0, l), b.field(2, 1, r))).build();
  }

  static Function<RelBuilder, RelNode> inner(String left, String l, String right, String r) {
    return join(left, l, JoinRelType.INNER, right, r);
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "privateJoinPublic_onItsKey_keepsUnitAndBound",
            inner("employees", "dept_id", "departments", "id"),
            unit("public.employees.id", 0),
            rows(1, true),
            interval("budget", -9999999999.99, 9999999999.99)),
        test(
            "privateJoinPublic_notOnAKey_unboundedMatches",
            inner("employees", "region", "tags", "region"),
            unit("public.employees.id", 0),
            unboundedRows("not a primary or unique key of tags")),
        test(
            "privateJoinPublicValues_boundedByTheirRows",
            b ->
                b.scan("employees")
                    .values(new String[] {"code", "label"}, "N", "North", "N", "Nord", "S", "South")
                    .join(JoinRelType.INNER, b.equals(b.field(2, 0, "region"), b.field(2, 1, 0)))
                    .build(),
            unit("public.employees.id", 0),
            rows(3, true)),
        test(
            "privateLeftJoinPublic_keepsUnit",
            join("employees", "dept_id", JoinRelType.LEFT, "departments", "id"),
            unit("public.employees.id", 0),
            nullableUnit(false),
            rows(1, true)),
        test(
            "publicLeftJoinPrivate_unmatchedPublicRowsHaveNullUnit",
            join("departments", "id", JoinRelType.LEFT, "employees", "dept_id"),
            unit("public.employees.id", 3),
            nullableUnit(true),
            path("NULL unit")),
        test(
            "privateFullJoinPublic_nullableUnit",
            join("employees", "dept_id", JoinRelType.FULL, "departments", "id"),
            unit("public.employees.id", 0),
            nullableUnit(true)),
        test(
            "privateSemiJoinPublic_keepsUnit",
            join("employees", "dept_id", JoinRelType.SEMI, "departments", "id"),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "publicSemiJoinPrivate_ambiguous",
            join("departments", "id", JoinRelType.SEMI, "employees", "dept_id"),
            ambiguous("EXISTS/IN over private data")),
        test(
            "publicAntiJoinPrivate_ambiguous",
            join("departments", "id", JoinRelType.ANTI, "employees", "dept_id"),
            ambiguous("EXISTS/IN over private data")),
        test(
            "publicJoinPublic_public",
            inner("tags", "region", "departments", "name"),
            status(Status.PUBLIC)),
        test(
            "selfJoinOnUnit_bothColumnsAlternatives",
            inner("employees", "id", "employees", "id"),
            unit("public.employees.id", 0),
            alternatives(List.of(List.of(0), List.of(12))),
            rows(1, true)),
        test(
            "selfJoinOnUnit_withNonEquiCondition_stillOnUnit",
            b ->
                b.scan("employees")
                    .scan("employees")
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "id"), b.field(2, 1, "id")),
                        b.greaterThan(b.field(2, 0, "salary"), b.field(2, 1, "salary")))
                    .build(),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "foreignKey_childToParent_joinsOnTheUnit",
            inner("visits", "employee_id", "employees", "id"),
            unit("public.employees.id", 1),
            alternatives(List.of(List.of(1), List.of(4))),
            path("visits.employee_id -> employees.id (primary key)"),
            rows(4, false)),
        test(
            "foreignKey_parentToChild_sameUnit",
            inner("employees", "id", "visits", "employee_id"),
            unit("public.employees.id", 0),
            alternatives(List.of(List.of(0), List.of(13))),
            rows(4, false)),
        test(
            // an order is its customer's (policy): it no longer lifts to the salesperson
            "foreignKey_toSalesperson_notTheUnit_ambiguous",
            inner("orders", "salesperson_id", "employees", "id"),
            ambiguous("neither on the privacy unit nor along a foreign key")),
        test(
            "oneToOneExtension_primaryKeyIsForeignKey_sameUnit",
            inner("badges", "employee_id", "employees", "id"),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "policyUnitAlongForeignKey_joinOnUnit_multipliesCaps",
            inner("shifts", "employee_id", "employees", "id"),
            unit("public.employees.id", 1),
            rows(5, false),
            path("shifts.employee_id -> employees.id")),
        test(
            "multiHop_itemsOrdersCustomers",
            b ->
                b.scan("order_items")
                    .scan("orders")
                    .join(
                        JoinRelType.INNER, b.equals(b.field(2, 0, "order_id"), b.field(2, 1, "id")))
                    .scan("customers")
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "customer_id"), b.field(2, 1, "id")))
                    .build(),
            unit("public.customers.id", 5),
            alternatives(List.of(List.of(5), List.of(10))),
            path(
                "order_items.order_id -> orders.id, then orders.customer_id -> customers.id"
                    + " (primary key)"),
            unboundedRows("order_items.order_id")),
        test(
            "multiHop_customersOrdersItems_parentKeyDeterminesUnit",
            b ->
                b.scan("customers")
                    .scan("orders")
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "id"), b.field(2, 1, "customer_id")))
                    .scan("order_items")
                    .join(JoinRelType.INNER, b.equals(b.field(2, 0, 4), b.field(2, 1, "order_id")))
                    .build(),
            unit("public.customers.id", 0),
            alternatives(List.of(List.of(0), List.of(5)))),
        test(
            "selfReference_managerOfEmployee_ambiguous",
            inner("employees", "manager_id", "employees", "id"),
            ambiguous("neither on the privacy unit nor along a foreign key")),
        test(
            "twoUnitsOnACommonValue_ambiguous",
            inner("employees", "region", "customers", "region"),
            ambiguous("would hold the data of two units")),
        test(
            "crossJoinOfPrivateRelations_ambiguous",
            b ->
                b.scan("employees")
                    .scan("customers")
                    .join(JoinRelType.INNER, b.literal(true))
                    .build(),
            ambiguous("neither on the privacy unit")),
        test(
            "foreignKey_childKeptByLeftJoin_unitInChildKey",
            join("visits", "employee_id", JoinRelType.LEFT, "employees", "id"),
            unit("public.employees.id", 1),
            nullableUnit(false)),
        test(
            "foreignKey_parentKeptByLeftJoin_unitInParent",
            join("employees", "id", JoinRelType.LEFT, "visits", "employee_id"),
            unit("public.employees.id", 0),
            nullableUnit(false)),
        test(
            "fullJoinOnUnit_nullableLeftUnit",
            join("employees", "id", JoinRelType.FULL, "badges", "employee_id"),
            unit("public.employees.id", 0),
            nullableUnit(true)),
        test(
            "semiJoin_parentKeptByItsChildren",
            join("customers", "id", JoinRelType.SEMI, "orders", "customer_id"),
            unit("public.customers.id", 0),
            rows(1, true)),
        test(
            "semiJoin_childOnItsUnit",
            join("orders", "customer_id", JoinRelType.SEMI, "customers", "id"),
            unit("public.customers.id", 1),
            rows(3, false)),
        test(
            "antiJoin_onUnit_keepsUnit",
            join("employees", "id", JoinRelType.ANTI, "badges", "employee_id"),
            unit("public.employees.id", 0)),
        test(
            "joinWithAggregateOfPrivateRows_ambiguous",
            b ->
                b.scan("employees")
                    .scan("employees")
                    .aggregate(b.groupKey("dept_id"), b.count())
                    .join(
                        JoinRelType.INNER,
                        b.equals(b.field(2, 0, "dept_id"), b.field(2, 1, "dept_id")))
                    .build(),
            ambiguous("combines released aggregates with private rows")),
        test(
            "ambiguousInput_propagates",
            inner("notes", "body", "departments", "name"),
            ambiguous("has no privacy unit")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }
}
