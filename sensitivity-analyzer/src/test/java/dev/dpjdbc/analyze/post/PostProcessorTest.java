package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static dev.dpjdbc.analyze.post.PostFixture.compile;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static dev.dpjdbc.analyze.post.PostFixture.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.DateString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Table-driven: an expression over the released rows, the exact rows and column types out. */
class PostProcessorTest {
  record Case(
      String name, Function<RelBuilder, RelNode> above, String types, List<List<Object>> want) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "identity projection",
                b -> b.project(b.field("REGION"), b.field("N")).build(),
                "VARCHAR,BIGINT",
                List.of(row("N", 10L), row("S", 0L), row("E", 4L), row(null, 6L))),
            new Case(
                "ROUND(AVG) over the noisy average",
                b -> b.project(b.call(SqlStdOperatorTable.ROUND, b.field("A"))).build(),
                "DOUBLE",
                List.of(row(100.0), row((Object) null), row(50.0), row(70.0))),
            new Case(
                "AVG(x) * 2",
                b ->
                    b.project(b.call(SqlStdOperatorTable.MULTIPLY, b.field("A"), b.literal(2)))
                        .build(),
                "DOUBLE",
                List.of(row(200.8), row((Object) null), row(99.2), row(140.5))),
            new Case(
                "SUM(a) / COUNT(*) where the count is not zero",
                b ->
                    b.filter(b.greaterThan(b.field("N"), b.literal(0)))
                        .project(b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.field("N")))
                        .build(),
                "DOUBLE",
                List.of(row(100.0), row(50.0), row(-5.0))),
            new Case(
                "integer division truncates (BIGINT / INTEGER)",
                b ->
                    b.project(b.call(SqlStdOperatorTable.DIVIDE, b.field("N"), b.literal(4)))
                        .build(),
                "BIGINT",
                List.of(row(2L), row(0L), row(1L), row(1L))),
            new Case(
                "CASE over a noisy count",
                b ->
                    b.project(
                            b.call(
                                SqlStdOperatorTable.CASE,
                                b.greaterThan(b.field("N"), b.literal(5)),
                                b.literal("big"),
                                b.literal("small")))
                        .build(),
                "CHAR",
                List.of(row("big"), row("small"), row("small"), row("big"))),
            new Case(
                "CAST to DECIMAL(10,1)",
                b -> b.project(b.cast(b.field("S"), SqlTypeName.DECIMAL, 10, 1)).build(),
                "DECIMAL",
                List.of(
                    row(new BigDecimal("1000.0")),
                    row(new BigDecimal("50.0")),
                    row(new BigDecimal("200.0")),
                    row(new BigDecimal("-30.0")))),
            new Case(
                "CAST to VARCHAR",
                b -> b.project(b.cast(b.field("N"), SqlTypeName.VARCHAR)).build(),
                "VARCHAR",
                List.of(row("10"), row("0"), row("4"), row("6"))),
            new Case(
                "COALESCE(AVG, 0)",
                b ->
                    b.project(b.call(SqlStdOperatorTable.COALESCE, b.field("A"), b.literal(0.0)))
                        .build(),
                "DOUBLE",
                List.of(row(100.4), row(0.0), row(49.6), row(70.25))),
            new Case(
                "HAVING COUNT(*) > 3",
                b ->
                    b.filter(b.greaterThan(b.field("N"), b.literal(3)))
                        .project(b.field("REGION"))
                        .build(),
                "VARCHAR",
                List.of(row("N"), row("E"), row((Object) null))),
            new Case(
                "HAVING over an expression: AVG * 2 > 100",
                b ->
                    b.filter(
                            b.greaterThan(
                                b.call(SqlStdOperatorTable.MULTIPLY, b.field("A"), b.literal(2)),
                                b.literal(100)))
                        .project(b.field("REGION"))
                        .build(),
                "VARCHAR",
                List.of(row("N"), row((Object) null))),
            new Case(
                "HAVING with IS NULL on a group key",
                b -> b.filter(b.isNull(b.field("REGION"))).project(b.field("N")).build(),
                "BIGINT",
                List.of(row(6L))),
            new Case(
                "filter on a DATE key",
                b ->
                    b.filter(
                            b.greaterThan(
                                b.field("D"),
                                b.getRexBuilder().makeDateLiteral(new DateString("2020-06-01"))))
                        .project(b.field("REGION"), b.field("D"))
                        .build(),
                "VARCHAR,DATE",
                List.of(row("S", LocalDate.of(2021, 6, 30)))),
            new Case(
                "ORDER BY n DESC",
                b -> b.sort(b.desc(b.field("N"))).project(b.field("N")).build(),
                "BIGINT",
                List.of(row(10L), row(6L), row(4L), row(0L))),
            new Case(
                "ORDER BY a: NULLS LAST ascending (PostgreSQL)",
                b -> b.sort(b.field("A")).project(b.field("A")).build(),
                "DOUBLE",
                List.of(row(49.6), row(70.25), row(100.4), row((Object) null))),
            new Case(
                "ORDER BY a DESC: NULLS FIRST descending (PostgreSQL)",
                b -> b.sort(b.desc(b.field("A"))).project(b.field("A")).build(),
                "DOUBLE",
                List.of(row((Object) null), row(100.4), row(70.25), row(49.6))),
            new Case(
                "ORDER BY a NULLS FIRST ascending, explicit",
                b -> b.sort(b.nullsFirst(b.field("A"))).project(b.field("A")).build(),
                "DOUBLE",
                List.of(row((Object) null), row(49.6), row(70.25), row(100.4))),
            new Case(
                "ORDER BY region: a NULL key sorts last",
                b -> b.sort(b.field("REGION")).project(b.field("REGION")).build(),
                "VARCHAR",
                List.of(row("E"), row("N"), row("S"), row((Object) null))),
            new Case(
                "ORDER BY an expression alias (s / 10 AS t), by position",
                b ->
                    b.project(
                            b.field("REGION"),
                            b.alias(
                                b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.literal(10)),
                                "T"))
                        .sort(1)
                        .build(),
                "VARCHAR,DOUBLE",
                List.of(row(null, -3.0), row("S", 5.0), row("E", 20.0), row("N", 100.0))),
            new Case(
                "ORDER BY an expression not in the output",
                b ->
                    b.project(
                            b.field("REGION"),
                            b.call(SqlStdOperatorTable.MINUS, b.field("S"), b.field("N")))
                        .sort(b.desc(b.field(1)))
                        .project(b.field(0))
                        .build(),
                "VARCHAR",
                List.of(row("N"), row("E"), row("S"), row((Object) null))),
            new Case(
                "LIMIT 2",
                b -> b.sort(b.desc(b.field("N"))).limit(0, 2).project(b.field("N")).build(),
                "BIGINT",
                List.of(row(10L), row(6L))),
            new Case(
                "OFFSET 1 LIMIT 2",
                b -> b.sortLimit(1, 2, b.field("N")).project(b.field("N")).build(),
                "BIGINT",
                List.of(row(4L), row(6L))),
            new Case(
                "OFFSET beyond the rows",
                b -> b.sortLimit(10, -1, b.field("N")).project(b.field("N")).build(),
                "BIGINT",
                List.of()),
            new Case(
                "DBeaver: SELECT COUNT(*) FROM (...) dbvrcnt",
                b -> b.aggregate(b.groupKey(), b.countStar("C")).build(),
                "BIGINT",
                List.of(row(4L))),
            new Case(
                "outer COUNT(*) over a HAVING",
                b ->
                    b.filter(b.greaterThan(b.field("N"), b.literal(3)))
                        .aggregate(b.groupKey(), b.countStar("C"))
                        .build(),
                "BIGINT",
                List.of(row(3L))),
            new Case(
                "outer SUM and COUNT(column) skip NULLs",
                b -> b.aggregate(b.groupKey(), b.sum(b.field("N")), b.count(b.field("A"))).build(),
                "BIGINT,BIGINT",
                List.of(row(20L, 3L))),
            new Case(
                "outer AVG (reduced to SUM / COUNT by Calcite's rule)",
                b -> b.aggregate(b.groupKey(), b.avg(b.field("S"))).build(),
                "DOUBLE",
                List.of(row(305.0))),
            new Case(
                "outer MIN and MAX skip NULLs",
                b -> b.aggregate(b.groupKey(), b.min(b.field("A")), b.max(b.field("A"))).build(),
                "DOUBLE,DOUBLE",
                List.of(row(49.6, 100.4))),
            new Case(
                "outer GROUP BY over an expression",
                b ->
                    b.project(
                            b.alias(b.greaterThan(b.field("N"), b.literal(5)), "BIG"), b.field("N"))
                        .aggregate(b.groupKey(b.field("BIG")), b.sum(b.field("N")))
                        .sort(b.field(0))
                        .build(),
                "BOOLEAN,BIGINT",
                List.of(row(false, 4L), row(true, 16L))))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void evaluatesOverReleasedRows(Case c) throws Exception {
    PostProcessor p = compile(c.above());
    assertEquals(c.want(), lists(p.apply(ROWS)), c.name());
    assertEquals(
        c.types(),
        String.join(
            ",",
            p.outputType().getFieldList().stream()
                .map(RelDataTypeField::getType)
                .map(t -> t.getSqlTypeName().getName())
                .toList()),
        c.name());
  }
}
