package dev.dpjdbc.analyze.plan;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyEqualityTest {
  private static GroupKey key(int type, String name, Object... domain) {
    return new GroupKey("k", type, name, Arrays.asList(domain), "CHECK k_in");
  }

  private static Optional<Object> c(GroupKey k, Object v) {
    return KeyEquality.canonical(k, v);
  }

  @Test
  void text_comparesExactly_noBooleanOrCaseFolding() {
    GroupKey k = key(Types.VARCHAR, "varchar", "t", "true", "T", "TRUE", "f");
    assertDoesNotThrow(() -> KeyEquality.requireDistinct(k));
    List<Object> forms = k.domain().stream().map(v -> c(k, v).orElseThrow()).toList();
    assertEquals(5, forms.stream().distinct().count(), "five distinct strings: " + forms);
    assertEquals(c(k, "t"), c(k, new String("t")));
    assertNotEquals(c(k, "t"), c(k, "t "), "trailing space is significant in text");
    assertTrue(c(k, true).isEmpty(), "a Boolean is not a text value");
    assertTrue(c(k, 1).isEmpty(), "a number is not a text value");
  }

  @Test
  void char_ignoresTrailingBlanksOnly() {
    GroupKey k = key(Types.CHAR, "bpchar", "ab", "a");
    assertEquals(c(k, "ab"), c(k, "ab "));
    assertNotEquals(c(k, "ab"), c(k, " ab"));
    assertNotEquals(c(k, "ab"), c(k, "AB"));
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> KeyEquality.requireDistinct(key(Types.CHAR, "bpchar", "a", "a  ")));
    assertEquals("0A000", e.getSQLState());
  }

  @Test
  void boolean_acceptsBooleansOnly() {
    GroupKey k = key(Types.BOOLEAN, "bool", true, false);
    assertEquals(c(k, Boolean.TRUE), c(k, true));
    assertNotEquals(c(k, true), c(k, false));
    for (Object v : List.of("t", "true", "T", 1, "1")) {
      assertTrue(c(k, v).isEmpty(), v + " is text or a number, not a boolean");
    }
    SQLException e =
        assertThrows(
            SQLException.class,
            () -> KeyEquality.requireDistinct(key(Types.BOOLEAN, "bool", true, "t")));
    assertEquals("0A000", e.getSQLState());
    assertTrue(e.getMessage().contains("'t'"), e.getMessage());
  }

  @Test
  void integers_byValue_integralOnly() {
    GroupKey k = key(Types.INTEGER, "int4", 1, 2);
    assertEquals(c(k, 3), c(k, 3L));
    assertEquals(c(k, 3), c(k, (short) 3));
    assertEquals(c(k, 3), c(k, new BigDecimal("3.00")));
    assertEquals(c(k, 0), c(k, new BigDecimal("0.000")));
    assertTrue(c(k, new BigDecimal("3.5")).isEmpty(), "3.5 is no integer");
    assertTrue(c(k, "3").isEmpty(), "text is no integer");
    assertTrue(c(k, true).isEmpty());
  }

  @Test
  void policyValues_equalInTheType_areF0000() {
    GroupKey k = new GroupKey("k", Types.INTEGER, "int4", List.of(1, 1L), "policy values");
    SQLException e = assertThrows(SQLException.class, () -> KeyEquality.requireDistinct(k));
    assertEquals("F0000", e.getSQLState(), e.getMessage());
    assertTrue(e.getMessage().contains("listed twice"), e.getMessage());
    assertTrue(e.getMessage().contains("as int4 values"), e.getMessage());
    GroupKey narrowed =
        new GroupKey(
            "k",
            Types.NUMERIC,
            "numeric",
            List.of(new BigDecimal("1"), new BigDecimal("1.0")),
            "policy values; WHERE k < 5");
    assertEquals(
        "F0000",
        assertThrows(SQLException.class, () -> KeyEquality.requireDistinct(narrowed))
            .getSQLState());
  }

  @Test
  void numeric_byCompareTo() {
    GroupKey k = key(Types.NUMERIC, "numeric", new BigDecimal("1.5"));
    assertEquals(c(k, new BigDecimal("1.5")), c(k, new BigDecimal("1.500")));
    assertNotEquals(c(k, new BigDecimal("1.5")), c(k, new BigDecimal("1.05")));
    assertEquals(c(k, new BigDecimal("100")), c(k, new BigDecimal("1E+2")));
    assertTrue(c(k, Double.NaN).isEmpty(), "NaN matches no domain value");
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                KeyEquality.requireDistinct(
                    key(Types.NUMERIC, "numeric", new BigDecimal("1"), new BigDecimal("1.0"))));
    assertEquals("0A000", e.getSQLState());
  }

  @Test
  void floating_zeroAndNaN_asPostgresGroupsThem() {
    GroupKey d = key(Types.DOUBLE, "float8", 0.5);
    assertEquals(c(d, 0.0), c(d, -0.0));
    assertEquals(c(d, Double.NaN), c(d, Double.NaN));
    assertNotEquals(c(d, 0.1), c(d, 0.1f), "0.1f is another double");
    GroupKey r = key(Types.REAL, "float4", 0.1);
    assertEquals(c(r, 0.1), c(r, 0.1f), "a REAL domain value is the float it names");
  }

  @Test
  void dates_andTimestamps_byValue() {
    GroupKey d = key(Types.DATE, "date", "2024-01-01");
    assertEquals(c(d, "2024-01-01"), c(d, LocalDate.of(2024, 1, 1)));
    assertTrue(c(d, "01/01/2024").isEmpty());
    GroupKey ts = key(Types.TIMESTAMP, "timestamp", "2024-01-01 10:00:00");
    assertEquals(c(ts, "2024-01-01 10:00:00"), c(ts, "2024-01-01 10:00:00.000"));
    assertEquals(c(ts, "2024-01-01 10:00"), c(ts, "2024-01-01T10:00:00"));
    assertNotEquals(c(ts, "2024-01-01 10:00:00"), c(ts, "2024-01-01 10:00:00.5"));
    GroupKey tz = key(Types.TIMESTAMP, "timestamptz", "2024-01-01 10:00:00+00");
    assertEquals(c(tz, "2024-01-01 10:00:00+00"), c(tz, "2024-01-01 12:00:00+02"));
    assertTrue(c(tz, "2024-01-01 10:00:00").isEmpty(), "no offset: no instant");
    assertEquals(
        "0A000",
        assertThrows(
                SQLException.class,
                () ->
                    KeyEquality.requireDistinct(
                        key(Types.TIMESTAMP, "timestamptz", "2024-01-01 10:00:00")))
            .getSQLState());
    GroupKey t = key(Types.TIME, "time", "10:00:00");
    assertEquals(c(t, "10:00"), c(t, "10:00:00"));
    GroupKey timetz = key(Types.TIME, "timetz", "10:00:00+02");
    assertNotEquals(c(timetz, "10:00:00+02"), c(timetz, "09:00:00+01"), "as text: exact");
  }

  @Test
  void null_equalsNullOnly() {
    GroupKey k = key(Types.VARCHAR, "varchar", "a", null);
    assertDoesNotThrow(() -> KeyEquality.requireDistinct(k));
    assertEquals(c(k, null), c(k, null));
    assertNotEquals(c(k, null), c(k, "NULL"));
    assertNotEquals(c(k, null), c(k, ""));
    assertThrows(
        SQLException.class,
        () -> KeyEquality.requireDistinct(key(Types.VARCHAR, "varchar", null, null)));
  }

  @Test
  void readsText_forTextAndDatetimeKeys() {
    assertTrue(KeyEquality.readsText(key(Types.VARCHAR, "varchar")));
    assertTrue(KeyEquality.readsText(key(Types.TIMESTAMP, "timestamp")));
    assertTrue(KeyEquality.readsText(key(Types.OTHER, "uuid")));
    assertEquals(false, KeyEquality.readsText(key(Types.INTEGER, "int4")));
    assertEquals(false, KeyEquality.readsText(key(Types.BOOLEAN, "bool")));
  }
}
