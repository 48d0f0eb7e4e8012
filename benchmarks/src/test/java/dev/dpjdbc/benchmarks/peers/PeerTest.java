package dev.dpjdbc.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.benchmarks.peers.Agg.Kind;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The peers' analytic variances against values computed by hand from their formulas (the
 * derivations are in the comments). Group: n = 100, Σa = 4000 (mean 40), Σa² = 170000 (variance
 * 100), a ∈ [0, 100] (midpoint 50, half-width 50).
 */
class PeerTest {
  static final Moments M = new Moments(100, 4000, 170000);
  static final Agg COUNT = Agg.count("n");
  static final Agg SUM = Agg.of(Kind.SUM, "s", "a", 0, 100);
  static final Agg AVG = Agg.of(Kind.AVG, "m", "a", 0, 100);
  static final Agg VAR = Agg.of(Kind.VAR_POP, "v", "a", 0, 100);
  static final Agg SD = Agg.of(Kind.STDDEV_POP, "d", "a", 0, 100);
  static final List<Agg> CSA = List.of(COUNT, SUM, AVG);

  static Stream<Arguments> cases() {
    return Stream.of(
        // ZetaSQL, COUNT + SUM + AVG at ε = 1: ε/3 each, Laplace.
        // COUNT b = 3: 2·9 = 18. SUM b = 100·3: 2·300² = 180000.
        // AVG: BoundedMean at ε/3, halves at 1/6: count b = 6 → 72; centred sum b = 50·6 →
        // 180000; s = 4000 − 100·50 = −1000: (180000 + (−10)²·72)/100² = 18.72.
        Arguments.of(Peer.ZETASQL, CSA, 1e-6, 1, new double[] {18, 180000, 18.72}),
        // ZetaSQL with L0 = 2: every Laplace scale doubles, every variance ×4.
        Arguments.of(Peer.ZETASQL, CSA, 1e-6, 2, new double[] {72, 720000, 74.88}),
        // SmartNoise: base aggregates count and Σa at the full ε = 1: count 2, Σa 2·100² =
        // 20000; AVG = Σa/n: (20000 + 40²·2)/100² = 2.32.
        Arguments.of(Peer.SMARTNOISE, CSA, 1e-6, 1, new double[] {2, 20000, 2.32}),
        // Rescaled to the same total (ε/2 each): ×4.
        Arguments.of(Peer.SMARTNOISE_SAME_TOTAL, CSA, 1e-6, 1, new double[] {8, 80000, 9.28}),
        // Qrlew: M = 4 sums (count, sum, AVG's count and sum) at (1/4, 1e-6/4): σ² = Δ²·2
        // ln(1.25·4·10⁶)·16 = Δ²·30.849898·16 = 493.5984·Δ²; AVG uncentred: (4.935984e6 +
        // 40²·493.5984)/100² = 572.5741.
        Arguments.of(Peer.QRLEW, CSA, 1e-6, 1, new double[] {493.5984, 4.935984e6, 572.57414}),
        // ZetaSQL VAR_POP alone (K = 1): quarters at 0.25: counts 2·4² = 32, centred sum
        // 2·(50·4)² = 80000, squares (range 10⁴, sensitivity 5000) 2·(5000·4)² = 8·10⁸;
        // q = 170000 − 100·5000 = −330000, s = −1000, μ = 40:
        // 8e8/10⁴ + (33)²·32 + (0.8)²·80000 + (8)²·32 = 80000 + 34848 + 51200 + 2048 = 168096.
        Arguments.of(Peer.ZETASQL, List.of(VAR), 1e-6, 1, new double[] {168096}),
        // STDDEV_POP = √V: 168096 / (4·100) = 420.24.
        Arguments.of(Peer.ZETASQL, List.of(SD), 1e-6, 1, new double[] {420.24}),
        // Google's Gaussian COUNT alone at (1, 1e-5): σ = 1/μ0 = 3.73063 → 13.9176.
        Arguments.of(Peer.GOOGLE_GAUSSIAN, List.of(COUNT), 1e-5, 1, new double[] {13.9176}),
        // Qrlew does not release VAR.
        Arguments.of(Peer.QRLEW, List.of(VAR), 1e-6, 1, new double[] {Double.NaN}));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void variances_matchHandComputedValues(
      Peer peer, List<Agg> aggs, double delta, int l0, double[] expected) {
    Moments[] stats = new Moments[aggs.size()];
    java.util.Arrays.fill(stats, M);
    double[] v = peer.variances(aggs, stats, 1.0, delta, l0);
    for (int i = 0; i < expected.length; i++) {
      if (Double.isNaN(expected[i])) {
        assertTrue(Double.isNaN(v[i]), peer + " column " + i + " unsupported");
      } else {
        assertEquals(expected[i], v[i], 2e-5 * expected[i], peer + " column " + i);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("costs")
  void smartnoise_chargesTheFullEpsilonPerBaseAggregate(List<Agg> aggs, double cost) {
    assertEquals(cost, Peer.SMARTNOISE.costEpsilon(aggs, 0.5), 1e-12);
    assertEquals(0.5, Peer.ZETASQL.costEpsilon(aggs, 0.5), 1e-12);
  }

  static Stream<Arguments> costs() {
    return Stream.of(
        Arguments.of(CSA, 1.0), // count, Σa
        Arguments.of(List.of(COUNT, AVG, VAR, SD), 1.5), // count, Σa, Σa²
        Arguments.of(List.of(SUM), 0.5));
  }
}
