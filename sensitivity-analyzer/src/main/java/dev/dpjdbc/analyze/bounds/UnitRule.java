package dev.dpjdbc.analyze.bounds;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rule that gives every table its privacy unit (docs/sensitivity-analyzer.md, "The privacy unit
 * of a table"), first match wins:
 *
 * <ol>
 *   <li>the policy's {@code privacy_unit}; when that column is a foreign key to the unit of another
 *       private table, it takes that unit's identity ({@code shifts.employee_id -> employees.id});
 *   <li>else, when the table has foreign keys to private tables (not {@code public: true}; a
 *       reference of a table to itself, such as {@code employees.manager_id}, aside), the unit
 *       those tables' rows belong to, whichever rule gave it to them (a policy unit or a default
 *       primary key alike), multi-hop: the foreign-key columns when they reference that table's
 *       unit ({@code visits.employee_id -> employees.id}), else the unit is reached through a join
 *       along the key ({@code order_items.order_id -> orders.id}, then {@code orders.customer_id ->
 *       customers.id}). Keys that reach different units (or the same unit through different
 *       columns) are refused: a row would belong to two units;
 *   <li>else the primary key.
 * </ol>
 *
 * Refused as well: foreign keys that lead back to the table (a cycle), a key to a table the catalog
 * does not show (unless the policy marks it public), a key to a table whose own unit is refused.
 * Why rule 2 applies to default primary-key units too: a row that references a person's row is that
 * person's data; taking the child's own key as the unit would let one person contribute many rows
 * as if they were many people.
 */
final class UnitRule {
  private UnitRule() {}

  static TableUnit resolve(TableBounds t) {
    return resolve(t, new ArrayList<>());
  }

  private static TableUnit resolve(TableBounds t, List<TableBounds> stack) {
    Optional<TableUnit> known = t.knownUnit();
    if (known.isPresent()) {
      return known.get();
    }
    TableMeta m = t.meta();
    Optional<String> named = t.policyUnit();
    if (named.isPresent()) {
      Optional<ColumnMeta> c = m.column(named.get());
      if (c.isEmpty()) {
        return TableUnit.refused(
            "the policy names privacy_unit "
                + named.get()
                + " for "
                + m.name()
                + ", which has no such column: fix the policy");
      }
      return policyUnit(t, List.of(c.get().name()), stack);
    }
    stack.add(t);
    try {
      List<TableUnit> found = new ArrayList<>();
      for (TableMeta.ForeignKey fk : m.foreignKeys()) {
        if (isSelf(fk, m)) {
          continue;
        }
        String text = text(m, fk);
        Optional<TableBounds> ref = t.references().find(fk.refSchema(), fk.refTable());
        if (ref.isEmpty()) {
          if (t.declaredPublic(fk.refSchema(), fk.refTable())) {
            continue;
          }
          return TableUnit.refused(
              m.name()
                  + " references "
                  + fk.refTable()
                  + " ("
                  + text
                  + "), which the catalog does not show, so whose rows these are cannot be told:"
                  + " name the privacy_unit of "
                  + m.name()
                  + " in the policy, or mark "
                  + fk.refTable()
                  + " public: true there if it holds no personal data");
        }
        TableBounds r = ref.get();
        if (r.isPublic()) {
          continue;
        }
        if (stack.contains(r)) {
          return TableUnit.refused(
              "the foreign keys of "
                  + m.name()
                  + " lead back to "
                  + r.meta().name()
                  + " ("
                  + text
                  + "), so which table holds the person cannot be told: name the privacy_unit of"
                  + " the tables on that cycle in the policy, or mark those without personal data"
                  + " public: true");
        }
        TableUnit ru = resolve(r, stack);
        if (ru.isRefused()) {
          return TableUnit.refused(
              m.name() + " references " + r.meta().name() + " (" + text + "): " + ru.path());
        }
        List<String> held = mapBack(fk, ru.columns());
        TableUnit candidate =
            held != null
                ? new TableUnit(
                    TableUnit.Kind.FOREIGN_KEY,
                    held,
                    ru.identity(),
                    m.name() + "." + String.join(",", held) + " -> " + ru.path(),
                    null)
                : new TableUnit(
                    TableUnit.Kind.THROUGH_JOIN,
                    List.of(),
                    ru.identity(),
                    text + ", then " + ru.path(),
                    fk);
        if (found.stream().noneMatch(u -> same(u, candidate))) {
          found.add(candidate);
        }
      }
      if (found.size() == 1) {
        return found.get(0);
      }
      if (found.size() > 1) {
        return TableUnit.refused(ambiguity(m, found));
      }
    } finally {
      stack.remove(stack.size() - 1);
    }
    List<String> pk = m.primaryKey();
    if (pk.isEmpty()) {
      return TableUnit.refused(
          "table "
              + m.name()
              + " has no privacy unit: it has no primary key, the policy names no privacy_unit"
              + " and none of its foreign keys leads to a private table; declare privacy_unit for"
              + " it in the policy, or public: true if it holds no personal data");
    }
    return new TableUnit(
        TableUnit.Kind.PRIMARY_KEY,
        pk,
        qualified(m, pk),
        m.name() + "." + String.join(",", pk) + " (primary key)",
        null);
  }

  /** Rule 1, with the identity of the referenced unit when the column is a key to it. */
  private static TableUnit policyUnit(TableBounds t, List<String> cols, List<TableBounds> stack) {
    TableMeta m = t.meta();
    String here = m.name() + "." + String.join(",", cols);
    stack.add(t);
    try {
      for (TableMeta.ForeignKey fk : m.foreignKeys()) {
        Optional<TableBounds> ref = t.references().find(fk.refSchema(), fk.refTable());
        if (isSelf(fk, m)
            || ref.isEmpty()
            || ref.get().isPublic()
            || stack.contains(ref.get())
            || !sameSet(fk.columns(), cols)) {
          continue;
        }
        TableUnit ru = resolve(ref.get(), stack);
        if (!ru.isRefused() && sameSet(ru.columns(), fk.refColumns())) {
          return new TableUnit(
              TableUnit.Kind.POLICY, cols, ru.identity(), here + " -> " + ru.path(), null);
        }
      }
    } finally {
      stack.remove(stack.size() - 1);
    }
    return new TableUnit(
        TableUnit.Kind.POLICY, cols, qualified(m, cols), here + " (policy privacy_unit)", null);
  }

  private static String ambiguity(TableMeta m, List<TableUnit> found) {
    List<String> paths = new ArrayList<>();
    List<String> columns = new ArrayList<>();
    for (TableUnit u : found) {
      paths.add(u.path());
      if (u.visible()) {
        columns.add(String.join(",", u.columns()));
      }
    }
    Collections.sort(paths); // the catalog lists foreign keys in no order worth repeating
    Collections.sort(columns);
    return m.name()
        + " has foreign keys to private tables that reach different privacy units ("
        + String.join("; ", paths)
        + "), so a row would belong to more than one unit: name the unit of "
        + m.name()
        + " in the policy (tables."
        + m.name()
        + ".privacy_unit: "
        + (columns.isEmpty() ? "<column>" : "one of " + String.join(", ", columns))
        + "), or mark the referenced tables without personal data public: true";
  }

  /**
   * This table's columns holding {@code unit} (columns of the referenced table) when the key
   * references exactly those columns; else null.
   */
  private static List<String> mapBack(TableMeta.ForeignKey fk, List<String> unit) {
    if (unit.isEmpty() || !sameSet(fk.refColumns(), unit)) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (String u : unit) {
      for (int i = 0; i < fk.refColumns().size(); i++) {
        if (fk.refColumns().get(i).equalsIgnoreCase(u)) {
          out.add(fk.columns().get(i));
        }
      }
    }
    return out;
  }

  private static boolean same(TableUnit a, TableUnit b) {
    return a.kind() == b.kind()
        && a.identity().equals(b.identity())
        && sameSet(a.columns(), b.columns())
        && (a.through() == null || sameSet(a.through().columns(), b.through().columns()));
  }

  private static boolean isSelf(TableMeta.ForeignKey fk, TableMeta m) {
    return fk.refTable().equalsIgnoreCase(m.name())
        && (fk.refSchema() == null
            || m.schema() == null
            || fk.refSchema().equalsIgnoreCase(m.schema()));
  }

  static String text(TableMeta m, TableMeta.ForeignKey fk) {
    return m.name()
        + "."
        + String.join(",", fk.columns())
        + " -> "
        + fk.refTable()
        + "."
        + String.join(",", fk.refColumns());
  }

  static boolean sameSet(List<String> a, List<String> b) {
    return a.size() == b.size() && lower(a).equals(lower(b));
  }

  private static HashSet<String> lower(List<String> names) {
    HashSet<String> out = new HashSet<>();
    names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
    return out;
  }

  static String qualified(TableMeta m, List<String> cols) {
    return (m.schema() == null ? "" : m.schema() + ".") + m.name() + "." + String.join(",", cols);
  }
}
