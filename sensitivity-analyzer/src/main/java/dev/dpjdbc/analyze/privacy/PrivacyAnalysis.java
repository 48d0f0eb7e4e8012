package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.PublicDomains;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Entry point of the privacy analysis: the {@link RelPrivacy} of every node of a plan, bottom-up.
 *
 * <pre>{@code
 * PrivacyAnalysis analysis = PrivacyAnalysis.load(root.rel, catalog, policy);
 * RelPrivacy facts = analysis.privacy(root.rel);   // and of any node below it
 * }</pre>
 *
 * An instance holds one {@link PrivacyMetadataQuery}, which memoises the facts per node: use one
 * per query being analysed, from one thread.
 */
public final class PrivacyAnalysis {
  private final PrivacyMetadataQuery mq;

  private PrivacyAnalysis(TableFactsSource tables) {
    this.mq = new PrivacyMetadataQuery(tables);
  }

  /** An analysis over tables whose facts are already known. */
  public static PrivacyAnalysis of(TableFactsSource tables) {
    return new PrivacyAnalysis(tables);
  }

  /**
   * An analysis of {@code rel}: reads from the catalog every table it scans and every table their
   * foreign keys lead to (transitively), merged with the policy, and the public domains its group
   * keys have in public tables ({@link PublicDomains}).
   *
   * @throws SQLException when the catalog cannot be read
   */
  public static PrivacyAnalysis load(RelNode rel, ConstraintCatalog catalog, Policy policy)
      throws SQLException {
    Deque<String[]> todo = new ArrayDeque<>();
    List<PublicDomains.Wanted> keys = new ArrayList<>();
    new RelVisitor() {
      @Override
      public void visit(RelNode node, int ordinal, RelNode parent) {
        if (node instanceof TableScan scan) {
          List<String> q = scan.getTable().getQualifiedName();
          todo.add(new String[] {q.size() >= 2 ? q.get(q.size() - 2) : null, q.get(q.size() - 1)});
        }
        if (node instanceof Aggregate agg) {
          keys.addAll(groupKeyColumns(agg));
        }
        super.visit(node, ordinal, parent);
      }
    }.go(rel);
    List<TableMeta> scanned = new ArrayList<>();
    for (String[] name : todo) {
      Optional<TableMeta> meta = catalog.table(name[0], name[1]);
      if (meta.isEmpty() && name[0] != null) {
        meta = catalog.table(null, name[1]);
      }
      meta.ifPresent(scanned::add); // a missing table: the scan will say it is unknown
    }
    List<TableBounds> tables = TableBounds.load(catalog, policy, scanned);
    PublicDomains.read(catalog, policy, tables, keys);
    return new PrivacyAnalysis(TableFactsSource.of(tables, policy.groups().maxDomainValues()));
  }

  /**
   * The base-table columns an aggregate's group keys come from (Calcite's column origins, derived
   * ones included: the nullable side of an outer join is "derived"): the columns whose public-table
   * domains are worth reading. Whether a domain then reaches the key is the privacy analysis's
   * rule, not this list's.
   */
  private static List<PublicDomains.Wanted> groupKeyColumns(Aggregate agg) {
    List<PublicDomains.Wanted> out = new ArrayList<>();
    RelMetadataQuery mq = agg.getCluster().getMetadataQuery();
    for (int k : agg.getGroupSet()) {
      Set<RelColumnOrigin> origins;
      try {
        origins = mq.getColumnOrigins(agg.getInput(), k);
      } catch (RuntimeException e) {
        continue; // origins unknown: no public table is read for this key, which is always safe
      }
      if (origins == null) {
        continue;
      }
      for (RelColumnOrigin o : origins) {
        List<String> q = o.getOriginTable().getQualifiedName();
        String column =
            o.getOriginTable().getRowType().getFieldNames().get(o.getOriginColumnOrdinal());
        out.add(
            new PublicDomains.Wanted(
                q.size() >= 2 ? q.get(q.size() - 2) : null, q.get(q.size() - 1), column));
      }
    }
    return out;
  }

  /** The facts of {@code rel} (and, memoised, of every node below it). */
  public RelPrivacy privacy(RelNode rel) {
    return mq.privacy(rel);
  }

  /** The metadata query, for Calcite's other metadata over the same memo. */
  public PrivacyMetadataQuery metadataQuery() {
    return mq;
  }
}
