package dev.dpjdbc.analyze.sql2rel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dpjdbc.analyze.parse.SqlParsing;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The names PostgreSQL gives unnamed SELECT items ({@code FigureColname}); the PostgreSQL test
 * checks the same rule against PostgreSQL's own labels for every converted query.
 */
class OutputNamesTest {
  static Stream<Arguments> items() {
    return Stream.of(
        Arguments.of("COUNT(*)", "count"),
        Arguments.of("count(DISTINCT x)", "count"),
        Arguments.of("SUM(x) FILTER (WHERE y)", "sum"),
        Arguments.of("PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)", "percentile_cont"),
        Arguments.of("ROW_NUMBER() OVER ()", "row_number"),
        Arguments.of("x::int", "x"),
        Arguments.of("t.x", "x"),
        Arguments.of("1::int", "int4"),
        Arguments.of("CAST(1 AS DOUBLE PRECISION)", "float8"),
        Arguments.of("CAST(1.5 AS NUMERIC(10, 2))", "numeric"),
        Arguments.of("CAST(x + 1 AS BIGINT)", "int8"),
        Arguments.of("1::text", "text"),
        Arguments.of("CASE WHEN a THEN 1 END", "case"),
        Arguments.of("CAST(CASE WHEN a THEN 1 END AS VARCHAR)", "varchar"),
        Arguments.of("COALESCE(a, 0)", "coalesce"),
        Arguments.of("NULLIF(a, 0)", "nullif"),
        Arguments.of("GREATEST(a, b)", "greatest"),
        Arguments.of("EXTRACT(YEAR FROM d)", "extract"),
        Arguments.of("CURRENT_DATE", "current_date"),
        Arguments.of("date_trunc('month', d)", "date_trunc"),
        Arguments.of("lower(x)", "lower"),
        Arguments.of("TRIM(BOTH FROM x)", "btrim"),
        Arguments.of("TRIM(LEADING 'a' FROM x)", "ltrim"),
        Arguments.of("EXISTS (SELECT 1)", "exists"),
        Arguments.of("(SELECT MAX(a) FROM t)", "max"),
        Arguments.of("(SELECT a AS z FROM t)", "z"),
        Arguments.of("a + 1", "?column?"),
        Arguments.of("a || b", "?column?"),
        Arguments.of("NOT a", "?column?"),
        Arguments.of("a IS NULL", "?column?"),
        Arguments.of("1", "?column?"),
        Arguments.of("'x'", "?column?"),
        Arguments.of("?", "?column?"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("items")
  void nameOf_selectItem_isPostgresName(String item, String expected) throws SqlParseException {
    SqlSelect select = (SqlSelect) parse("SELECT " + item + " FROM t");
    assertEquals(expected, OutputNames.nameOf(select.getSelectList().get(0)));
  }

  static Stream<Arguments> queries() {
    return Stream.of(
        Arguments.of("SELECT COUNT(*), COUNT(x) FROM t", List.of("count", "count")),
        Arguments.of("SELECT a, COUNT(*) AS a FROM t", List.of("a", "a")),
        Arguments.of("SELECT COUNT(*) FROM t ORDER BY 1", List.of("count")),
        Arguments.of("SELECT * FROM t", null),
        Arguments.of("SELECT 1 UNION SELECT 2", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queries")
  void labels_keepDuplicates(String sql, List<String> expected) throws SqlParseException {
    SqlNode query = parse(sql);
    OutputNames.apply(query);
    assertEquals(expected, OutputNames.labels(query));
  }

  private static SqlNode parse(String sql) throws SqlParseException {
    return SqlParser.create(sql, SqlParsing.POSTGRES).parseQuery();
  }
}
