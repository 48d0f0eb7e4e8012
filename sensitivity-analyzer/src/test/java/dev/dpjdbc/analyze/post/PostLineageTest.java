package dev.dpjdbc.analyze.post;

import static dev.dpjdbc.analyze.post.PostFixture.ROWS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;

/** Column origins and row tracing of post-processing over released rows. */
class PostLineageTest {
  @Test
  void projectFilterSort_copiesAreDirect_expressionsAreNot_andRowsAreTraced() throws Exception {
    PostProcessor p =
        PostFixture.compile(
            b ->
                b.filter(b.call(SqlStdOperatorTable.GREATER_THAN, b.field("N"), b.literal(3)))
                    .project(
                        b.field("REGION"),
                        b.alias(b.field("N"), "cnt"),
                        b.call(SqlStdOperatorTable.DIVIDE, b.field("S"), b.field("N")))
                    .sortLimit(0, 2, b.desc(b.field("cnt")))
                    .build());
    List<PostLineage.Origin> o = PostLineage.origins(p);
    assertEquals(new PostLineage.Origin(Set.of(0), true), o.get(0));
    assertEquals(new PostLineage.Origin(Set.of(1), true), o.get(1));
    assertEquals(Set.of(1, 2), o.get(2).released());
    assertFalse(o.get(2).direct());

    PostProcessor traced = PostLineage.traced(p);
    List<Object[]> withIndex = new ArrayList<>();
    for (int i = 0; i < ROWS.size(); i++) {
      Object[] r = Arrays.copyOf(ROWS.get(i), ROWS.get(i).length + 1);
      r[r.length - 1] = (long) i;
      withIndex.add(r);
    }
    List<Object[]> out = traced.apply(withIndex);
    List<Object[]> plain = p.apply(ROWS);
    assertEquals(plain.size(), out.size());
    for (int i = 0; i < out.size(); i++) {
      assertEquals(
          Arrays.asList(plain.get(i)), Arrays.asList(out.get(i)).subList(0, plain.get(i).length));
    }
    // n = 10 (row 0) first, then n = 6 (row 3)
    assertEquals(0L, out.get(0)[3]);
    assertEquals(3L, out.get(1)[3]);
  }

  @Test
  void anAggregateAbove_isNotTraced_andNothingIsDirect() throws Exception {
    PostProcessor p =
        PostFixture.compile(
            b -> b.aggregate(b.groupKey(b.field("N")), b.sum(b.field("S"))).build());
    assertNull(PostLineage.traced(p));
    List<PostLineage.Origin> o = PostLineage.origins(p);
    assertFalse(o.get(0).direct());
    assertFalse(o.get(1).direct());
    assertTrue(o.get(1).released().contains(2));
  }
}
