package dev.dpjdbc.driver.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dpjdbc.analyze.plan.GroupKey;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The candidate groups of a selection plan: one per backend row, sorted by key, none invented. */
class SelectedGroupsTest {
  @Test
  void rowsBecomeGroupsSortedByKey_noDomainGroupIsAdded() {
    SelectedGroups g =
        new SelectedGroups(
            List.of(
                new GroupKey("city", Types.VARCHAR, "varchar", List.of(), "private"),
                new GroupKey("n", Types.INTEGER, "int4", List.of(), "private")));
    assertTrue(g.add(new Object[] {"b", 2}, new double[] {5, 3}));
    assertTrue(g.add(new Object[] {"a", 9}, new double[] {1, 1}));
    assertTrue(g.add(new Object[] {"a", 1}, new double[] {4, 2}));
    assertFalse(g.add(new Object[] {"a"}, new double[] {4, 2}), "wrong arity: dropped");
    List<RawResult.Group> out = g.result().groups();
    assertEquals(3, out.size());
    assertEquals("[a, 1]", Arrays.toString(out.get(0).keys()));
    assertEquals("[a, 9]", Arrays.toString(out.get(1).keys()));
    assertEquals("[b, 2]", Arrays.toString(out.get(2).keys()));
    assertEquals(2.0, out.get(0).values()[1], "n travels with the group until selection");
  }
}
