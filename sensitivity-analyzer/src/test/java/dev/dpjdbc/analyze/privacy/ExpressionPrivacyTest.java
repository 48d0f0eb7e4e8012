package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.domain;
import static dev.dpjdbc.analyze.privacy.Expect.domainSource;
import static dev.dpjdbc.analyze.privacy.Expect.interval;
import static dev.dpjdbc.analyze.privacy.Expect.noDomain;
import static dev.dpjdbc.analyze.privacy.Expect.path;
import static dev.dpjdbc.analyze.privacy.Expect.rows;
import static dev.dpjdbc.analyze.privacy.Expect.source;
import static dev.dpjdbc.analyze.privacy.Expect.status;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unbounded;
import static dev.dpjdbc.analyze.privacy.Expect.unit;
import static dev.dpjdbc.analyze.privacy.PrivacyFixture.day;
import static dev.dpjdbc.analyze.privacy.PrivacyFixture.millis;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.ABS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CEIL;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CHAR_LENGTH;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.COALESCE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.DATETIME_PLUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.DIVIDE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.EXTRACT;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.FLOOR;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MINUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MOD;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MULTIPLY;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.PLUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.ROUND;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.UNARY_MINUS;

import dev.dpjdbc.analyze.privacy.Expect.Case;
import dev.dpjdbc.analyze.privacy.RelPrivacy.Status;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Projections: interval arithmetic, domains of expressions, the unit through a projection. */
class ExpressionPrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  /** {@code SELECT <e> AS x FROM table}. */
  static Function<RelBuilder, RelNode> x(String table, Function<RelBuilder, RexNode> e) {
    return b -> {
      b.scan(table);
      return b.project(b.alias(e.apply(b), "x")).build();
    };
  }

  static RelDataType type(RelBuilder b, SqlTypeName t) {
    return b.getTypeFactory().createSqlType(t);
  }

  static RexNode cast(RelBuilder b, RexNode e, SqlTypeName t) {
    return b.getRexBuilder().makeCast(type(b, t), e);
  }

  static RexNode intervalLiteral(RelBuilder b, long value, TimeUnit unit) {
    return b.getRexBuilder()
        .makeIntervalLiteral(
            BigDecimal.valueOf(value), new SqlIntervalQualifier(unit, null, SqlParserPos.ZERO));
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "plus_literal_shiftsEnds",
            x("employees", b -> b.call(PLUS, b.field("salary"), b.literal(1000))),
            interval("x", 1000, 201000),
            source("x", "salary + 1000 from salary: ")),
        test(
            "minus_columns",
            x("employees", b -> b.call(MINUS, b.field("age"), b.field("level"))),
            interval("x", 13, 69)),
        test(
            "times_bounded_decimalTimesInteger",
            x("orders", b -> b.call(MULTIPLY, b.field("price"), b.field("qty"))),
            interval("x", 0, 20000),
            source("x", "price * qty")),
        test(
            "times_mixedSigns_minMaxOfFourProducts",
            x(
                "employees",
                b ->
                    b.call(
                        MULTIPLY,
                        b.call(MINUS, b.field("age"), b.literal(50)),
                        b.call(MINUS, b.field("level"), b.literal(3)))),
            interval("x", -64, 64)),
        test(
            "divide_byLiteral_integerRangeDomain",
            x("employees", b -> b.call(DIVIDE, b.field("salary"), b.literal(1000))),
            interval("x", 0, 200),
            domainSource("x", "integer range")),
        test(
            "divide_divisorSpansZero_unbounded",
            x(
                "employees",
                b ->
                    b.call(
                        DIVIDE, b.field("salary"), b.call(MINUS, b.field("age"), b.literal(30)))),
            unbounded("x")),
        test(
            "divide_integerTruncatesTowardZero",
            x(
                "employees",
                b -> b.call(DIVIDE, b.call(MINUS, b.field("age"), b.literal(50)), b.literal(3))),
            interval("x", -10, 6)),
        test(
            "divide_decimal_realQuotient",
            x("orders", b -> b.call(DIVIDE, b.field("price"), b.literal(new BigDecimal("4.0")))),
            interval("x", 0, 250)),
        test(
            "unaryMinus_flips",
            x("employees", b -> b.call(UNARY_MINUS, b.field("salary"))),
            interval("x", -200000, 0)),
        test(
            "mod_boundedByDivisor",
            x("employees", b -> b.call(MOD, b.field("salary"), b.literal(7))),
            interval("x", 0, 7)),
        test(
            "case_literalBranches_domainOfValues",
            x(
                "employees",
                b ->
                    b.call(
                        org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE,
                        b.field("remote"),
                        b.literal("home"),
                        b.literal("office"))),
            domain("x", "home", "office")),
        test(
            "case_columnAndLiteral_hull",
            x(
                "employees",
                b ->
                    b.call(
                        org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE,
                        b.field("remote"),
                        b.field("age"),
                        b.literal(0))),
            interval("x", 0, 70)),
        test(
            "case_withoutElse_nullAddsNoValue",
            x(
                "employees",
                b ->
                    b.call(
                        org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE,
                        b.greaterThan(b.field("level"), b.literal(3)),
                        b.literal("senior"),
                        b.literal(null))),
            domain("x", "senior")),
        test(
            "case_zeroOne_countIndicator",
            x(
                "employees",
                b ->
                    b.call(
                        org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE,
                        b.equals(b.field("region"), b.literal("N")),
                        b.literal(1),
                        b.literal(0))),
            interval("x", 0, 1),
            domain("x", 1, 0)),
        test(
            "cast_decimalToInteger_roundsOutwardAndNotesNarrowing",
            x(
                "orders",
                b ->
                    cast(
                        b,
                        b.call(DIVIDE, b.field("price"), b.literal(new BigDecimal("3.0"))),
                        SqlTypeName.INTEGER)),
            interval("x", 0, 334),
            source("x", "narrower")),
        test(
            "cast_toNarrowerInteger_keepsIntervalWithNote",
            x("employees", b -> cast(b, b.field("salary"), SqlTypeName.SMALLINT)),
            interval("x", 0, 200000),
            source("x", "raises an error")),
        test(
            "cast_booleanToInteger_zeroOne",
            x("employees", b -> cast(b, b.field("remote"), SqlTypeName.INTEGER)),
            interval("x", 0, 1)),
        test(
            "cast_dateToTimestamp_convertsUnits",
            x("employees", b -> cast(b, b.field("hired"), SqlTypeName.TIMESTAMP)),
            interval("x", millis("2015-01-01T00:00"), millis("2025-12-31T00:00"))),
        test(
            "coalesce_hullAndDomainUnion",
            x("employees", b -> b.call(COALESCE, b.field("age"), b.literal(0))),
            interval("x", 0, 70),
            Expect.all(
                p ->
                    org.junit.jupiter.api.Assertions.assertEquals(
                        54, Expect.col(p, "x").domain().values().size()))),
        test(
            "abs_ofSignedRange",
            x("employees", b -> b.call(ABS, b.call(MINUS, b.field("age"), b.literal(50)))),
            interval("x", 0, 32)),
        test(
            "leastGreatest_analystClampBoundsUnboundedColumn",
            x(
                "employees",
                b ->
                    b.call(
                        SqlLibraryOperators.LEAST_PG,
                        b.call(SqlLibraryOperators.GREATEST_PG, b.field("score"), b.literal(0)),
                        b.literal(100))),
            interval("x", 0, 100)),
        test(
            "least_nullableArgumentCannotCapIt",
            x(
                "employees",
                b -> b.call(SqlLibraryOperators.LEAST_PG, b.field("salary"), b.field("age"))),
            interval("x", 0, 200000)),
        test(
            "floorCeil_numeric",
            x(
                "orders",
                b ->
                    b.call(
                        CEIL, b.call(DIVIDE, b.field("price"), b.literal(new BigDecimal("3.0"))))),
            interval("x", 0, 334)),
        test(
            "round_withDigits",
            x(
                "orders",
                b ->
                    b.call(
                        ROUND,
                        b.call(DIVIDE, b.field("price"), b.literal(new BigDecimal("3.0"))),
                        b.literal(1))),
            interval("x", 0, 333.3)),
        test(
            "extractMonth_fromTheFunctionAlone",
            x("employees", b -> b.call(EXTRACT, b.literal(TimeUnitRange.MONTH), b.field("hired"))),
            interval("x", 1, 12),
            domain("x", 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L)),
        test(
            "extractYear_fromBoundedDate",
            x("employees", b -> b.call(EXTRACT, b.literal(TimeUnitRange.YEAR), b.field("hired"))),
            interval("x", 2015, 2025),
            domainSource("x", "integer range")),
        test(
            "extractDow_hullOfBackends",
            x("visits", b -> b.call(EXTRACT, b.literal(TimeUnitRange.DOW), b.field("visited"))),
            interval("x", 0, 7)),
        test(
            "floorDateToMonth_truncatesEnds",
            x("employees", b -> b.call(FLOOR, b.field("hired"), b.literal(TimeUnitRange.MONTH))),
            interval("x", day("2015-01-01"), day("2025-12-01"))),
        test(
            "floorTimestampToDay",
            x("orders", b -> b.call(FLOOR, b.field("placed"), b.literal(TimeUnitRange.DAY))),
            interval("x", millis("2020-01-01T00:00"), millis("2024-12-31T00:00"))),
        test(
            "datePlusInterval_shiftsEnds",
            x(
                "orders",
                b ->
                    b.call(
                        DATETIME_PLUS,
                        b.field("placed"),
                        intervalLiteral(b, 86_400_000L, TimeUnit.DAY))),
            interval("x", millis("2020-01-02T00:00"), millis("2025-01-01T23:59"))),
        test(
            "comparison_booleanDomain",
            x("employees", b -> b.greaterThan(b.field("salary"), b.literal(1000))),
            domain("x", true, false),
            unbounded("x")),
        test(
            "unknownFunction_unbounded",
            x("employees", b -> b.call(CHAR_LENGTH, b.field("email"))),
            unbounded("x"),
            noDomain("x")),
        test(
            "bindParameter_unbounded",
            x(
                "employees",
                b ->
                    b.call(
                        MULTIPLY,
                        b.field("salary"),
                        b.getRexBuilder().makeDynamicParam(type(b, SqlTypeName.INTEGER), 0))),
            unbounded("x")),
        test(
            "literal_pointAndDomain",
            x("employees", b -> b.literal(5)),
            interval("x", 5, 5),
            domain("x", 5)),
        test(
            "project_unitMovesWithItsColumn",
            b -> b.scan("employees").project(b.field("salary"), b.field("id")).build(),
            unit("public.employees.id", 1),
            rows(1, true),
            interval("salary", 0, 200000)),
        test(
            "project_unitProjectedAway_stillPrivate",
            b -> b.scan("visits").project(b.field("minutes")).build(),
            unit("public.employees.id"),
            path("projected away"),
            rows(4, false)),
        test(
            "project_overPublic_public",
            b -> b.scan("departments").project(b.field("name")).build(),
            status(Status.PUBLIC)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }
}
