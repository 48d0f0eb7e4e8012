package dev.dpjdbc.analyze.privacy;

import dev.dpjdbc.analyze.bounds.Interval;
import dev.dpjdbc.analyze.bounds.TableBounds.Domain;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.SetOp;

/**
 * UNION, INTERSECT and EXCEPT. The rows of a set operation over private inputs belong to a unit
 * only when every private input has the same unit identity at the same column positions (a unit
 * alternative common to all): then a row's unit is read from those columns whichever input it came
 * from. Rows per unit: UNION adds the inputs' bounds, INTERSECT takes the smallest private one,
 * EXCEPT the first input's.
 *
 * <ul>
 *   <li>UNION of private and public rows is AMBIGUOUS: the public rows would carry values in the
 *       unit columns that name no unit;
 *   <li>INTERSECT may mix them (its rows are rows of every input, so of the private ones);
 *   <li>EXCEPT keeps the first input's status; a public first input minus private rows is AMBIGUOUS
 *       (which public rows remain would depend on private data).
 * </ul>
 *
 * Columns: UNION takes the hull of the intervals and the union of the domains (when all have one),
 * INTERSECT their intersection, EXCEPT the first input's facts.
 */
final class SetOpPrivacy {
  private SetOpPrivacy() {}

  static RelPrivacy of(SetOp op, List<RelPrivacy> ins) {
    List<String> names = op.getRowType().getFieldNames();
    String what = op.kind.sql;
    Optional<RelPrivacy> beyond = RelPrivacy.beyondRule(ins, names, what);
    if (beyond.isPresent()) {
      return beyond.get();
    }
    boolean intersect = op instanceof Intersect;
    boolean minus = op instanceof Minus;
    List<ColumnFacts> cols = columns(ins, names, intersect, minus);
    List<RelPrivacy> priv = ins.stream().filter(RelPrivacy::isPrivate).toList();
    if (priv.isEmpty()) {
      return RelPrivacy.publicRel(cols);
    }
    if (minus && !ins.get(0).isPrivate()) {
      return RelPrivacy.ambiguous(
          "EXCEPT removes public rows where private rows match them: which rows remain depends"
              + " on private data that no unit bounds",
          cols);
    }
    if (!intersect && !minus && priv.size() < ins.size()) {
      return RelPrivacy.ambiguous(
          "UNION of private and public rows: the public rows name no unit; aggregate the"
              + " private and the public rows separately",
          cols);
    }
    PrivacyUnit first = priv.get(0).unit();
    List<List<Integer>> common = new ArrayList<>(first.alternatives());
    boolean nullable = false;
    for (RelPrivacy p : priv) {
      if (!p.unit().identity().equals(first.identity())) {
        return RelPrivacy.ambiguous(
            what
                + " of rows with different units ("
                + first.path()
                + "; "
                + p.unit().path()
                + "): a row's unit could not be told",
            cols);
      }
      common.retainAll(p.unit().alternatives());
      nullable |= p.unit().nullable();
    }
    if (common.isEmpty()) {
      return RelPrivacy.ambiguous(
          what
              + " of private rows whose unit is not in the same columns of every input: select"
              + " the unit column at the same position in each",
          cols);
    }
    RowBound rows = priv.get(0).rowsPerUnit();
    for (RelPrivacy p : priv.subList(1, priv.size())) {
      if (intersect) {
        rows = smaller(rows, p.rowsPerUnit());
      } else if (!minus) {
        rows = rows.plus(p.rowsPerUnit(), what + " adds the inputs' rows per unit");
      }
    }
    PrivacyUnit u = first.with(common, first.path() + "; through " + what, null, nullable);
    return RelPrivacy.privateRel(u, rows, cols);
  }

  private static RowBound smaller(RowBound a, RowBound b) {
    if (!b.bounded()) {
      return a;
    }
    if (!a.bounded() || b.max() < a.max()) {
      return b;
    }
    return a;
  }

  private static List<ColumnFacts> columns(
      List<RelPrivacy> ins, List<String> names, boolean intersect, boolean minus) {
    List<ColumnFacts> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      ColumnFacts f0 = ins.get(0).column(i);
      if (minus) {
        out.add(f0.withName(names.get(i)));
        continue;
      }
      Interval iv = f0.interval();
      List<Domain> ds = new ArrayList<>();
      ColumnFacts.Origin origin = f0.origin();
      for (RelPrivacy in : ins) {
        ColumnFacts f = in.column(i);
        iv = intersect ? iv.intersect(f.interval()) : hull(iv, f.interval());
        ds.add(f.domain());
        if (!Objects.equals(origin, f.origin())) {
          origin = null;
        }
      }
      Domain d;
      if (intersect) {
        d = null;
        for (Domain x : ds) {
          d = Domains.intersect(d, x);
        }
      } else {
        d = Domains.union(ds, "union of the inputs' domains");
      }
      out.add(new ColumnFacts(names.get(i), iv, d, origin));
    }
    return out;
  }

  private static Interval hull(Interval a, Interval b) {
    boolean l = b.lower() < a.lower();
    boolean u = b.upper() > a.upper();
    return new Interval(
        l ? b.lower() : a.lower(),
        u ? b.upper() : a.upper(),
        l ? b.lowerSource() : a.lowerSource(),
        u ? b.upperSource() : a.upperSource());
  }
}
