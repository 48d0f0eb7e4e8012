package dev.dpjdbc.mechanisms.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.Mechanism;
import java.math.BigInteger;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Deterministic properties of the grid method: grid choice, exact parameters, edge cases. */
class SecureNoiseTest {
  private final SecureNoise noise = SecureNoise.create();

  static Stream<Arguments> grids() {
    return Stream.of(
        Arguments.of(1.0, 0x1p-40),
        Arguments.of(3.7306, 0x1p-38),
        Arguments.of(0x1p40, 1.0),
        Arguments.of(0x1p40 + 1, 2.0),
        Arguments.of(746_315.0, 0x1p-20),
        Arguments.of(1e-320, Double.MIN_NORMAL),
        Arguments.of(Double.MAX_VALUE, 0x1p984));
  }

  @ParameterizedTest
  @MethodSource("grids")
  void grid_isSmallestPowerOfTwoAtLeastScaleTimes2ToMinus40(double scale, double expected) {
    assertEquals(expected, SecureNoise.grid(scale));
  }

  @Test
  void gridScale_inflatesBySensitivityPlusGrid_exactly() {
    // scale 1, λ = 1, g = 2^-40: 1·(1 + 2^-40)/(1·2^-40) = 2^40 + 1.
    ExactRational s = SecureNoise.gridScale(1.0, 1.0, 0x1p-40);
    assertEquals(ExactRational.of(BigInteger.ONE.shiftLeft(40).add(BigInteger.ONE)), s);
    // λ = 0: no inflation.
    assertEquals(ExactRational.of(0x1p40), SecureNoise.gridScale(1.0, 0.0, 0x1p-40));
  }

  @ParameterizedTest
  @EnumSource(
      value = Mechanism.class,
      names = {"GAUSSIAN", "LAPLACE"})
  void addNoise_scaleZero_returnsValueUnchanged(Mechanism m) {
    assertEquals(0.1, noise.addNoise(0.1, 1.0, 0.0, m, false));
    assertEquals(7.0, noise.addNoise(7.0, 1.0, 0.0, m, true));
  }

  @Test
  void addNoise_integralLaplace_returnsIntegers() {
    for (int i = 0; i < 200; i++) {
      double r = noise.addNoise(42.0, 1.0, 2.5, Mechanism.LAPLACE, true);
      assertEquals(Math.rint(r), r);
    }
  }

  @Test
  void addNoise_integralGaussian_usesFineGridWithoutInflation() {
    double g = SecureNoise.integralGrid(2.5, Mechanism.GAUSSIAN);
    assertEquals(0x1p-38, g);
    assertEquals(1.0, SecureNoise.integralGrid(0x1p50, Mechanism.GAUSSIAN));
    assertEquals(1.0, SecureNoise.integralGrid(2.5, Mechanism.LAPLACE));
    for (int i = 0; i < 200; i++) {
      double units = noise.addNoise(42.0, 1.0, 2.5, Mechanism.GAUSSIAN, true) / g;
      assertEquals(Math.rint(units), units);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Mechanism.class,
      names = {"GAUSSIAN", "LAPLACE"})
  void addNoise_real_returnsMultiplesOfGrid(Mechanism m) {
    double g = SecureNoise.grid(10.0);
    for (int i = 0; i < 200; i++) {
      double r = noise.addNoise(Math.PI, 3.0, 10.0, m, false);
      double units = r / g;
      assertEquals(Math.rint(units), units);
      assertTrue(Math.abs(r - Math.PI) < 10.0 * 40, "noise within 40 scales: " + r);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Mechanism.class,
      names = {"GAUSSIAN", "LAPLACE"})
  void addNoise_hugeValues_beyondLongRange_stayExact(Mechanism m) {
    // x/g = 1e300·2^40 overflows a double: the BigDecimal path rounds exactly.
    double r = noise.addNoise(1e300, 1.0, 1.0, m, false);
    assertTrue(Math.abs(r - 1e300) <= Math.ulp(1e300), "got " + r);
    double big = 0x1p70; // an integral count beyond long range
    double rc = noise.addNoise(big, 1.0, 2.0, m, true);
    assertTrue(Math.abs(rc - big) <= Math.ulp(big), "got " + rc);
    double neg = noise.addNoise(-Double.MAX_VALUE, 1.0, 1.0, m, false);
    assertTrue(neg <= -Double.MAX_VALUE / 2, "got " + neg);
  }

  @Test
  void addNoise_badArguments_areRejectedWithTheRule() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> noise.addNoise(1.0, 1.0, 1.0, Mechanism.AUTO, false));
    assertTrue(e.getMessage().contains("GAUSSIAN or LAPLACE"));
    assertThrows(
        IllegalArgumentException.class,
        () -> noise.addNoise(Double.NaN, 1.0, 1.0, Mechanism.LAPLACE, false));
    assertThrows(
        IllegalArgumentException.class,
        () -> noise.addNoise(1.0, -1.0, 1.0, Mechanism.LAPLACE, false));
    assertThrows(
        IllegalArgumentException.class,
        () -> noise.addNoise(1.0, 1.0, Double.POSITIVE_INFINITY, Mechanism.GAUSSIAN, false));
    assertThrows(
        IllegalArgumentException.class,
        () -> noise.addNoise(1.5, 1.0, 1.0, Mechanism.LAPLACE, true));
  }

  @Test
  void addNoise_concurrentCallers_shareOneSamplerSafely() throws Exception {
    double g = SecureNoise.grid(3.0);
    var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      var futures = new java.util.ArrayList<java.util.concurrent.Future<Boolean>>();
      for (int t = 0; t < 4; t++) {
        Mechanism m = t % 2 == 0 ? Mechanism.GAUSSIAN : Mechanism.LAPLACE;
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 5_000; i++) {
                    double units = noise.addNoise(0.5, 1.0, 3.0, m, false) / g;
                    if (Math.rint(units) != units) {
                      return false;
                    }
                  }
                  return true;
                }));
      }
      for (var f : futures) {
        assertTrue(f.get());
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void createForTesting_injectsTheGenerator() throws NoSuchAlgorithmException {
    double[] a = drawSeeded();
    double[] b = drawSeeded();
    for (int i = 0; i < a.length; i++) {
      assertEquals(a[i], b[i]);
    }
  }

  private static double[] drawSeeded() throws NoSuchAlgorithmException {
    SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
    r.setSeed(12345L);
    SecureNoise n = SecureNoise.createForTesting(r);
    double[] out = new double[20];
    for (int i = 0; i < out.length; i++) {
      out[i] =
          n.addNoise(0.0, 1.0, 1.0, i % 2 == 0 ? Mechanism.GAUSSIAN : Mechanism.LAPLACE, false);
    }
    return out;
  }

  /**
   * The scale addNoise really uses: unchanged for integral values and λ = 0, inflated by (λ + g)/λ
   * otherwise — negligible at ordinary scales, overwhelming (here infinite) when the grid dwarfs λ.
   */
  @Test
  void effectiveScale_isTheGridInflatedScale() {
    assertEquals(3.0, SecureNoise.effectiveScale(1.0, 3.0, Mechanism.LAPLACE, true));
    assertEquals(3.0, SecureNoise.effectiveScale(0.0, 3.0, Mechanism.GAUSSIAN, false));
    double ordinary = SecureNoise.effectiveScale(100.0, 5.0, Mechanism.GAUSSIAN, false);
    assertTrue(ordinary > 5.0 && ordinary < 5.0 * (1 + 1e-12), String.valueOf(ordinary));
    double g = SecureNoise.grid(1e205);
    assertEquals(
        1e205 + 1e205 * (g / 2e5),
        SecureNoise.effectiveScale(2e5, 1e205, Mechanism.LAPLACE, false));
    assertEquals(
        Double.POSITIVE_INFINITY, SecureNoise.effectiveScale(1.0, 1e300, Mechanism.LAPLACE, false));
  }
}
