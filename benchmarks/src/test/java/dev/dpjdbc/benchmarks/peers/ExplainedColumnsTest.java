package dev.dpjdbc.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dpjdbc.benchmarks.peers.Agg.Kind;
import dev.dpjdbc.benchmarks.peers.ExplainedColumns.Coordinate;
import dev.dpjdbc.benchmarks.peers.ExplainedColumns.Type;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** EXPLAIN PRIVACY's aggregate texts and the per-column variances built from them, by hand. */
class ExplainedColumnsTest {
  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("COUNT(*)", Type.COUNT, null, 0.0),
        Arguments.of("SUM(x)", Type.SUM, "x", 0.0),
        Arguments.of("SUM(x - 50)", Type.SUM, "x", 50.0),
        Arguments.of("SUM(x + 2.5)", Type.SUM, "x", -2.5),
        Arguments.of("SUM((x - 50)^2)", Type.SQUARES, "x", 50.0),
        Arguments.of("SUM(x^2)", Type.SQUARES, "x", 0.0),
        Arguments.of("SUM(x * x)", Type.SQUARES, "x", 0.0),
        Arguments.of("SUM((x - 50) * (x - 50))", Type.SQUARES, "x", 50.0));
  }

  @ParameterizedTest
  @MethodSource("texts")
  void parse_classifiesTheAggregate(String text, Type type, String column, double centre) {
    Coordinate c = ExplainedColumns.parse(text, 1, List.of("a"));
    assertEquals(type, c.type());
    assertEquals(column, c.column());
    assertEquals(centre, c.centre(), 0);
  }

  @Test
  void parse_unknownText_isRefusedByName() {
    assertThrows(
        IllegalStateException.class, () -> ExplainedColumns.parse("SUM(ABS(x))", 1, List.of()));
  }

  @Test
  void variance_fromCentredCoordinates_handChecked() {
    // n = 100, Σx = 4000, Σx² = 170000; coordinates centred at 50:
    // s = −1000, Q = 170000 − 100·4000 + 100·2500 = 20000.
    Moments m = new Moments(100, 4000, 170000);
    List<Coordinate> cs =
        List.of(
            ExplainedColumns.parse("COUNT(*)", 1, List.of("n", "m", "v", "s")),
            ExplainedColumns.parse("SUM(x - 50)", 4, List.of("m", "v", "s")),
            ExplainedColumns.parse("SUM((x - 50)^2)", 9, List.of("v")));
    // COUNT: its coordinate's variance.
    assertEquals(1, ExplainedColumns.variance(Agg.count("n"), m, cs), 0);
    // SUM released as centred sum + 50·count: 4 + 2500·1.
    assertEquals(2504, ExplainedColumns.variance(Agg.of(Kind.SUM, "s", "x", 0, 100), m, cs), 1e-9);
    // AVG: (4 + (−10)²·1)/100² = 0.0104.
    assertEquals(
        0.0104, ExplainedColumns.variance(Agg.of(Kind.AVG, "m", "x", 0, 100), m, cs), 1e-12);
    // VAR: ∂q = 1/100, ∂s = −2·(−10)/100 = 0.2, ∂n = −20000/10⁴ + 2·(−10)(−1000)/10⁴ = 0:
    // 10⁻⁴·9 + 0.04·4 = 0.1609.
    assertEquals(
        0.1609, ExplainedColumns.variance(Agg.of(Kind.VAR_POP, "v", "x", 0, 100), m, cs), 1e-12);
  }

  @Test
  void variance_columnWithoutItsCoordinates_isRefused() {
    Moments m = new Moments(100, 4000, 170000);
    List<Coordinate> cs = List.of(ExplainedColumns.parse("COUNT(*)", 1, List.of("n")));
    assertThrows(
        IllegalStateException.class,
        () -> ExplainedColumns.variance(Agg.of(Kind.AVG, "m", "x", 0, 100), m, cs));
  }
}
