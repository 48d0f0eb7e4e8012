package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.TableBounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Whether columns are a key of a relation: at most one row per value, so that an equi-join on them
 * matches at most one row.
 */
final class Keys {
  private Keys() {}

  /**
   * True when a value of {@code keys} matches at most one row of {@code rel}: by Calcite's
   * column-uniqueness metadata (table keys from the schema's statistics, aggregates, ...), or, for
   * a chain of filters and projections over one table scan, when the columns contain the table's
   * primary key, a UNIQUE constraint or a unique index in the catalog (for schemas whose tables do
   * not declare their keys to Calcite). A unique key with nullable columns may hold NULL in many
   * rows; it counts unless {@code nullsMatch} (the join pairs NULL with NULL, {@code IS NOT
   * DISTINCT FROM}): {@code =} never matches NULL, so any other value matches at most one row.
   */
  static boolean unique(RelNode rel, List<Integer> keys, boolean nullsMatch, RelMetadataQuery mq) {
    if (keys.isEmpty()) {
      return false;
    }
    if (Boolean.TRUE.equals(mq.areColumnsUnique(rel, ImmutableBitSet.of(keys)))) {
      return true;
    }
    RelNode r = rel;
    List<Integer> ks = keys;
    while (true) {
      if (r instanceof TableScan scan) {
        Optional<TableBounds> b = PrivacyMetadataQuery.of(mq).tables().forScan(scan.getTable());
        List<String> fields = scan.getRowType().getFieldNames();
        return b.isPresent()
            && b.get().meta().containsKey(ks.stream().map(fields::get).toList(), nullsMatch);
      } else if (r instanceof Filter || r instanceof Sort) {
        r = r.getInput(0);
      } else if (r instanceof Project p) {
        List<Integer> mapped = new ArrayList<>();
        for (int k : ks) {
          RexNode e = p.getProjects().get(k);
          if (!(e instanceof RexInputRef ref)) {
            return false;
          }
          mapped.add(ref.getIndex());
        }
        ks = mapped;
        r = p.getInput();
      } else {
        return false;
      }
    }
  }

  /** Rows of {@code rel} one value of {@code keys} can match. */
  static RowBound matches(
      RelNode rel, List<Integer> keys, boolean nullsMatch, RelMetadataQuery mq) {
    if (unique(rel, keys, nullsMatch, mq)) {
      return RowBound.guaranteed(1, "joined on a primary or unique key of " + name(rel));
    }
    Double max = mq.getMaxRowCount(rel);
    if (max != null && !Double.isInfinite(max) && max >= 0 && max < Long.MAX_VALUE) {
      return RowBound.guaranteed(
          Math.max(1, (long) Math.ceil(max)),
          name(rel) + " has at most " + max.longValue() + " rows");
    }
    return RowBound.unbounded(
        "a row may match any number of rows of "
            + name(rel)
            + ": the join columns are not a primary or unique key of "
            + name(rel));
  }

  static String name(RelNode rel) {
    RelNode r = rel;
    while (!(r instanceof TableScan) && r.getInputs().size() == 1) {
      r = r.getInput(0);
    }
    if (r instanceof TableScan s) {
      List<String> q = s.getTable().getQualifiedName();
      return q.get(q.size() - 1);
    }
    return r instanceof org.apache.calcite.rel.core.Values ? "VALUES" : rel.getRelTypeName();
  }
}
