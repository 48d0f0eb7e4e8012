package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The projection fast path of {@link PostProcessor#apply}: a post-processing that only renames,
 * reorders or drops released columns returns exactly what Calcite's interpreter returns (values,
 * Java classes, order), and anything else still goes through the interpreter.
 */
class PostProjectionTest {

  static Stream<Arguments> projections() {
    return Stream.of(
        Arguments.of("identity", (Function<RelBuilder, RelNode>) RelBuilder::build),
        Arguments.of(
            "rename",
            (Function<RelBuilder, RelNode>)
                b ->
                    b.project(
                            List.of(b.field(0), b.field(1), b.field(2), b.field(3), b.field(4)),
                            List.of("r", "count", "sum", "avg", "day"),
                            true)
                        .build()),
        Arguments.of(
            "reorder and subset",
            (Function<RelBuilder, RelNode>)
                b -> b.project(b.field(4), b.field(1), b.field(0), b.field(1)).build()),
        Arguments.of(
            "projection of a projection",
            (Function<RelBuilder, RelNode>)
                b ->
                    b.project(b.field(2), b.field(0), b.field(3))
                        .project(b.field(2), b.field(1))
                        .build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("projections")
  void apply_projection_equalsInterpreter(String name, Function<RelBuilder, RelNode> body)
      throws Exception {
    PostProcessor p = PostFixture.compile(body);
    assertTrue(p.isProjection(), name);
    List<Object[]> fast = p.apply(ROWS);
    List<Object[]> interpreted = p.applyInterpreted(ROWS);
    assertEquals(lists(interpreted), lists(fast));
    for (int r = 0; r < fast.size(); r++) {
      for (int c = 0; c < fast.get(r).length; c++) {
        Object f = fast.get(r)[c];
        Object i = interpreted.get(r)[c];
        assertEquals(i == null ? null : i.getClass(), f == null ? null : f.getClass());
      }
    }
  }

  static Stream<Arguments> notProjections() {
    return Stream.of(
        Arguments.of(
            "computed column",
            (Function<RelBuilder, RelNode>)
                b ->
                    b.project(
                            b.field(0), b.call(SqlStdOperatorTable.PLUS, b.field(1), b.literal(1)))
                        .build()),
        Arguments.of(
            "filter",
            (Function<RelBuilder, RelNode>)
                b ->
                    b.filter(b.call(SqlStdOperatorTable.GREATER_THAN, b.field(1), b.literal(4)))
                        .project(b.field(0), b.field(1))
                        .build()),
        Arguments.of(
            "order by", (Function<RelBuilder, RelNode>) b -> b.sort(b.desc(b.field(2))).build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notProjections")
  void apply_otherOperators_useInterpreter(String name, Function<RelBuilder, RelNode> body)
      throws Exception {
    PostProcessor p = PostFixture.compile(body);
    assertFalse(p.isProjection(), name);
    assertEquals(lists(p.applyInterpreted(ROWS)), lists(p.apply(ROWS)));
  }
}
