package dev.dpjdbc.it.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The corpus runner's own arithmetic: spec parsing, tolerances, k, and row matching (no database;
 * CorpusIT runs the corpus itself).
 */
class ColumnCheckTest {
  private static final ColumnCheck.Coordinate COUNT =
      new ColumnCheck.Coordinate(List.of("a"), "COUNT(*)", 1, 0.1);
  private static final ColumnCheck.Coordinate CENTRED_SUM =
      new ColumnCheck.Coordinate(List.of("a"), "SUM(x - 50)", 50, 2);

  @Test
  void parse_kindArgumentsAndModifiers() {
    ColumnCheck c = ColumnCheck.parse("ratio/4000*2+1");
    assertEquals(ColumnCheck.Kind.RATIO, c.kind());
    assertEquals(4000, c.n());
    assertEquals(2, c.times());
    assertEquals(1, c.plus());
    ColumnCheck r = ColumnCheck.parse("rank/0.5/0.02");
    assertEquals(0.5, r.q());
    assertEquals(0.02, r.r());
    assertEquals(ColumnCheck.Kind.KEY, ColumnCheck.parse("key").kind());
  }

  @ParameterizedTest
  @ValueSource(strings = {"avg", "ratio", "ratio/1/2", "rank/0.5", "lin/3", "lin*x"})
  void parse_badSpec_refused(String spec) {
    assertThrows(IllegalArgumentException.class, () -> ColumnCheck.parse(spec));
  }

  @Test
  void lin_isKTimesTheSumOfStddevsPlusHalf() {
    double tol = ColumnCheck.parse("lin*2+3").tolerance(List.of(COUNT, CENTRED_SUM), 10);
    assertEquals(2 * (10 * 2.1 + 0.5) + 3, tol, 1e-12);
  }

  /** AVG = S/B: k(σ_S + (λ_S/λ_B)·σ_B)/(N − kσ_B), the COUNT being B. */
  @Test
  void ratio_takesTheCountAsDenominator() {
    double tol = ColumnCheck.parse("ratio/100").tolerance(List.of(CENTRED_SUM, COUNT), 10);
    assertEquals(10 * (2 + 50 * 0.1) / (100 - 10 * 0.1), tol, 1e-12);
  }

  @Test
  void ratio_withoutCount_takesTheSmallestLambdaAsDenominator() {
    ColumnCheck.Coordinate revenue =
        new ColumnCheck.Coordinate(List.of("p"), "SUM(price * qty)", 120000, 300);
    ColumnCheck.Coordinate units = new ColumnCheck.Coordinate(List.of("p"), "SUM(qty)", 120, 0.3);
    double tol = ColumnCheck.parse("ratio/50000").tolerance(List.of(revenue, units), 10);
    assertEquals(10 * (300 + 1000 * 0.3) / (50000 - 3), tol, 1e-9);
  }

  @Test
  void ratio_noiseReachingTheDenominator_isInfinite() {
    assertEquals(
        Double.POSITIVE_INFINITY,
        ColumnCheck.parse("ratio/1").tolerance(List.of(CENTRED_SUM, COUNT), 10));
  }

  /** With exact coordinates the variance tolerance is zero; it grows with every σ. */
  @Test
  void variance_separatesTheSumFromTheSumOfSquares() {
    ColumnCheck.Coordinate squares =
        new ColumnCheck.Coordinate(List.of("v"), "SUM((x - 50)^2)", 2500, 0);
    ColumnCheck.Coordinate sum = new ColumnCheck.Coordinate(List.of("v"), "SUM(x - 50)", 50, 0);
    ColumnCheck.Coordinate count = new ColumnCheck.Coordinate(List.of("v"), "COUNT(x)", 1, 0);
    ColumnCheck var = ColumnCheck.parse("var/1000");
    assertEquals(0, var.tolerance(List.of(squares, sum, count), 10), 1e-12);
    ColumnCheck.Coordinate noisySquares =
        new ColumnCheck.Coordinate(List.of("v"), "SUM((x - 50)^2)", 2500, 100);
    double tol = var.tolerance(List.of(noisySquares, sum, count), 10);
    assertEquals(10 * 100 / 1000.0 * 1000 / 999, tol, 1e-9, "only e2 = kσ_Q/N");
  }

  /** C cells · 2·exp(−√2·k) = 10⁻⁶ / C. */
  @ParameterizedTest
  @ValueSource(longs = {1, 7, 100, 5000})
  void k_meetsTheStatedFalseFailureRate(long cells) {
    double k = AnswerComparison.k(cells);
    assertEquals(1e-6 / cells, cells * 2 * Math.exp(-Math.sqrt(2) * k), 1e-12 / cells);
  }

  @Test
  void comparison_matchesGroupsByKey_andAcceptsEmptyPublicGroupsNearZero() throws Exception {
    ResultTable exact = table(row("N", 100), row("S", 50));
    assertTrue(compare(exact, table(row("S", 50), row("N", 100), row("W", 0))).ok());
    assertFalse(compare(exact, table(row("N", 100))).ok(), "a missing group fails");
    assertFalse(compare(exact, table(row("N", 100), row("S", 50), row("W", 40))).ok());
    assertFalse(compare(exact, table(row("N", 100), row("S", 58))).ok(), "beyond tolerance");
  }

  private static AnswerComparison.Result compare(ResultTable exact, ResultTable released)
      throws Exception {
    CorpusQuery q =
        new CorpusQuery(
            "x",
            8,
            true,
            "SELECT region, COUNT(*) AS n FROM t GROUP BY region",
            List.of(),
            Set.of("h2"),
            List.of(ColumnCheck.parse("key"), ColumnCheck.parse("lin")),
            false,
            Map.of(),
            null,
            null,
            null,
            null);
    List<ColumnCheck.Coordinate> coordinates =
        List.of(new ColumnCheck.Coordinate(List.of("n"), "COUNT(*)", 1, 0.2));
    return new AnswerComparison(q, exact, released, coordinates, sql -> null).compare();
  }

  @SafeVarargs
  private static ResultTable table(List<Object>... rows) {
    return new ResultTable(List.of("region", "n"), new ArrayList<>(Arrays.asList(rows)));
  }

  private static List<Object> row(String key, double n) {
    return List.of(key, BigDecimal.valueOf(n));
  }
}
