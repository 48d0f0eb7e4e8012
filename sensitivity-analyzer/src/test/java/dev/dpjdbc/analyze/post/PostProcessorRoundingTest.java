package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.compile;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static dev.dpjdbc.analyze.post.PostFixture.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PostgreSQL's rounding where Calcite's differs: round(float8) and float-to-integer casts are half
 * to even; numeric-to-integer casts round half away from zero (Calcite truncates).
 */
class PostProcessorRoundingTest {
  static final List<Object[]> HALVES =
      List.of(
          new Object[] {"a", 1L, 2.5, 49.6, null},
          new Object[] {"b", 2L, -2.5, -49.6, null},
          new Object[] {"c", 3L, 3.5, null, null});

  record Case(String name, Function<RelBuilder, RelNode> above, List<List<Object>> want) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "ROUND(float8) half to even",
                b -> b.project(b.call(SqlStdOperatorTable.ROUND, b.field("S"))).build(),
                List.of(row(2.0), row(-2.0), row(4.0))),
            new Case(
                "CAST(float8 AS INTEGER) half to even",
                b -> b.project(b.cast(b.field("S"), SqlTypeName.INTEGER)).build(),
                List.of(row(2), row(-2), row(4))),
            new Case(
                "CAST(float8 AS BIGINT) rounds, does not truncate",
                b -> b.project(b.cast(b.field("A"), SqlTypeName.BIGINT)).build(),
                List.of(row(50L), row(-50L), row((Object) null))),
            new Case(
                "CAST(numeric AS INTEGER) half away from zero",
                b ->
                    b.project(
                            b.cast(
                                b.cast(b.field("S"), SqlTypeName.DECIMAL, 10, 1),
                                SqlTypeName.INTEGER))
                        .build(),
                List.of(row(3), row(-3), row(4))),
            new Case(
                "ROUND(numeric) half away from zero",
                b ->
                    b.project(
                            b.call(
                                SqlStdOperatorTable.ROUND,
                                b.cast(b.field("S"), SqlTypeName.DECIMAL, 10, 1)))
                        .build(),
                List.of(
                    row(new BigDecimal("3")), row(new BigDecimal("-3")), row(new BigDecimal("4")))))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void roundsAsPostgres(Case c) throws Exception {
    assertEquals(c.want(), lists(compile(c.above()).apply(HALVES)), c.name());
  }

  @org.junit.jupiter.api.Test
  void castOfAHugeFloatToBigint_is22003() throws Exception {
    PostProcessor p = compile(b -> b.project(b.cast(b.field("S"), SqlTypeName.BIGINT)).build());
    java.sql.SQLException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.sql.SQLException.class,
            () -> p.apply(List.<Object[]>of(new Object[] {"a", 1L, 1e30, null, null})));
    assertEquals("22003", e.getSQLState(), e.getMessage());
  }
}
