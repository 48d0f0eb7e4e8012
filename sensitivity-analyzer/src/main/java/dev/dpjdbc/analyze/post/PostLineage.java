package dev.dpjdbc.analyze.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Which released columns each column of a post-processing's result comes from, and a way to follow
 * every result row back to the released row it was computed from. Used to attach confidence
 * intervals of released values to the analyst's columns (post-processing, free under DP).
 *
 * <p>Guarantees: {@link #origins} are Calcite's column origins over the released table ({@code
 * null} when unknown); an origin is {@link Origin#direct} only when the column is a plain copy of
 * one released column and every node between is a Project, Filter or Sort, so each result row is
 * exactly one released row. {@link #traced} then evaluates the same rows, in the same order, with
 * one more column: the index of the released row each came from.
 */
public final class PostLineage {
  private PostLineage() {}

  /**
   * Where one result column comes from.
   *
   * @param released the released columns it is computed from (0-based); null when unknown
   * @param direct it is a plain copy of the single released column in {@code released}, and every
   *     result row comes from exactly one released row ({@link #traced} follows it)
   */
  public record Origin(Set<Integer> released, boolean direct) {}

  /** The origins of every column of {@code post}'s result, in order. */
  public static List<Origin> origins(PostProcessor post) {
    RelNode rel = post.rel();
    RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
    boolean rowPreserving = chain(rel) != null;
    List<Origin> out = new ArrayList<>();
    for (int i = 0; i < rel.getRowType().getFieldCount(); i++) {
      Set<RelColumnOrigin> origins = mq.getColumnOrigins(rel, i);
      if (origins == null) {
        out.add(new Origin(null, false));
        continue;
      }
      Set<Integer> released = new TreeSet<>();
      boolean derived = false;
      for (RelColumnOrigin o : origins) {
        released.add(o.getOriginColumnOrdinal());
        derived |= o.isDerived();
      }
      out.add(new Origin(Set.copyOf(released), rowPreserving && !derived && released.size() == 1));
    }
    return out;
  }

  /**
   * {@code post} (bound) over the released rows with one more BIGINT column appended (the row's
   * index, a Long), returning its rows with that index appended; null when the result rows do not
   * map one to one onto released rows (an aggregate, a DISTINCT, a leaf that is not the released
   * table).
   */
  public static PostProcessor traced(PostProcessor post) {
    RelNode rel = post.rel();
    List<RelNode> chain = chain(rel);
    if (chain == null) {
      return null;
    }
    RelNode leaf = chain.get(chain.size() - 1);
    RelDataTypeFactory tf = rel.getCluster().getTypeFactory();
    RelDataType leafType = leaf.getRowType();
    String name = unique("dp$row", leafType.getFieldNames());
    RelDataType extended =
        tf.builder()
            .addAll(leafType.getFieldList())
            .add(name, tf.createSqlType(SqlTypeName.BIGINT))
            .build();
    TableScan scan =
        LogicalTableScan.create(
            leaf.getCluster(), PostProcessor.releasedTable(extended, List.of()), List.of());
    RelNode top = scan;
    for (int i = chain.size() - 2; i >= 0; i--) {
      top = copy(chain.get(i), top, tf);
    }
    return new PostProcessor(top, scan);
  }

  /** The nodes from {@code rel} down to its leaf when all are Project/Filter/Sort over a scan. */
  private static List<RelNode> chain(RelNode rel) {
    List<RelNode> chain = new ArrayList<>();
    for (RelNode r = rel; ; r = r.getInput(0)) {
      chain.add(r);
      if (r.getInputs().isEmpty()) {
        return r instanceof TableScan ? chain : null;
      }
      if (!(r instanceof Project || r instanceof Filter || r instanceof Sort)
          || r.getInputs().size() != 1) {
        return null;
      }
    }
  }

  private static RelNode copy(RelNode node, RelNode input, RelDataTypeFactory tf) {
    if (node instanceof Filter f) {
      return f.copy(f.getTraitSet(), input, f.getCondition());
    }
    if (node instanceof Sort s) {
      return s.copy(s.getTraitSet(), input, s.getCollation(), s.offset, s.fetch);
    }
    Project p = (Project) node;
    List<RexNode> exprs = new ArrayList<>(p.getProjects());
    int last = input.getRowType().getFieldCount() - 1;
    exprs.add(p.getCluster().getRexBuilder().makeInputRef(input, last));
    List<String> names = new ArrayList<>(p.getRowType().getFieldNames());
    names.add(unique("dp$row", names));
    return p.copy(p.getTraitSet(), input, exprs, RexUtil.createStructType(tf, exprs, names, null));
  }

  private static String unique(String base, List<String> taken) {
    String name = base;
    for (int i = 1; taken.contains(name); i++) {
      name = base + i;
    }
    return name;
  }
}
