package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static dev.dpjdbc.analyze.post.PostFixture.compile;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static dev.dpjdbc.analyze.post.PostFixture.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The analyst's parameters above the DP boundary: bound as literals before evaluation ({@code LIMIT
 * ?}, {@code OFFSET ?}, HAVING and expressions), type-checked with PostgreSQL's rules, refused with
 * a SQLState when a value does not fit.
 */
class PostProcessorParametersTest {
  private static RexNode param(RelBuilder b, SqlTypeName type, int index) {
    RelDataType t =
        b.getTypeFactory().createTypeWithNullability(b.getTypeFactory().createSqlType(type), true);
    return b.getRexBuilder().makeDynamicParam(t, index);
  }

  /** {@code ORDER BY n DESC LIMIT $1 OFFSET $2}. */
  private static RelNode limitOffset(RelBuilder b) {
    return b.sortLimit(
            param(b, SqlTypeName.INTEGER, 1),
            param(b, SqlTypeName.INTEGER, 0),
            List.of(b.desc(b.field("N"))))
        .project(b.field("REGION"), b.field("N"))
        .build();
  }

  /** {@code WHERE n > $1}, then {@code s / $2}. */
  private static RelNode havingAndDivide(RelBuilder b) {
    return b.filter(b.greaterThan(b.field("N"), param(b, SqlTypeName.BIGINT, 0)))
        .project(
            b.field("REGION"),
            b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), param(b, SqlTypeName.DOUBLE, 1)))
        .build();
  }

  record Case(
      String name,
      Function<RelBuilder, RelNode> above,
      List<Object> values,
      List<List<Object>> want) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> answered() {
    return Stream.of(
            new Case(
                "LIMIT 2 OFFSET 1",
                PostProcessorParametersTest::limitOffset,
                Arrays.asList(2, 1),
                List.of(row(null, 6L), row("E", 4L))),
            new Case(
                "LIMIT from a long and a string, as PostgreSQL reads an int8 or text parameter",
                PostProcessorParametersTest::limitOffset,
                Arrays.asList(1L, "0"),
                List.of(row("N", 10L))),
            new Case(
                "LIMIT NULL is no limit, OFFSET NULL no offset (PostgreSQL)",
                PostProcessorParametersTest::limitOffset,
                Arrays.asList(null, null),
                List.of(row("N", 10L), row(null, 6L), row("E", 4L), row("S", 0L))),
            new Case(
                "HAVING n > 4, s / 2.5",
                PostProcessorParametersTest::havingAndDivide,
                Arrays.<Object>asList(4, new BigDecimal("2.5")),
                List.of(row("N", 400.0), row(null, -12.0))),
            new Case(
                "HAVING n > NULL keeps no row",
                PostProcessorParametersTest::havingAndDivide,
                Arrays.asList(null, 1.0),
                List.of()))
        .map(Arguments::of);
  }

  @ParameterizedTest
  @MethodSource("answered")
  void bind_values_evaluatedAsLiterals(Case c) throws SQLException {
    PostProcessor p = compile(c.above());
    assertEquals(2, p.parameters().size(), c.name());
    assertEquals(c.want(), lists(p.bind(c.values()).apply(ROWS)), c.name());
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("LIMIT -1", Arrays.asList(-1, 0), "2201W"),
        Arguments.of("OFFSET -1", Arrays.asList(1, -1), "2201X"),
        Arguments.of("a fraction for an integer", Arrays.asList(1.5, 0), "22023"),
        Arguments.of("text that is no number", Arrays.asList("x", 0), "22023"),
        Arguments.of("an integer out of range", Arrays.asList(1L << 40, 0), "22023"),
        Arguments.of("a missing value", List.of(1), "22023"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void bind_badValue_refusedWithSqlState(String name, List<Object> values, String state)
      throws SQLException {
    PostProcessor p = compile(PostProcessorParametersTest::limitOffset);
    SQLException e = assertThrows(SQLException.class, () -> p.bind(values));
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  @Test
  void apply_unboundParameters_refused() throws SQLException {
    PostProcessor p = compile(PostProcessorParametersTest::limitOffset);
    assertEquals("22023", assertThrows(SQLException.class, () -> p.apply(ROWS)).getSQLState());
  }

  @Test
  void returnsNoRows_onlyForALimitBoundToZero() throws SQLException {
    PostProcessor p = compile(PostProcessorParametersTest::limitOffset);
    assertFalse(p.returnsNoRows(), "unbound: not known");
    assertTrue(p.bind(Arrays.asList(0, 0)).returnsNoRows());
    assertFalse(p.bind(Arrays.asList(1, 5)).returnsNoRows());
    assertEquals(List.of(), p.bind(Arrays.asList(0, 0)).apply(ROWS));
  }

  @Test
  void bind_withoutParameters_isTheSameProcessor() throws SQLException {
    PostProcessor p = compile(b -> b.project(b.field("N")).build());
    assertTrue(p.parameters().isEmpty());
    assertSame(p, p.bind(List.of()));
  }
}
