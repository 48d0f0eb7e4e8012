package dev.dpjdbc.analyze.privacy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * The join rules (see docs/sensitivity-analyzer.md, "The privacy analysis"):
 *
 * <ul>
 *   <li>public ⋈ public is public;
 *   <li>private ⋈ public on any condition keeps the unit; a unit's rows are multiplied by the
 *       public side's matches per row (1 when joined on its key, its row count when it is small and
 *       fixed, else unbounded). An outer join that keeps unmatched public rows gives them a NULL
 *       unit (the boundary drops them). A public relation semi/anti-joined with private rows is
 *       refused: which public rows remain would depend on private data with no unit;
 *   <li>private ⋈ private on the unit (the same identity, a unit alternative of each side paired
 *       column by column) keeps it; rows multiply (L × R);
 *   <li>private ⋈ private along a foreign key ({@link ForeignKeyPath}) gives the child's rows the
 *       parent's unit; rows per unit: the parent's times the child rows per key (1 when the child's
 *       key columns are unique, else unbounded: the rewrite must cap them);
 *   <li>any other private ⋈ private is AMBIGUOUS: a joined row would hold two units' data.
 * </ul>
 *
 * Columns keep their facts (an outer join adds NULLs only); origins are told apart per side.
 */
final class JoinPrivacy {
  private JoinPrivacy() {}

  /** One input of the join: its facts, its equi-join columns, where its columns land. */
  private record Side(
      RelNode rel,
      RelPrivacy p,
      List<Integer> keys,
      int offset,
      String prefix,
      boolean nullsMatch) {
    PrivacyUnit unit() {
      PrivacyUnit u = p.unit();
      String occ = u.liftOccurrence() == null ? null : prefix + u.liftOccurrence();
      return u.with(u.shifted(offset), u.path(), occ, u.nullable());
    }

    List<Integer> shift(List<Integer> cols) {
      return cols.stream().map(i -> i + offset).toList();
    }
  }

  static RelPrivacy of(Join join, RelPrivacy l, RelPrivacy r, RelMetadataQuery mq) {
    JoinRelType type = join.getJoinType();
    List<String> names = join.getRowType().getFieldNames();
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(List.of(l, r), names, "the join");
    if (beyond.isPresent()) {
      return beyond.get();
    }
    int nl = join.getLeft().getRowType().getFieldCount();
    List<ColumnFacts> cols = new ArrayList<>();
    l.columns()
        .forEach(c -> cols.add(c.origin() == null ? c : c.withOrigin(c.origin().under("L"))));
    if (type.projectsRight()) {
      r.columns()
          .forEach(c -> cols.add(c.origin() == null ? c : c.withOrigin(c.origin().under("R"))));
    }
    for (int i = 0; i < cols.size(); i++) {
      cols.set(i, cols.get(i).withName(names.get(i)));
    }
    if (l.isPublic() && r.isPublic()) {
      return RelPrivacy.publicRel(cols);
    }
    List<Integer> leftKeys = new ArrayList<>();
    List<Integer> rightKeys = new ArrayList<>();
    List<Boolean> filterNulls = new ArrayList<>();
    RelOptUtil.splitJoinCondition(
        join.getLeft(),
        join.getRight(),
        join.getCondition(),
        leftKeys,
        rightKeys,
        filterNulls,
        new ArrayList<>());
    boolean nullsMatch = filterNulls.contains(false); // IS NOT DISTINCT FROM pairs NULL with NULL
    Side left = new Side(join.getLeft(), l, leftKeys, 0, "L", nullsMatch);
    Side right = new Side(join.getRight(), r, rightKeys, nl, "R", nullsMatch);
    List<String> both = new ArrayList<>(join.getLeft().getRowType().getFieldNames());
    both.addAll(join.getRight().getRowType().getFieldNames());
    String on = RexText.render(join.getCondition(), both);
    if (l.isPrivate() && r.isPublic()) {
      return withPublic(left, right, type, true, cols, mq);
    }
    if (l.isPublic()) {
      return withPublic(right, left, type, false, cols, mq);
    }
    return bothPrivate(left, right, type, cols, mq, on);
  }

  private static RelPrivacy withPublic(
      Side priv,
      Side pub,
      JoinRelType type,
      boolean privLeft,
      List<ColumnFacts> cols,
      RelMetadataQuery mq) {
    if (!type.projectsRight()) {
      if (privLeft) {
        return RelPrivacy.privateRel(priv.unit(), priv.p.rowsPerUnit(), cols);
      }
      return RelPrivacy.ambiguous(
          "rows of a public relation are kept or dropped by whether private rows match them"
              + " (EXISTS/IN over private data): which rows remain depends on private data that"
              + " no unit bounds; join the private rows instead and aggregate them",
          cols);
    }
    RowBound m = Keys.matches(pub.rel, pub.keys, pub.nullsMatch, mq);
    RowBound rows = priv.p.rowsPerUnit().times(m, "join with public " + Keys.name(pub.rel));
    boolean pubKept =
        type == JoinRelType.FULL
            || (privLeft ? type == JoinRelType.RIGHT : type == JoinRelType.LEFT);
    PrivacyUnit u = priv.unit();
    if (pubKept) {
      u =
          u.with(
              u.alternatives(),
              u.path() + "; unmatched rows of the public side have a NULL unit",
              u.liftOccurrence(),
              true);
    }
    return RelPrivacy.privateRel(u, rows, cols);
  }

  private static RelPrivacy bothPrivate(
      Side l, Side r, JoinRelType type, List<ColumnFacts> cols, RelMetadataQuery mq, String on) {
    PrivacyUnit lu = l.unit();
    PrivacyUnit ru = r.unit();
    if (lu.identity().equals(ru.identity()) && onUnit(l, r)) {
      String why = "joined on the unit " + lu.identity();
      if (!type.projectsRight()) {
        return RelPrivacy.privateRel(lu, l.p.rowsPerUnit(), cols);
      }
      RowBound rows = l.p.rowsPerUnit().times(r.p.rowsPerUnit(), why);
      List<List<Integer>> alts = new ArrayList<>();
      boolean nullable = lu.nullable() || ru.nullable();
      switch (type) {
        case INNER -> {
          alts.addAll(lu.alternatives());
          alts.addAll(ru.alternatives());
        }
        case RIGHT -> alts.addAll(ru.alternatives());
        default -> { // LEFT; FULL: rows with only the right side have a NULL left unit
          alts.addAll(lu.alternatives());
          nullable |= type == JoinRelType.FULL;
        }
      }
      return RelPrivacy.privateRel(
          lu.with(alts, lu.path() + "; " + why, null, nullable), rows, cols);
    }
    Optional<RelPrivacy> lifted = lift(l, r, true, type, cols, mq);
    if (lifted.isEmpty()) {
      lifted = lift(r, l, false, type, cols, mq);
    }
    return lifted.orElseGet(
        () ->
            RelPrivacy.ambiguous(
                "the join on "
                    + on
                    + " is neither on the privacy unit nor along a foreign key to it, so a"
                    + " joined row would hold the data of two units (left: "
                    + lu.path()
                    + "; right: "
                    + ru.path()
                    + "); join on the unit or along a foreign key to it, or aggregate each side"
                    + " separately",
                cols));
  }

  /** Some alternative of each side, paired column by column by the equi-join. */
  private static boolean onUnit(Side l, Side r) {
    for (List<Integer> a : l.p.unit().alternatives()) {
      for (List<Integer> b : r.p.unit().alternatives()) {
        if (a.size() != b.size()) {
          continue;
        }
        boolean all = true;
        for (int i = 0; i < a.size() && all; i++) {
          all = paired(l.keys, r.keys, a.get(i), b.get(i));
        }
        if (all) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean paired(List<Integer> lk, List<Integer> rk, int a, int b) {
    for (int k = 0; k < lk.size(); k++) {
      if (lk.get(k) == a && rk.get(k) == b) {
        return true;
      }
    }
    return false;
  }

  private static Optional<RelPrivacy> lift(
      Side child,
      Side parent,
      boolean childLeft,
      JoinRelType type,
      List<ColumnFacts> cols,
      RelMetadataQuery mq) {
    Optional<ForeignKeyPath.Lift> found =
        ForeignKeyPath.find(child.p, child.keys, parent.p, parent.keys);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    ForeignKeyPath.Lift fk = found.get();
    PrivacyUnit pu = parent.unit();
    String path = fk.text() + ", then " + pu.path();
    List<Integer> childAlt =
        fk.childAlternative() == null ? null : child.shift(fk.childAlternative());
    if (!type.projectsRight()) {
      if (!childLeft) { // parent rows kept by their own unit's child rows
        return Optional.of(RelPrivacy.privateRel(pu, parent.p.rowsPerUnit(), cols));
      }
      if (childAlt == null) {
        return Optional.empty(); // the unit would not be among the kept columns
      }
      RowBound rows = childRows(child, fk, mq, pu);
      boolean nullable = type == JoinRelType.ANTI; // a semi-join keeps matched keys only
      return Optional.of(
          RelPrivacy.privateRel(pu.with(List.of(childAlt), path, null, nullable), rows, cols));
    }
    RowBound rows = parent.p.rowsPerUnit().times(childRows(child, fk, mq, pu), "foreign-key join");
    boolean childKept =
        type == JoinRelType.FULL
            || (childLeft ? type == JoinRelType.LEFT : type == JoinRelType.RIGHT);
    boolean parentKept =
        type == JoinRelType.FULL
            || (childLeft ? type == JoinRelType.RIGHT : type == JoinRelType.LEFT);
    List<List<Integer>> alts = new ArrayList<>();
    if (childKept && !parentKept && childAlt != null) {
      alts.add(childAlt); // the child's key holds the unit even where no parent row matched
    } else {
      alts.addAll(pu.alternatives());
      if (!childKept && !parentKept && childAlt != null) {
        alts.add(childAlt);
      }
    }
    boolean nullable = pu.nullable() || childKept;
    return Optional.of(RelPrivacy.privateRel(pu.with(alts, path, null, nullable), rows, cols));
  }

  /** Child rows per parent key value. */
  private static RowBound childRows(
      Side child, ForeignKeyPath.Lift fk, RelMetadataQuery mq, PrivacyUnit pu) {
    if (Keys.unique(child.rel, fk.childColumns(), child.nullsMatch, mq)) {
      return RowBound.guaranteed(1, fk.text() + ": the foreign key is unique in the child");
    }
    return RowBound.unbounded(
        "a unit of "
            + pu.identity()
            + " may have any number of rows along "
            + fk.text().substring(0, fk.text().indexOf(" -> "))
            + "; the rewrite must cap rows per unit");
  }
}
