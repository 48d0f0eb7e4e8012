package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.ambiguous;
import static dev.dpjdbc.analyze.privacy.Expect.path;
import static dev.dpjdbc.analyze.privacy.Expect.rows;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unboundedRows;
import static dev.dpjdbc.analyze.privacy.Expect.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.privacy.Expect.Case;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The unit rule (a table's unit: the policy's, else along a foreign key to a private table's unit,
 * multi-hop, else its primary key; ambiguous keys and cycles refused) and unique keys other than
 * the primary key (UNIQUE constraints and unique indexes) as join keys.
 */
class UnitRulePrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  /** {@code left JOIN right ON left.l = right.r} ({@code IS NOT DISTINCT FROM} when nullSafe). */
  static Function<RelBuilder, RelNode> join(
      String left, String l, String right, String r, boolean nullSafe) {
    return b -> {
      b.scan(left).scan(right);
      return b.join(
              JoinRelType.INNER,
              nullSafe
                  ? b.isNotDistinctFrom(b.field(2, 0, l), b.field(2, 1, r))
                  : b.equals(b.field(2, 0, l), b.field(2, 1, r)))
          .build();
    };
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "scan_multiHopWithTheUnitInTheKey",
            b -> b.scan("badge_scans").build(),
            unit("public.employees.id", 1),
            path("badge_scans.badge_id -> badges.employee_id -> employees.id (primary key)"),
            rows(1, false)),
        test(
            "scan_unitReachedOnlyThroughAJoin_privateButNotAmongTheColumns",
            b -> b.scan("order_items").build(),
            unit("public.customers.id"),
            path("order_items.order_id -> orders.id, then orders.customer_id -> customers.id"),
            unboundedRows("join orders ON order_items.order_id = orders.id")),
        test(
            "scan_keysToTwoUnits_refused",
            b -> b.scan("assignments").build(),
            ambiguous("reach different privacy units"),
            ambiguous("tables.assignments.privacy_unit: one of customer_id, employee_id")),
        test(
            "scan_twoKeysToTheSameUnit_refused",
            b -> b.scan("referrals").build(),
            ambiguous("referrals.referee_id -> employees.id (primary key); referrals.referrer_id")),
        test(
            "scan_foreignKeyCycle_refused", b -> b.scan("cycle_a").build(), ambiguous("lead back")),
        test(
            "scan_selfReferenceIgnored_primaryKeyUnit",
            b -> b.scan("employees").build(),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "join_alongAForeignKeyToAUniqueColumn_liftsToTheParentsUnit",
            join("shift_notes", "shift_code", "shifts", "code", false),
            unit("public.employees.id", 4),
            path("shift_notes.shift_code -> shifts.code, then shifts.employee_id -> employees.id"),
            unboundedRows("shift_notes.shift_code")),
        test(
            "join_throughJoinChildOnAnotherKey_ambiguous",
            join("order_items", "id", "orders", "id", false),
            ambiguous("neither on the privacy unit nor along a foreign key")),
        test(
            "privateJoinPublic_onANullableUniqueConstraint_oneMatch",
            join("employees", "email", "products", "sku", false),
            unit("public.employees.id", 0),
            rows(1, true)),
        test(
            "privateJoinPublic_nullSafeOnANullableUniqueColumn_unbounded",
            join("employees", "email", "products", "sku", true),
            unboundedRows("not a primary or unique key of products")),
        test(
            "privateJoinPublic_nullSafeOnANotNullUniqueIndex_oneMatch",
            join("employees", "email", "products", "code", true),
            rows(1, true)),
        test(
            "privateJoinPublic_onPartialAndExpressionUniqueIndexes_unbounded",
            join("employees", "email", "products", "name", false),
            unboundedRows("not a primary or unique key of products")),
        test(
            "privateJoinPublic_onADeferrableUniqueConstraint_unbounded",
            join("employees", "bonus", "products", "list_price", false),
            unboundedRows("not a primary or unique key of products")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }

  @Test
  void orders_withoutAPolicyUnit_refusedAndSoAreTablesReferencingIt() {
    checkOrdersWithoutPolicyUnit(fx);
  }

  @Test
  void catalog_readsUniqueConstraintsAndIndexes() throws SQLException {
    checkUniqueKeys(fx);
  }

  /**
   * orders references customers and employees (its salesperson): without a policy unit its rows
   * would belong to two units; order_items, which reaches a unit only through orders, is refused
   * with it.
   */
  static void checkOrdersWithoutPolicyUnit(PrivacyFixture fx) {
    PrivacyAnalysis a =
        fx.analysis(
            "tables:\n  departments: {public: true}\n  products: {public: true}\n"
                + "  tags: {public: true}\n");
    RelBuilder b = fx.builder();
    RelPrivacy orders = a.privacy(b.scan("orders").build());
    assertEquals(Status.AMBIGUOUS, orders.status());
    assertTrue(
        orders
            .reason()
            .contains(
                "orders.customer_id -> customers.id (primary key); orders.salesperson_id ->"
                    + " employees.id (primary key)"),
        orders.reason());
    assertTrue(
        orders.reason().contains("tables.orders.privacy_unit: one of customer_id, salesperson_id"),
        orders.reason());
    RelPrivacy items = a.privacy(b.scan("order_items").build());
    assertEquals(Status.AMBIGUOUS, items.status());
    assertTrue(items.reason().startsWith("order_items references orders"), items.reason());
    // visits is unaffected: its only key to a private table reaches employees
    RelPrivacy visits = a.privacy(b.scan("visits").build());
    assertEquals("public.employees.id", visits.unit().identity());
    assertEquals(1, visits.rowsPerUnit().max()); // the default max_rows_per_unit, a cap
    assertFalse(visits.rowsPerUnit().guaranteed());
  }

  /**
   * Primary key, UNIQUE constraint, unique index; on PostgreSQL not the partial, expression or
   * deferrable ones.
   */
  static void checkUniqueKeys(PrivacyFixture fx) throws SQLException {
    TableMeta products = fx.catalog.table("public", "products").orElseThrow();
    Set<List<String>> keys = new HashSet<>();
    products
        .uniqueKeys()
        .forEach(k -> keys.add(k.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList()));
    assertEquals(Set.of(List.of("id"), List.of("sku"), List.of("code")), keys);
    assertTrue(products.containsKey(List.of("sku", "name"), false));
    assertFalse(products.containsKey(List.of("sku"), true)); // sku is nullable
    assertTrue(products.containsKey(List.of("CODE"), true));
    assertFalse(products.containsKey(List.of("name"), false));
  }
}
