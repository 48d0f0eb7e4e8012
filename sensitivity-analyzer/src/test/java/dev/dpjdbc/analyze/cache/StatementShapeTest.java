package dev.dpjdbc.analyze.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a statement's shape parameterises, and which statements share a key. */
class StatementShapeTest {

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE age > 37", "SELECT COUNT(*) FROM t WHERE age > ?"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE age BETWEEN 18 AND -5",
            "SELECT COUNT(*) FROM t WHERE age BETWEEN ? AND ?"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE region IN ('N', 'S') AND hired >= DATE '2024-01-01'",
            "SELECT COUNT(*) FROM t WHERE region IN (?, ?) AND hired >= ?"),
        Arguments.of(
            "SELECT date_trunc('month', hired), COUNT(*) FROM t WHERE x = 'it''s' GROUP BY 1",
            "SELECT date_trunc('month', hired), COUNT(*) FROM t WHERE x = ? GROUP BY 1"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE a > ? AND\n  b < 2.50 LIMIT 10",
            "SELECT COUNT(*) FROM t WHERE a > ? AND\n  b < ? LIMIT 10"),
        Arguments.of(
            "SELECT SUM(CASE WHEN age > 30 THEN 1 ELSE 0 END) FROM t",
            "SELECT SUM(CASE WHEN age > ? THEN 1 ELSE 0 END) FROM t"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE ts < TIMESTAMP '2024-01-01 10:00:00'",
            "SELECT COUNT(*) FROM t WHERE ts < ?"));
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void of_valuePositions_becomeParameters(String sql, String shape) {
    assertEquals(shape, StatementShape.of(sql).orElseThrow().sql());
  }

  static Stream<String> unshaped() {
    return Stream.of(
        "SELECT COUNT(*) FROM t", // no literal
        "SELECT COUNT(*) FROM t WHERE age > ?", // only the analyst's parameter
        "SELECT COUNT(*) FROM t LIMIT 5", // LIMIT stays
        "SELECT date_trunc('week', hired), COUNT(*) FROM t GROUP BY 1", // a function's argument
        "SELECT COUNT(*) FROM t WHERE score > 1e3", // approximate number
        "SELECT COUNT(*) FROM t WHERE ts < TIMESTAMP '2024-01-01 10:00:00.5'", // a fraction
        "SELECT COUNT(*) FROM t WHERE x > $1", // PostgreSQL-style parameters
        "SELECT COUNT(*) FROM t WHERE x = NULL", // NULL stays a keyword
        "SELECT COUNT(* FROM t WHERE x = 1"); // does not parse
  }

  @ParameterizedTest
  @MethodSource("unshaped")
  void of_noValueLiteral_isEmpty(String sql) {
    assertTrue(StatementShape.of(sql).isEmpty(), sql);
  }

  @ParameterizedTest
  @MethodSource("sameKey")
  void key_differentValuesOfOneKind_areEqual(String a, String b) {
    assertEquals(
        StatementShape.of(a).orElseThrow().key(), StatementShape.of(b).orElseThrow().key());
  }

  static Stream<Arguments> sameKey() {
    return Stream.of(
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE age > 37", "SELECT COUNT(*) FROM t WHERE age > 41"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE hired >= '2024-01-01'",
            "SELECT COUNT(*) FROM t WHERE hired >= '2025-06-30'"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE b < 2.50", "SELECT COUNT(*) FROM t WHERE b < 9.75"));
  }

  @ParameterizedTest
  @MethodSource("otherKey")
  void key_otherKindOrText_differs(String a, String b) {
    assertNotEquals(
        StatementShape.of(a).orElseThrow().key(), StatementShape.of(b).orElseThrow().key());
  }

  static Stream<Arguments> otherKey() {
    return Stream.of(
        // a decimal is typed by its scale, an integer by its magnitude, a string is not a number
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE b < 2.5", "SELECT COUNT(*) FROM t WHERE b < 2.50"),
        Arguments.of("SELECT COUNT(*) FROM t WHERE b < 2", "SELECT COUNT(*) FROM t WHERE b < 2.0"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE b < 2", "SELECT COUNT(*) FROM t WHERE b < 3000000000"),
        Arguments.of("SELECT COUNT(*) FROM t WHERE b < 2", "SELECT COUNT(*) FROM t WHERE b < '2'"),
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE d < '2024-01-01'",
            "SELECT COUNT(*) FROM t WHERE d < DATE '2024-01-01'"),
        // a literal that is not in a value position is part of the key
        Arguments.of(
            "SELECT COUNT(*) FROM t WHERE b < 2 LIMIT 1",
            "SELECT COUNT(*) FROM t WHERE b < 2 LIMIT 2"));
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void literals_interleaveWithAnalystParameters_inTextOrder(String sql, String shape) {
    StatementShape s = StatementShape.of(sql).orElseThrow();
    assertEquals(shape.chars().filter(c -> c == '?').count(), s.analystIndex().size());
  }

  @org.junit.jupiter.api.Test
  void literals_valuesAndIndices() {
    StatementShape s =
        StatementShape.of(
                "SELECT COUNT(*) FROM t WHERE a = ? AND b > -7 AND c < ? AND d = DATE '2024-02-29'")
            .orElseThrow();
    assertEquals(List.of(0, -1, 1, -1), s.analystIndex());
    assertEquals(
        List.of(
            new ShapeLiteral(1, ShapeLiteral.Kind.INTEGER, new BigDecimal("-7")),
            new ShapeLiteral(3, ShapeLiteral.Kind.DATE, LocalDate.of(2024, 2, 29))),
        s.literals());
  }
}
