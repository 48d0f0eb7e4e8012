package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.bounds.TableUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Finds the foreign key along which a join lifts a child's rows to the unit of the parent side (the
 * unit propagates along foreign keys: {@code order_items.order_id -> orders.id}, then orders' unit
 * {@code customer_id}).
 *
 * <p>The lift is sound when every child row belongs to exactly one parent unit: (1) the child's
 * unit is reached only through a join along one foreign key of one of its table occurrences (the
 * unit rule's {@code THROUGH_JOIN}: the table's own columns do not hold the unit; a table whose
 * columns hold its unit is joined on the unit instead); (2) the join follows exactly that key: it
 * pairs the occurrence's key columns with the referenced columns of one parent occurrence; (3) the
 * child and parent units are the same identity (the rule derived the child's from the referenced
 * table's); (4) those parent columns determine the parent's unit: they are a unit alternative, or
 * they contain the referenced table's primary key or a unique key and the unit comes from the same
 * occurrence (each parent row then carries one unit, and an equi-join value matches one row).
 */
final class ForeignKeyPath {
  private ForeignKeyPath() {}

  /**
   * A foreign key the join follows.
   *
   * @param childColumns the child side's paired columns, in the key's order
   * @param parentColumns the parent side's paired columns, in the key's order
   * @param childAlternative the child columns that hold the parent's unit value (when the parent
   *     columns are a unit alternative of the parent), else null
   * @param text {@code child.fk -> parent.key}, for the unit's path
   */
  record Lift(
      List<Integer> childColumns,
      List<Integer> parentColumns,
      List<Integer> childAlternative,
      String text) {}

  /**
   * The lift of {@code child} to {@code parent}'s unit for the equi-join pairs ({@code childKeys[i]
   * = parentKeys[i]}), or empty.
   */
  static Optional<Lift> find(
      RelPrivacy child, List<Integer> childKeys, RelPrivacy parent, List<Integer> parentKeys) {
    PrivacyUnit cu = child.unit();
    PrivacyUnit pu = parent.unit();
    if (cu.liftOccurrence() == null || !cu.identity().equals(pu.identity())) {
      return Optional.empty();
    }
    for (int k = 0; k < childKeys.size(); k++) {
      ColumnFacts.Origin o = child.column(childKeys.get(k)).origin();
      if (o == null || !o.occurrence().equals(cu.liftOccurrence())) {
        continue;
      }
      TableUnit unit = o.table().unit();
      if (unit.kind() != TableUnit.Kind.THROUGH_JOIN) {
        return Optional.empty();
      }
      // the key the unit is reached through; tried once, from the first column of the occurrence
      return follow(unit.through(), o.table().meta(), child, childKeys, parent, parentKeys);
    }
    return Optional.empty();
  }

  private static Optional<Lift> follow(
      TableMeta.ForeignKey fk,
      TableMeta childMeta,
      RelPrivacy child,
      List<Integer> childKeys,
      RelPrivacy parent,
      List<Integer> parentKeys) {
    String occ = child.unit().liftOccurrence();
    List<Integer> cs = new ArrayList<>();
    List<Integer> ps = new ArrayList<>();
    String parentOcc = null;
    TableMeta parentMeta = null;
    for (int j = 0; j < fk.columns().size(); j++) {
      int found = -1;
      for (int k = 0; k < childKeys.size() && found < 0; k++) {
        ColumnFacts.Origin co = child.column(childKeys.get(k)).origin();
        ColumnFacts.Origin po = parent.column(parentKeys.get(k)).origin();
        if (co != null
            && po != null
            && co.occurrence().equals(occ)
            && co.column().equalsIgnoreCase(fk.columns().get(j))
            && po.column().equalsIgnoreCase(fk.refColumns().get(j))
            && po.table().meta().name().equalsIgnoreCase(fk.refTable())
            && (fk.refSchema() == null
                || po.table().meta().schema() == null
                || fk.refSchema().equalsIgnoreCase(po.table().meta().schema()))
            && (parentOcc == null || parentOcc.equals(po.occurrence()))) {
          found = k;
          parentOcc = po.occurrence();
          parentMeta = po.table().meta();
        }
      }
      if (found < 0) {
        return Optional.empty();
      }
      cs.add(childKeys.get(found));
      ps.add(parentKeys.get(found));
    }
    List<Integer> alternative = alternativeOf(parent.unit(), ps, cs);
    boolean determines =
        alternative != null
            || (parentMeta.containsKey(fk.refColumns(), false) && unitFrom(parent, parentOcc));
    if (!determines) {
      return Optional.empty();
    }
    String text =
        childMeta.name()
            + "."
            + String.join(",", fk.columns())
            + " -> "
            + fk.refTable()
            + "."
            + String.join(",", fk.refColumns());
    return Optional.of(new Lift(cs, ps, alternative, text));
  }

  /** The child columns holding the unit when {@code ps} is (a permutation of) an alternative. */
  private static List<Integer> alternativeOf(PrivacyUnit unit, List<Integer> ps, List<Integer> cs) {
    for (List<Integer> alt : unit.alternatives()) {
      if (alt.size() == ps.size() && new HashSet<>(alt).equals(new HashSet<>(ps))) {
        List<Integer> out = new ArrayList<>();
        for (int a : alt) {
          out.add(cs.get(ps.indexOf(a)));
        }
        return out;
      }
    }
    return null;
  }

  /** The parent's unit is carried by the rows of occurrence {@code occ}. */
  private static boolean unitFrom(RelPrivacy parent, String occ) {
    PrivacyUnit u = parent.unit();
    for (List<Integer> alt : u.alternatives()) {
      boolean all = true;
      for (int i : alt) {
        ColumnFacts.Origin o = parent.column(i).origin();
        all &= o != null && o.occurrence().equals(occ);
      }
      if (all) {
        return true;
      }
    }
    return false;
  }
}
