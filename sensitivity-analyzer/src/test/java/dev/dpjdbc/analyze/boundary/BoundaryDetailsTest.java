package dev.dpjdbc.analyze.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.privacy.RelPrivacy;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** What a {@link Boundary} holds beyond its shape: keys, calls, the input's facts, messages. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BoundaryDetailsTest {
  private BoundaryFixture fixture;

  @BeforeAll
  void setUp() throws SQLException {
    fixture = new BoundaryFixture();
  }

  @AfterAll
  void tearDown() throws SQLException {
    fixture.close();
  }

  @Test
  void publicPlan_hasNoBoundary() throws SQLException {
    Boundary b = fixture.split("SELECT name, COUNT(*) FROM departments GROUP BY name");
    assertTrue(b.isPublic());
    assertNull(b.aggregate());
    assertNull(b.below());
    assertNull(b.boundaryInput());
    assertTrue(b.above().isEmpty() && b.keys().isEmpty() && b.calls().isEmpty());
  }

  @Test
  void groupKey_withDomain_listsItsValues() throws SQLException {
    Boundary b = fixture.split("SELECT level, region, COUNT(*) FROM employees GROUP BY 1, 2");
    assertEquals(2, b.keys().size());
    // the aggregate groups in input column order (region before level); a Project above reorders
    GroupKey region = b.keys().get(0);
    assertEquals(0, region.output());
    assertEquals("Project", b.above().get(0).getRelTypeName().replace("Logical", ""));
    assertEquals("region", b.below().getRowType().getFieldNames().get(region.input()));
    assertEquals(Set.of("N", "S", "E", "W"), Set.copyOf(region.domain().orElseThrow().values()));
    assertTrue(b.keysHavePublicDomains());
  }

  @Test
  void groupKey_ofPublicTable_isMarked() throws SQLException {
    Boundary b =
        fixture.split(
            "SELECT d.name, COUNT(*) FROM employees e JOIN departments d ON e.dept_id = d.id"
                + " GROUP BY d.name");
    GroupKey name = b.keys().get(0);
    // the public table's distinct values are the key's domain (issue 9)
    assertTrue(name.hasPublicDomain());
    assertTrue(name.fromPublicTable());
    assertTrue(b.keysHavePublicDomains());
  }

  @Test
  void calls_carryOutputNameArgumentsAndFilter() throws SQLException {
    Boundary b =
        fixture.split(
            "SELECT region, COUNT(*) FILTER (WHERE remote) AS n, SUM(salary) FROM employees"
                + " GROUP BY region");
    BoundaryCall n = b.calls().get(0);
    assertEquals(BoundaryCall.Kind.COUNT_ROWS, n.kind());
    assertEquals(1, n.output());
    assertEquals("n", n.name());
    assertEquals("remote", fieldOfBelow(b, n.filterColumn()));
    BoundaryCall sum = b.calls().get(1);
    assertEquals(BoundaryCall.Kind.SUM, sum.kind());
    assertEquals(2, sum.output());
    assertEquals(-1, sum.filterColumn());
    assertEquals("salary", fieldOfBelow(b, sum.arguments().get(0)));
  }

  @Test
  void boundaryInput_carriesTheUnitAlongTheForeignKey() throws SQLException {
    Boundary b =
        fixture.split(
            "SELECT SUM(v.minutes) FROM visits v JOIN employees e ON v.employee_id = e.id");
    RelPrivacy in = b.boundaryInput();
    assertTrue(in.isPrivate());
    assertTrue(in.unit().identity().toLowerCase().endsWith("employees.id"), in.unit().identity());
  }

  @Test
  void boundaryInput_ofOuterJoin_hasNullableUnit() throws SQLException {
    Boundary b =
        fixture.split(
            "SELECT d.name, COUNT(e.id) FROM departments d LEFT JOIN employees e"
                + " ON e.dept_id = d.id GROUP BY d.name");
    assertTrue(b.boundaryInput().unit().nullable(), b.boundaryInput().toString());
    assertEquals(BoundaryCall.Kind.COUNT_VALUES, b.calls().get(0).kind());
  }

  @Test
  void above_isOrderedFromTheAggregateUp() throws SQLException {
    Boundary b =
        fixture.split(
            "SELECT region, COUNT(*) * 2 AS twice FROM employees GROUP BY region"
                + " HAVING COUNT(*) > 3 ORDER BY twice LIMIT 2");
    assertEquals(
        List.of("LogicalFilter", "LogicalProject", "LogicalSort"),
        b.above().stream().map(r -> r.getRelTypeName()).toList());
  }

  @Test
  void refusal_namesTheFunctionAndTheFix() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> fixture.split("SELECT region, BIT_OR(level) FROM employees GROUP BY region"));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("BIT_OR"), e.getMessage());
    assertTrue(e.getMessage().contains("use COUNT, SUM, AVG"), e.getMessage());
  }

  private static String fieldOfBelow(Boundary b, int i) {
    return b.below().getRowType().getFieldNames().get(i).toLowerCase();
  }
}
