package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.GroupKey;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;

class DomainGroupsTest {
  @Test
  void groups_areTheCartesianProductOfDomains_withEmptyGroupsAtZero() {
    DomainGroups g =
        new DomainGroups(
            List.of(
                new GroupKey("region", Types.VARCHAR, "varchar", List.of("N", "S"), "CHECK"),
                new GroupKey("active", Types.BOOLEAN, "bool", List.of(true, false), "BOOLEAN")),
            1);
    assertTrue(g.add(new Object[] {"S", "t"}, new double[] {7}), "pgjdbc text booleans match");
    assertFalse(g.add(new Object[] {null, true}, new double[] {3}), "NULL key is not released");
    assertFalse(g.add(new Object[] {"X", true}, new double[] {3}), "outside the domain");
    List<RawResult.Group> groups = g.result().groups();
    assertEquals(4, groups.size());
    assertArrayEquals(new Object[] {"N", true}, groups.get(0).keys());
    assertEquals(0, groups.get(0).values()[0]);
    assertArrayEquals(new Object[] {"S", true}, groups.get(2).keys());
    assertEquals(7, groups.get(2).values()[0]);
  }

  @Test
  void normalise_numbersOfDifferentTypesMatch() {
    assertEquals(DomainGroups.normalise(3), DomainGroups.normalise(3L));
    assertEquals(
        DomainGroups.normalise(3), DomainGroups.normalise(new java.math.BigDecimal("3.00")));
  }
}
