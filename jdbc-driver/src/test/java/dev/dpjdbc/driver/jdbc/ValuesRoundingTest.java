package dev.dpjdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** getLong/getInt of a non-integral (noisy) value round to the nearest integer, never truncate. */
class ValuesRoundingTest {
  @Test
  void asLong_roundsToNearest() throws Exception {
    assertEquals(5L, Values.asLong(new BigDecimal("4.9"))); // a NUMERIC SUM: was 4 (longValue)
    assertEquals(-5L, Values.asLong(new BigDecimal("-4.9")));
    assertEquals(3L, Values.asLong(new BigDecimal("2.5"))); // numeric ties away from zero
    assertEquals(10L, Values.asLong(9.6));
    assertEquals(2L, Values.asLong(2.5)); // double ties to even (PostgreSQL's float8 → int8)
    assertEquals(-2L, Values.asLong(-2.5));
    assertEquals(10L, Values.asLong(9.6f));
    assertEquals(5L, Values.asLong("4.9"));
    assertEquals(7L, Values.asLong(7));
  }

  @Test
  void asLong_decimalBeyondLongRange_isAnError() {
    assertThrows(SQLException.class, () -> Values.asLong(new BigDecimal("1e30")));
  }
}
