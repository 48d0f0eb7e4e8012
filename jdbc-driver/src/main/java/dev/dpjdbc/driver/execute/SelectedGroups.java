package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The candidate groups of a plan with partition selection: one per backend row (the rewritten SQL
 * groups by the keys, so each row is one group), each holding its coordinates and, last, its
 * distinct-unit count n. Nothing here is released: the driver's partition selection keeps some of
 * these groups. A row whose key the driver cannot read as a value of the key's type is dropped (a
 * decision on that group alone). {@link #result} sorts the groups by their key values, so the
 * released order never reflects the backend's (hash) order, which may depend on groups that are not
 * released.
 */
final class SelectedGroups implements GroupCollector {
  private final List<GroupKey> keys;
  private final List<Entry> groups = new ArrayList<>();

  private record Entry(List<Object> order, RawResult.Group group) {}

  SelectedGroups(List<GroupKey> keys) {
    this.keys = List.copyOf(keys);
  }

  @Override
  public boolean add(Object[] keyValues, double[] values) {
    if (keyValues.length != keys.size()) {
      return false;
    }
    List<Object> canonical = new ArrayList<>(keyValues.length);
    for (int i = 0; i < keyValues.length; i++) {
      Optional<Object> c = KeyEquality.canonical(keys.get(i), keyValues[i]);
      if (c.isEmpty()) {
        return false;
      }
      canonical.add(c.get());
    }
    groups.add(new Entry(canonical, new RawResult.Group(keyValues, values.clone())));
    return true;
  }

  @Override
  public RawResult result() {
    List<Entry> sorted = new ArrayList<>(groups);
    sorted.sort(Comparator.comparing(Entry::order, SelectedGroups::compareKeys));
    return new RawResult(sorted.stream().map(Entry::group).toList());
  }

  /** Key tuples in order: NULL first, then values of one class by their natural order. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compareKeys(List<Object> a, List<Object> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      int c;
      if (x == null || y == null) {
        c = x == null ? (y == null ? 0 : -1) : 1;
      } else if (x instanceof Comparable cx && x.getClass() == y.getClass()) {
        c = cx.compareTo(y);
      } else {
        c = String.valueOf(x).compareTo(String.valueOf(y));
      }
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }
}
