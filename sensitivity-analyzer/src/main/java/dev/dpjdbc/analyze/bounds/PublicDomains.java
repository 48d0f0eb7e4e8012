package dev.dpjdbc.analyze.bounds;

import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import dev.dpjdbc.policy.Policy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Public domains read from public tables, for the columns a query groups by:
 *
 * <ul>
 *   <li>a column of a table the policy declares {@code public: true} has its distinct values (a
 *       dimension's {@code name}, or its {@code building}, which several rows share);
 *   <li>a column of any table that is a single-column foreign key to a public table, enforced on
 *       every row (validated on PostgreSQL), has the referenced column's distinct values: the keys
 *       of the dimension, those no row references included ({@code employees.dept_id →
 *       departments.id}).
 * </ul>
 *
 * Both come from a public table's contents, never from a private table's rows: a foreign key to a
 * table that is not declared public gives no domain, and a private table's own columns are never
 * read. A domain of more than {@code groups.max_domain_values} values is none.
 */
public final class PublicDomains {
  /** A column a query groups by, as its table's scan names it. */
  public record Wanted(String schema, String table, String column) {}

  private PublicDomains() {}

  /**
   * Reads the public domains of {@code wanted} into {@code tables} ({@link TableBounds#domain} then
   * returns them); columns with a domain already, or with none to read, are skipped.
   *
   * @throws SQLException when a public table or the catalog cannot be read
   */
  public static void read(
      ConstraintCatalog catalog, Policy policy, List<TableBounds> tables, Collection<Wanted> wanted)
      throws SQLException {
    int max = policy.groups().maxDomainValues();
    for (Wanted w : wanted) {
      Optional<TableBounds> found = find(tables, w.schema(), w.table());
      if (found.isEmpty()) {
        continue;
      }
      TableBounds b = found.get();
      Optional<ColumnMeta> cm = b.meta().column(w.column());
      if (cm.isEmpty() || b.domain(cm.get()).isPresent()) {
        continue;
      }
      Domain d =
          b.isPublic() ? ofPublic(catalog, b, cm.get(), max) : viaKey(catalog, b, cm.get(), max);
      if (d != null) {
        b.addPublicDomain(cm.get().name(), d);
      }
    }
  }

  private static Domain ofPublic(ConstraintCatalog catalog, TableBounds b, ColumnMeta c, int max)
      throws SQLException {
    Optional<List<Object>> vs = catalog.publicValues().of(b.meta(), c, max);
    return vs.map(
            v ->
                new Domain(
                    v, "the distinct values of public table " + b.meta().name() + "." + c.name()))
        .orElse(null);
  }

  private static Domain viaKey(ConstraintCatalog catalog, TableBounds b, ColumnMeta c, int max)
      throws SQLException {
    for (TableMeta.ForeignKey fk : b.meta().foreignKeys()) {
      if (fk.columns().size() != 1
          || !fk.columns().get(0).equalsIgnoreCase(c.name())
          || !b.declaredPublic(fk.refSchema(), fk.refTable())) {
        continue;
      }
      Optional<TableMeta> ref = catalog.table(fk.refSchema(), fk.refTable());
      Optional<ColumnMeta> rc = ref.flatMap(r -> r.column(fk.refColumns().get(0)));
      if (rc.isEmpty() || !catalog.publicValues().enforced(b.meta(), fk, ref.get().name())) {
        continue;
      }
      Optional<List<Object>> vs = catalog.publicValues().of(ref.get(), rc.get(), max);
      if (vs.isEmpty()) {
        continue;
      }
      List<Object> out = new ArrayList<>();
      try {
        for (Object v : vs.get()) {
          out.add(TableBounds.convert(v, c));
        }
      } catch (IllegalArgumentException e) {
        continue; // a referenced value that is not one of the key's type: no domain
      }
      return new Domain(
          out,
          "keys of public table "
              + ref.get().name()
              + " via FK "
              + b.meta().name()
              + "."
              + c.name());
    }
    return null;
  }

  private static Optional<TableBounds> find(List<TableBounds> tables, String schema, String name) {
    List<TableBounds> hits = new ArrayList<>();
    for (TableBounds b : tables) {
      boolean s = schema == null || schema.equalsIgnoreCase(b.meta().schema());
      if (s && name.equalsIgnoreCase(b.meta().name())) {
        hits.add(b);
      }
    }
    if (hits.isEmpty() && schema != null) {
      return find(tables, null, name);
    }
    return hits.size() == 1 ? Optional.of(hits.get(0)) : Optional.empty();
  }
}
