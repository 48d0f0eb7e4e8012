package dev.dpjdbc.analyze.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.sql.Types;
import org.junit.jupiter.api.Test;

class TableBoundsConvertTest {
  private static final ColumnMeta FLAG =
      new ColumnMeta("flag", Types.BOOLEAN, "bool", 1, 0, false, null);
  private static final ColumnMeta N =
      new ColumnMeta("n", Types.INTEGER, "int4", 10, 0, false, null);

  @Test
  void booleans_readAsPostgresReadsThem_notAsFalse() {
    for (Object t : new Object[] {true, "true", "t", "T", "yes", "on", "1", 1}) {
      assertEquals(Boolean.TRUE, TableBounds.convert(t, FLAG), String.valueOf(t));
    }
    for (Object f : new Object[] {false, "false", "f", "F", "no", "off", "0", 0}) {
      assertEquals(Boolean.FALSE, TableBounds.convert(f, FLAG), String.valueOf(f));
    }
    for (Object bad : new Object[] {"maybe", "tru", 2, ""}) {
      assertThrows(
          IllegalArgumentException.class,
          () -> TableBounds.convert(bad, FLAG),
          bad + " is no boolean (Boolean.valueOf would have read it as false)");
    }
  }

  @Test
  void integers_1and1point0_areOneValue() {
    assertEquals(1, TableBounds.convert(1, N));
    assertEquals(1, TableBounds.convert(new BigDecimal("1.0"), N));
    assertThrows(IllegalArgumentException.class, () -> TableBounds.convert(1.5, N));
  }
}
