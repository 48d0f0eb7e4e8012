package dev.dpjdbc.driver.charge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.mechanisms.account.PrivacyCost;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Exact decimal costs: the representation rule and its rounding directions. */
class ExactCostTest {

  static Stream<Arguments> decimals() {
    return Stream.of(
        Arguments.of(0.1, "0.1"),
        Arguments.of(1e-7, "1E-7"),
        Arguments.of(1.0, "1"),
        Arguments.of(0.0002927188691741177, "0.0002927188691741177"),
        Arguments.of(1.0 / 3, "0.3333333333333333"),
        // more than 40 decimal places: rounded up, never down
        Arguments.of(1.2345e-39, "1.3E-39"),
        Arguments.of(Double.MIN_VALUE, "1E-40"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("decimals")
  void decimal_double_isItsShortDecimalRoundedUpToScale(double value, String expected) {
    assertEquals(new BigDecimal(expected), ExactCost.decimal("x", value));
  }

  @Test
  void plus_tenTimesOneTenth_isExactlyOne() {
    ExactCost total = ExactCost.ZERO;
    double doubleSum = 0;
    for (int i = 0; i < 10; i++) {
      total = total.plus(ExactCost.of(new PrivacyCost(0.1, 1e-7, 0.005, 0)));
      doubleSum += 0.1;
    }
    assertEquals(0, total.epsilon().compareTo(BigDecimal.ONE));
    assertEquals(0, total.delta().compareTo(new BigDecimal("1E-6")));
    assertTrue(doubleSum < 1.0, "the double sum drifts: " + doubleSum);
  }

  static Stream<Arguments> roundings() {
    return Stream.of(
        Arguments.of("0.3", 0.30000000000000004, 0.3),
        Arguments.of("1", 1.0, 1.0),
        Arguments.of("0.1", 0.1, 0.09999999999999999),
        Arguments.of("1E-6", 1.0000000000000002e-6, 1e-6));
  }

  @ParameterizedTest(name = "{0}: up {1}, down {2}")
  @MethodSource("roundings")
  void upAndDown_bracketTheDecimal(String decimal, double up, double down) {
    BigDecimal value = new BigDecimal(decimal);
    assertEquals(up, ExactCost.up(value), 0.0);
    assertEquals(down, ExactCost.down(value), 0.0);
    assertTrue(new BigDecimal(ExactCost.up(value)).compareTo(value) >= 0);
    assertTrue(new BigDecimal(ExactCost.down(value)).compareTo(value) <= 0);
  }

  @Test
  void of_hugeOrNegative_isRejectedWithTheValue() {
    IllegalArgumentException huge =
        assertThrows(
            IllegalArgumentException.class, () -> ExactCost.of(new PrivacyCost(1e30, 0, 0, 0)));
    assertTrue(huge.getMessage().contains("epsilon must be >= 0 and < 1e25"), huge.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ExactCost.decimal("x", Double.NaN));
  }
}
