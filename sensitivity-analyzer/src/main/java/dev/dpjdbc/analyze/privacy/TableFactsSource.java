package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.policy.Policy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptTable;

/**
 * Where the privacy analysis finds the catalog facts and policy of a table ({@link TableBounds}):
 * for the tables the plan scans and for the tables their foreign keys reference. Implementations
 * must answer from memory (the analysis runs inside Calcite's metadata machinery, which cannot
 * throw checked exceptions); {@link PrivacyAnalysis#load} reads them from the catalog first.
 */
public interface TableFactsSource {
  /** The bounds of the table a scan reads. */
  Optional<TableBounds> forScan(RelOptTable table);

  /** The bounds of {@code schema.table} (schema may be null), matched ignoring case. */
  Optional<TableBounds> forName(String schema, String table);

  /** The largest public domain derived from an interval (policy groups.max_domain_values). */
  default int maxDomainValues() {
    return Policy.Groups.DEFAULT_MAX_DOMAIN_VALUES;
  }

  /**
   * A source over known tables. A scan's table is matched by the last two parts of its qualified
   * name (schema, table), ignoring case, as PostgreSQL folds unquoted names and H2 stores them in
   * upper case; a name that matches two tables matches none.
   */
  static TableFactsSource of(Collection<TableBounds> tables) {
    return of(tables, Policy.Groups.DEFAULT_MAX_DOMAIN_VALUES);
  }

  /** As {@link #of(Collection)}, deriving domains of at most {@code maxDomainValues} values. */
  static TableFactsSource of(Collection<TableBounds> tables, int maxDomainValues) {
    List<TableBounds> all = List.copyOf(tables);
    return new TableFactsSource() {
      @Override
      public int maxDomainValues() {
        return maxDomainValues;
      }

      @Override
      public Optional<TableBounds> forScan(RelOptTable table) {
        TableBounds wrapped = table.unwrap(TableBounds.class);
        if (wrapped != null) {
          return Optional.of(wrapped);
        }
        List<String> q = table.getQualifiedName();
        String name = q.get(q.size() - 1);
        String schema = q.size() >= 2 ? q.get(q.size() - 2) : null;
        Optional<TableBounds> hit = forName(schema, name);
        return hit.isPresent() ? hit : forName(null, name);
      }

      @Override
      public Optional<TableBounds> forName(String schema, String table) {
        List<TableBounds> hits = new ArrayList<>();
        for (TableBounds b : all) {
          boolean s = schema == null || schema.equalsIgnoreCase(b.meta().schema());
          if (s && table.equalsIgnoreCase(b.meta().name())) {
            hits.add(b);
          }
        }
        return hits.size() == 1 ? Optional.of(hits.get(0)) : Optional.empty();
      }
    };
  }
}
