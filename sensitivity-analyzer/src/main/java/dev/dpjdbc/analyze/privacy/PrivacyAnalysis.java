package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.TableScan;

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
   * foreign keys lead to (transitively), merged with the policy.
   *
   * @throws SQLException when the catalog cannot be read
   */
  public static PrivacyAnalysis load(RelNode rel, ConstraintCatalog catalog, Policy policy)
      throws SQLException {
    Map<String, TableBounds> loaded = new LinkedHashMap<>();
    Deque<String[]> todo = new ArrayDeque<>();
    new RelVisitor() {
      @Override
      public void visit(RelNode node, int ordinal, RelNode parent) {
        if (node instanceof TableScan scan) {
          List<String> q = scan.getTable().getQualifiedName();
          todo.add(new String[] {q.size() >= 2 ? q.get(q.size() - 2) : null, q.get(q.size() - 1)});
        }
        super.visit(node, ordinal, parent);
      }
    }.go(rel);
    while (!todo.isEmpty()) {
      String[] name = todo.poll();
      Optional<TableMeta> meta = catalog.table(name[0], name[1]);
      if (meta.isEmpty() && name[0] != null) {
        meta = catalog.table(null, name[1]);
      }
      if (meta.isEmpty()) {
        continue; // the scan will say the table is unknown
      }
      String key = (meta.get().schema() + "." + meta.get().name()).toLowerCase(Locale.ROOT);
      if (loaded.containsKey(key)) {
        continue; // asked for under another spelling, or already read
      }
      loaded.put(key, new TableBounds(meta.get(), policy));
      for (TableMeta.ForeignKey fk : meta.get().foreignKeys()) {
        todo.add(new String[] {fk.refSchema(), fk.refTable()});
      }
    }
    return new PrivacyAnalysis(TableFactsSource.of(new ArrayList<>(loaded.values())));
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
