package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static dev.dpjdbc.analyze.post.PostFixture.compile;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static dev.dpjdbc.analyze.post.PostFixture.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Errors: SQLExceptions with SQLStates, never raw runtime exceptions. */
class PostProcessorErrorTest {
  record Case(String name, Function<RelBuilder, RelNode> above) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> divisionsByZero() {
    return Stream.of(
            new Case(
                "BIGINT / BIGINT",
                b ->
                    b.project(b.call(SqlStdOperatorTable.DIVIDE, b.literal(10), b.field("N")))
                        .build()),
            new Case(
                "DOUBLE / BIGINT (PostgreSQL raises for float8 too)",
                b ->
                    b.project(b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.field("N")))
                        .build()),
            new Case(
                "DECIMAL / DECIMAL",
                b ->
                    b.project(
                            b.call(
                                SqlStdOperatorTable.DIVIDE,
                                b.cast(b.field("S"), SqlTypeName.DECIMAL, 10, 2),
                                b.cast(b.field("N"), SqlTypeName.DECIMAL, 10, 2)))
                        .build()),
            new Case(
                "in a HAVING filter",
                b ->
                    b.filter(
                            b.greaterThan(
                                b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.field("N")),
                                b.literal(1)))
                        .build()),
            new Case(
                "in an outer aggregate's argument",
                b ->
                    b.project(b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.field("N")))
                        .aggregate(b.groupKey(), b.sum(b.field(0)))
                        .build()))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("divisionsByZero")
  void divisionByZero_isSqlState22012(Case c) throws Exception {
    PostProcessor p = compile(c.above());
    SQLException e = assertThrows(SQLException.class, () -> p.apply(ROWS));
    assertEquals("22012", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
  }

  @Test
  void nullifGuardedDivision_yieldsNull() throws Exception {
    PostProcessor p =
        compile(
            b ->
                b.project(
                        b.call(
                            SqlStdOperatorTable.DIVIDE,
                            b.field("S"),
                            b.call(SqlStdOperatorTable.NULLIF, b.field("N"), b.literal(0))))
                    .build());
    assertEquals(
        List.of(row(100.0), row((Object) null), row(50.0), row(-5.0)), lists(p.apply(ROWS)));
  }

  @Test
  void join_isRefused_0A000() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                compile(
                    b -> {
                      RelNode left = b.build();
                      RelDataType t = left.getRowType();
                      b.push(left).push(PostProcessor.placeholder(left.getCluster(), t));
                      return b.join(JoinRelType.INNER, b.literal(true)).build();
                    }));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("Join"), e.getMessage());
  }

  @Test
  void placeholderOfAnotherType_isRefused_0A000() {
    RelBuilder b = PostFixture.builder();
    RelDataType released = PostFixture.releasedType(b.getTypeFactory());
    RelDataType other = b.getTypeFactory().builder().add("X", SqlTypeName.INTEGER).build();
    RelNode above = b.push(PostProcessor.placeholder(b.getCluster(), other)).build();
    SQLException e = assertThrows(SQLException.class, () -> PostProcessor.compile(above, released));
    assertEquals("0A000", e.getSQLState());
  }

  @Test
  void rowOfTheWrongWidth_is22000() throws Exception {
    PostProcessor p = compile(b -> b.project(b.field("N")).build());
    SQLException e =
        assertThrows(SQLException.class, () -> p.apply(List.<Object[]>of(new Object[] {1L})));
    assertEquals("22000", e.getSQLState());
  }

  @Test
  void emptyRelease_countsZero_andReusesTheCompiledPlan() throws Exception {
    PostProcessor p = compile(b -> b.aggregate(b.groupKey(), b.countStar("C")).build());
    assertEquals(List.of(row(0L)), lists(p.apply(List.of())));
    assertEquals(List.of(row(4L)), lists(p.apply(ROWS)));
  }

  @Test
  void bigintOverflow_is22003_notAWrapAround() throws Exception {
    PostProcessor p =
        compile(
            b ->
                b.project(b.call(SqlStdOperatorTable.MULTIPLY, b.field("N"), b.literal(2)))
                    .build());
    List<Object[]> huge =
        List.<Object[]>of(new Object[] {"a", 9_000_000_000_000_000_000L, 1.0, null, null});
    SQLException e = assertThrows(SQLException.class, () -> p.apply(huge));
    assertEquals("22003", e.getSQLState(), e.getMessage());
    assertEquals(List.of(row(20L), row(0L), row(8L), row(12L)), lists(p.apply(ROWS)));
  }

  @Test
  void integerOverflow_is22003() throws Exception {
    PostProcessor p =
        compile(
            b ->
                b.project(
                        b.call(
                            SqlStdOperatorTable.PLUS,
                            b.cast(b.field("N"), SqlTypeName.INTEGER),
                            b.literal(Integer.MAX_VALUE)))
                    .build());
    SQLException e = assertThrows(SQLException.class, () -> p.apply(ROWS));
    assertEquals("22003", e.getSQLState(), e.getMessage());
  }

  @Test
  void exactArithmetic_keepsNullsAndTypes() throws Exception {
    PostProcessor p =
        compile(
            b ->
                b.project(
                        b.call(
                            SqlStdOperatorTable.MINUS,
                            b.cast(b.field("A"), SqlTypeName.INTEGER),
                            b.literal(1)))
                    .build());
    assertEquals(
        "INTEGER", p.outputType().getFieldList().get(0).getType().getSqlTypeName().getName());
    assertEquals(List.of(row(99), row((Object) null), row(49), row(69)), lists(p.apply(ROWS)));
  }

  @Test
  void emptyLogicalValuesAsTheLeaf_isReplacedByTheReleasedRows() throws Exception {
    RelBuilder b = PostFixture.builder();
    RelDataType released = PostFixture.releasedType(b.getTypeFactory());
    RelNode leaf =
        org.apache.calcite.rel.logical.LogicalValues.createEmpty(b.getCluster(), released);
    RelNode above =
        org.apache.calcite.rel.logical.LogicalFilter.create(
            leaf, b.push(leaf).greaterThan(b.field("N"), b.literal(5)));
    b.clear();
    PostProcessor p = PostProcessor.compile(above, released);
    assertEquals(2, p.apply(ROWS).size());
  }
}
