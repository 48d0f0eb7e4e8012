package dev.dpjdbc.analyze.privacy;

import static dev.dpjdbc.analyze.privacy.Expect.interval;
import static dev.dpjdbc.analyze.privacy.Expect.source;
import static dev.dpjdbc.analyze.privacy.Expect.test;
import static dev.dpjdbc.analyze.privacy.Expect.unbounded;
import static dev.dpjdbc.analyze.privacy.ExpressionPrivacyTest.x;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.CASE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_NULL;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.IS_TRUE;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MINUS;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.MULTIPLY;
import static org.apache.calcite.sql.fun.SqlStdOperatorTable.UNARY_MINUS;

import dev.dpjdbc.analyze.privacy.Expect.Case;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CASE branches narrowed by their conditions ({@link Guards}), over the unbounded columns {@code
 * employees.score} (DOUBLE PRECISION) and {@code employees.manager_id} (INTEGER), and arithmetic
 * over values that may be NaN or infinite. The SQL forms analysts write (LEAST/GREATEST, which
 * Calcite expands into CASEs, BETWEEN, flipped comparisons), run on PostgreSQL and H2 over NaN and
 * ±Infinity, are in {@code analyze.bounding.AnalystClampTest}.
 */
class CaseGuardsPrivacyTest {
  static PrivacyFixture fx;

  @BeforeAll
  static void setUp() throws SQLException {
    fx = new PrivacyFixture();
  }

  @AfterAll
  static void tearDown() throws SQLException {
    fx.connection.close();
  }

  private static RexNode score(RelBuilder b) {
    return b.field("score");
  }

  private static RexNode n(RelBuilder b, double v) {
    return b.literal(v);
  }

  static Stream<Case> cases() {
    return Stream.of(
        test(
            "case_clamp_elseNarrowedByEarlierConditionsNotTrue",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.lessThan(score(b), n(b, 0)),
                        n(b, 0),
                        b.greaterThan(score(b), n(b, 50)),
                        n(b, 50),
                        score(b))),
            interval("x", 0, 50),
            source("x", "bounded by the conditions of its CASE")),
        test(
            "case_flippedComparison_literalOnTheLeft",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.greaterThan(n(b, 0), score(b)),
                        n(b, 0),
                        b.lessThan(n(b, 100), score(b)),
                        n(b, 100),
                        score(b))),
            interval("x", 0, 100)),
        test(
            "case_thenNarrowedByItsOwnCondition_betweenWithoutElse",
            x(
                "employees",
                b ->
                    b.call(
                        CASE, b.between(score(b), n(b, -5), n(b, 5)), score(b), b.literal(null))),
            interval("x", -5, 5)),
        test(
            "case_integerOpenEnds_closed",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.and(
                            b.greaterThan(b.field("manager_id"), b.literal(3)),
                            b.lessThan(b.field("manager_id"), b.literal(7))),
                        b.field("manager_id"),
                        b.literal(5))),
            interval("x", 4, 6)),
        test(
            "case_or_hullOfItsOperands",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.or(
                            b.between(score(b), n(b, 0), n(b, 1)),
                            b.between(score(b), n(b, 5), n(b, 6))),
                        score(b),
                        n(b, 0))),
            interval("x", 0, 6)),
        test(
            "case_negatedAnd_narrowsNothing",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.and(
                            b.greaterThanOrEqual(score(b), n(b, 0)),
                            b.lessThanOrEqual(score(b), n(b, 10))),
                        n(b, 0),
                        score(b))),
            unbounded("x")),
        test(
            "case_negatedOr_eachOperandNotTrue",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.or(b.lessThan(score(b), n(b, -1)), b.greaterThan(score(b), n(b, 1))),
                        n(b, 0),
                        score(b))),
            interval("x", -1, 1)),
        test(
            "case_notAndIsTrue_readThrough",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.not(b.call(IS_TRUE, b.lessThanOrEqual(score(b), n(b, 9)))),
                        n(b, 9),
                        b.not(b.greaterThanOrEqual(score(b), n(b, 1))),
                        n(b, 1),
                        score(b))),
            interval("x", 1, 9)),
        test(
            "case_isNull_branchValueIsNull",
            x("employees", b -> b.call(CASE, b.call(IS_NULL, score(b)), score(b), n(b, 1))),
            interval("x", 1, 1)),
        test(
            "case_notEquals_elseIsThePoint",
            x("employees", b -> b.call(CASE, b.notEquals(score(b), n(b, 7)), n(b, 0), score(b))),
            interval("x", 0, 7)),
        test(
            "case_nested_outerConditionsReachTheInnerCase",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.lessThan(score(b), n(b, 10)),
                        b.call(CASE, b.greaterThan(score(b), n(b, 0)), score(b), n(b, 0)),
                        n(b, 10))),
            interval("x", 0, 10)),
        test(
            "case_conditionOnAnotherExpression_narrowsNothing",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.between(b.call(MINUS, score(b), n(b, 1)), n(b, 0), n(b, 10)),
                        score(b),
                        n(b, 0))),
            unbounded("x")),
        test(
            "case_conditionOnTheExpressionItself_narrowsIt",
            x(
                "employees",
                b -> {
                  RexNode e = b.call(MINUS, score(b), n(b, 1));
                  return b.call(CASE, b.between(e, n(b, 0), n(b, 10)), e, n(b, 0));
                }),
            interval("x", 0, 10)),
        test(
            "case_conditionOnAnotherColumn_narrowsNothing",
            x(
                "employees",
                b -> b.call(CASE, b.lessThan(b.field("salary"), b.literal(10)), score(b), n(b, 0))),
            unbounded("x")),
        test(
            "case_wideningCast_seenThrough",
            x(
                "employees",
                b ->
                    b.call(
                        CASE,
                        b.between(
                            b.cast(b.field("manager_id"), SqlTypeName.BIGINT),
                            b.literal(1),
                            b.literal(9)),
                        b.field("manager_id"),
                        b.literal(0))),
            interval("x", 0, 9)),
        test(
            "times_zeroByNonFiniteDouble_noUpperEnd",
            x("employees", b -> b.call(MULTIPLY, score(b), n(b, 0))),
            interval("x", 0, Double.POSITIVE_INFINITY)),
        test(
            "times_zeroByUnboundedInteger_zero",
            x("employees", b -> b.call(MULTIPLY, b.field("manager_id"), b.literal(0))),
            interval("x", 0, 0)),
        test(
            "negate_doubleBoundedBelowOnly_mayBeNaN",
            x(
                "employees",
                b ->
                    b.call(
                        UNARY_MINUS,
                        b.call(CASE, b.greaterThan(score(b), n(b, 0)), score(b), n(b, 0)))),
            unbounded("x")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void analyse(Case c) {
    c.expect().accept(fx.analysis().privacy(c.plan().apply(fx.builder())));
  }
}
