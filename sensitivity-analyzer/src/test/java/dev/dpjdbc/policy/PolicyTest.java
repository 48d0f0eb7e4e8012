package dev.dpjdbc.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PolicyTest {

  @Test
  void load_examplePolicy_readsEverySection() {
    Policy p = Policy.load(Path.of("../conf/policy.yaml"));
    assertEquals(10.0, p.budget().epsilon());
    assertEquals(1e-6, p.budget().delta());
    assertEquals(1.0, p.query().epsilon());
    assertEquals(1e-7, p.query().delta());
    assertEquals(Mechanism.AUTO, p.query().mechanism());
    assertEquals(Objective.RELATIVE, p.query().objective());
    assertEquals( // relative to the policy file's directory, not the working directory
        "jdbc:h2:file:" + Path.of("../conf/dpjdbc-ledger").toAbsolutePath().normalize(),
        p.ledgerUrl());
    assertEquals(5.0, p.budgetFor("alice").epsilon());
    assertEquals(10.0, p.budgetFor("bob").epsilon());
    assertEquals(10.0, p.budgetFor("nobody").epsilon());
    Policy.TablePolicy emp = p.table("public", "employees").orElseThrow();
    assertEquals("id", emp.privacyUnit());
    assertEquals(1, emp.rowsPerUnit());
    assertEquals(200000.0, emp.column("SALARY").orElseThrow().max());
    assertEquals(List.of("N", "S", "E", "W"), emp.column("region").orElseThrow().values());
    assertTrue(p.table("departments").orElseThrow().isPublic());
  }

  @Test
  void defaults_matchDocumentedValues() {
    Policy d = Policy.defaults();
    assertEquals(new Policy.Budget(10.0, 1e-6), d.budget());
    assertEquals(
        new Policy.QueryDefaults(1.0, 1e-7, Mechanism.AUTO, Objective.RELATIVE), d.query());
    assertEquals(Policy.DEFAULT_LEDGER_URL, d.ledgerUrl());
    assertTrue(d.tables().isEmpty());
    assertEquals(d, Policy.parse("", "empty"));
  }

  static Stream<Arguments> tableNames() {
    return Stream.of(
        Arguments.of("public.employees", "public", "employees", true),
        Arguments.of("public.employees", null, "EMPLOYEES", true),
        Arguments.of("Public.Employees", "PUBLIC", "employees", true),
        Arguments.of("employees", "hr", "employees", true),
        Arguments.of("hr.employees", "public", "employees", false),
        Arguments.of("public.employees", "public", "employee", false));
  }

  @ParameterizedTest
  @MethodSource("tableNames")
  void table_matchesWithOrWithoutSchema_caseInsensitively(
      String key, String schema, String table, boolean found) {
    Policy p = Policy.parse("tables:\n  " + key + ": {privacy_unit: pid}\n", "test");
    assertEquals(found, p.table(schema, table).isPresent());
  }

  static Stream<Arguments> badPolicies() {
    return Stream.of(
        Arguments.of("budjet: {epsilon: 1}", "unknown key budjet"),
        Arguments.of("query: {epsilon: 1, mechansim: auto}", "unknown key query.mechansim"),
        Arguments.of(
            "tables: {t: {columns: {x: {min: 0, maxx: 1}}}}",
            "unknown key tables.t.columns.x.maxx"),
        Arguments.of("budget: {epsilon: -1}", "budget.epsilon must be > 0"),
        Arguments.of(
            "budget: {epsilon: abc}", "budget.epsilon must be a number. Provided value: abc"),
        Arguments.of(
            "query: {delta: 1.5}", "query.delta must be >= 0 and < 1. Provided value: 1.5"),
        Arguments.of("query: {mechanism: noisy}", "query.mechanism"),
        Arguments.of("query: {objective: best}", "query.objective"),
        Arguments.of("query: {objective: explicit}", "query.objective must be one of relative"),
        Arguments.of("analysts: {a: {epsilon: 0}}", "analysts.a.epsilon must be > 0"),
        Arguments.of(
            "tables: {t: {max_rows_per_unit: 0}}",
            "tables.t.max_rows_per_unit must be an integer >= 1"),
        Arguments.of("tables: {t: {max_groups_per_unit: 1.5}}", "tables.t.max_groups_per_unit"),
        Arguments.of(
            "tables: {t: {columns: {x: {min: 5, max: 1}}}}",
            "tables.t.columns.x: min must be <= max"),
        Arguments.of("tables: {t: {columns: {x: {min: 5}}}}", "min and max must be given together"),
        Arguments.of(
            "tables: {t: {columns: {x: {values: []}}}}",
            "tables.t.columns.x.values must be a non-empty list"),
        Arguments.of("tables: {t: {public: yes please}}", "tables.t.public must be true or false"),
        Arguments.of(
            "tables: {t: {public: true, privacy_unit: id}}", "a public table has no privacy unit"),
        Arguments.of("tables: {T: {}, t: {}}", "Duplicate: t"),
        Arguments.of("budget: {epsilon: 1, epsilon: 2}", "not valid YAML"),
        Arguments.of("- a\n- b", "(top level) must be a mapping"));
  }

  @ParameterizedTest
  @MethodSource("badPolicies")
  void parse_invalidPolicy_failsNamingPathRuleAndValue(String yaml, String expected) {
    InvalidPolicyException e =
        assertThrows(InvalidPolicyException.class, () -> Policy.parse(yaml, "p.yaml"));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().startsWith("policy p.yaml"), e.getMessage());
  }

  @Test
  void groups_maxPublicGroups_defaultSetAndValidated() {
    assertEquals(10_000, Policy.defaults().groups().maxPublicGroups());
    assertEquals(
        250, Policy.parse("groups: {max_public_groups: 250}", "t").groups().maxPublicGroups());
    for (String bad :
        List.of(
            "groups: {max_public_groups: 0}",
            "groups: {max_public_groups: 1.5}",
            "groups: {max_public_groups: many}",
            "groups: {max_groups: 3}",
            "groups: 7")) {
      InvalidPolicyException e =
          assertThrows(InvalidPolicyException.class, () -> Policy.parse(bad, "t"), bad);
      assertTrue(e.getMessage().contains("groups"), e.getMessage());
    }
  }

  @Test
  void parse_deltaWithoutDot_isReadAsNumber() {
    Policy p = Policy.parse("budget: {epsilon: 2, delta: 1e-6}", "t");
    assertEquals(1e-6, p.budget().delta());
  }

  @Test
  void columnPolicy_boundsOnly_hasNoValues() {
    Policy p = Policy.parse("tables: {t: {columns: {x: {min: -1, max: 1}}}}", "t");
    Policy.ColumnPolicy c = p.table("t").orElseThrow().column("x").orElseThrow();
    assertTrue(c.hasBounds());
    assertNull(c.values());
    assertFalse(p.table("t").orElseThrow().isPublic());
  }

  @Test
  void groups_maxDomainValues_readAndDefaulted() {
    assertEquals(
        Policy.Groups.DEFAULT_MAX_DOMAIN_VALUES, Policy.defaults().groups().maxDomainValues());
    assertEquals(1000, Policy.parse("groups: {}", "t").groups().maxDomainValues());
    assertEquals(
        50, Policy.parse("groups: {max_domain_values: 50}", "t").groups().maxDomainValues());
  }

  @ParameterizedTest
  @MethodSource("badGroups")
  void groups_invalid_refusedWithTheKeyPath(String yaml, String fragment) {
    InvalidPolicyException e =
        assertThrows(InvalidPolicyException.class, () -> Policy.parse(yaml, "t"));
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  static Stream<Arguments> badGroups() {
    return Stream.of(
        Arguments.of("groups: {max_domain_values: 0}", "groups.max_domain_values"),
        Arguments.of("groups: {max_domain_values: many}", "groups.max_domain_values"),
        Arguments.of("groups: {max_domain_values: 2.5}", "groups.max_domain_values"),
        Arguments.of("groups: {max_groups: 5}", "unknown key groups.max_groups"),
        Arguments.of("groups: 5", "groups must be a mapping"));
  }
}
