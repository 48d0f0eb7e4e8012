package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static dev.dpjdbc.analyze.post.PostFixture.lists;
import static dev.dpjdbc.analyze.post.PostFixture.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The post-processing part of analyst SQL as SqlToRelConverter produces it (ORDER BY alias and
 * position, CASE, NULLIF, a nested COUNT(*)), over a table RELEASED of the released row type.
 */
class PostProcessorSqlTest {
  record Case(String sql, List<List<Object>> want) {
    @Override
    public String toString() {
      return sql;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "SELECT region, a * 2 AS t FROM released ORDER BY t DESC LIMIT 2",
                List.of(row("S", null), row("N", 200.8))),
            new Case(
                "SELECT region, n FROM released ORDER BY 2 OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY",
                List.of(row("E", 4L), row(null, 6L))),
            new Case(
                "SELECT region FROM released WHERE n > 3 ORDER BY s / n",
                List.of(row((Object) null), row("E"), row("N"))),
            new Case(
                "SELECT CASE WHEN n >= 6 THEN 'many' ELSE 'few' END AS c FROM released ORDER BY region",
                List.of(row("few"), row("many"), row("few"), row("many"))),
            new Case(
                "SELECT s / NULLIF(n, 0) AS m FROM released ORDER BY m NULLS FIRST",
                List.of(row((Object) null), row(-5.0), row(50.0), row(100.0))),
            new Case(
                "SELECT COUNT(*) FROM (SELECT region, n FROM released) dbvrcnt", List.of(row(4L))),
            new Case(
                "SELECT COALESCE(region, '?') AS r, ROUND(a) AS ra FROM released ORDER BY r",
                List.of(row("?", 70.0), row("E", 50.0), row("N", 100.0), row("S", null))))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void sqlAboveTheRelease(Case c) throws Exception {
    SchemaPlus root = Frameworks.createRootSchema(true);
    root.add(
        "RELEASED",
        new AbstractTable() {
          @Override
          public RelDataType getRowType(RelDataTypeFactory f) {
            return PostFixture.releasedType(f);
          }
        });
    FrameworkConfig config =
        Frameworks.newConfigBuilder()
            .defaultSchema(root)
            .parserConfig(SqlParser.config().withCaseSensitive(false))
            // as the front end's type system: CASE 'many'/'few' is VARCHAR, not padded CHAR
            .typeSystem(
                new RelDataTypeSystemImpl() {
                  @Override
                  public boolean shouldConvertRaggedUnionTypesToVarying() {
                    return true;
                  }
                })
            .build();
    Planner planner = Frameworks.getPlanner(config);
    RelNode rel = planner.rel(planner.validate(planner.parse(c.sql()))).project();
    PostProcessor p =
        PostProcessor.compile(rel, PostFixture.releasedType(rel.getCluster().getTypeFactory()));
    assertEquals(c.want(), lists(p.apply(ROWS)), c.sql());
  }
}
