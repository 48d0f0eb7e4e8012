package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.GroupKey;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DomainGroupsTest {
  private static GroupKey key(int type, String name, Object... domain) {
    return new GroupKey("k", type, name, Arrays.asList(domain), "CHECK k_in");
  }

  private static double value(DomainGroups g, int group) {
    return g.result().groups().get(group).values()[0];
  }

  @Test
  void groups_areTheCartesianProductOfDomains_withEmptyGroupsAtZero() throws SQLException {
    DomainGroups g =
        new DomainGroups(
            List.of(
                new GroupKey("region", Types.VARCHAR, "varchar", List.of("N", "S"), "CHECK"),
                new GroupKey("active", Types.BOOLEAN, "bool", List.of(true, false), "BOOLEAN")),
            1);
    assertTrue(g.add(new Object[] {"S", true}, new double[] {7}));
    assertFalse(g.add(new Object[] {null, true}, new double[] {3}), "NULL is not in the domain");
    assertFalse(g.add(new Object[] {"X", true}, new double[] {3}), "outside the domain");
    assertFalse(g.add(new Object[] {"S", "t"}, new double[] {3}), "text is not a boolean value");
    List<RawResult.Group> groups = g.result().groups();
    assertEquals(4, groups.size());
    assertArrayEquals(new Object[] {"N", true}, groups.get(0).keys());
    assertEquals(0, groups.get(0).values()[0]);
    assertArrayEquals(new Object[] {"S", true}, groups.get(2).keys());
    assertEquals(7, groups.get(2).values()[0]);
  }

  /** The bug: 't', 'true' and 'T' were one group, so a unit's C rows in each counted 2C (3C). */
  @Test
  void textValuesThatSpellOneBoolean_areDistinctGroups() throws SQLException {
    DomainGroups g = new DomainGroups(List.of(key(Types.VARCHAR, "varchar", "t", "true", "T")), 1);
    assertTrue(g.add(new Object[] {"t"}, new double[] {5}));
    assertTrue(g.add(new Object[] {"true"}, new double[] {7}));
    assertTrue(g.add(new Object[] {"T"}, new double[] {11}));
    assertFalse(g.add(new Object[] {"TRUE"}, new double[] {13}), "not in the domain: dropped");
    assertFalse(g.add(new Object[] {true}, new double[] {13}), "a boolean is not a text value");
    assertEquals(3, g.result().groups().size());
    assertEquals(5, value(g, 0));
    assertEquals(7, value(g, 1));
    assertEquals(11, value(g, 2));
  }

  @Test
  void numbers_matchByValueInTheKeysType() throws SQLException {
    DomainGroups ints = new DomainGroups(List.of(key(Types.INTEGER, "int4", 1, 2)), 1);
    assertTrue(ints.add(new Object[] {1L}, new double[] {3}));
    assertTrue(ints.add(new Object[] {new BigDecimal("2.00")}, new double[] {4}));
    assertFalse(ints.add(new Object[] {new BigDecimal("1.5")}, new double[] {9}));
    assertFalse(ints.add(new Object[] {"1"}, new double[] {9}));
    assertEquals(3, value(ints, 0));
    assertEquals(4, value(ints, 1));
    DomainGroups numeric =
        new DomainGroups(List.of(key(Types.NUMERIC, "numeric", new BigDecimal("1.5"))), 1);
    assertTrue(numeric.add(new Object[] {new BigDecimal("1.50")}, new double[] {2}));
    assertEquals(2, value(numeric, 0));
  }

  @Test
  void nullableKey_nullGroupTakesNullRowsOnly() throws SQLException {
    DomainGroups g = new DomainGroups(List.of(key(Types.VARCHAR, "varchar", "a", null)), 1);
    assertTrue(g.add(new Object[] {null}, new double[] {2}));
    assertFalse(g.add(new Object[] {"NULL"}, new double[] {9}));
    assertEquals(0, value(g, 0));
    assertEquals(2, value(g, 1));
  }

  @Test
  void blankPaddedChar_matchesItsDomainValue() throws SQLException {
    DomainGroups g = new DomainGroups(List.of(key(Types.CHAR, "bpchar", "ab", "b")), 1);
    assertTrue(g.add(new Object[] {"ab "}, new double[] {1}));
    assertTrue(g.add(new Object[] {"b  "}, new double[] {1}));
    assertFalse(g.add(new Object[] {"AB "}, new double[] {1}));
  }

  @Test
  void domainWithTwoEqualValues_isRefusedBeforeAnythingRuns() {
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                new DomainGroups(
                    List.of(key(Types.NUMERIC, "numeric", BigDecimal.ONE, new BigDecimal("1.0"))),
                    1));
    assertEquals("0A000", e.getSQLState());
    SQLException p =
        assertThrows(
            SQLException.class,
            () ->
                new DomainGroups(
                    List.of(
                        new GroupKey("k", Types.INTEGER, "int4", List.of(1, 1L), "policy values")),
                    1));
    assertEquals("F0000", p.getSQLState());
  }
}
