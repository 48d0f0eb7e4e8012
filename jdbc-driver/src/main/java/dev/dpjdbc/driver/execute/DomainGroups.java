package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.GroupKey;
import dev.dpjdbc.analyze.plan.KeyEquality;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The data-independent set of groups to release: the cartesian product of the group keys' public
 * domains, one group per combination. A backend row is added to the group whose key values equal
 * its own in each key's SQL type ({@link KeyEquality}: text exactly, booleans as booleans, numbers
 * by value, NULL to NULL); a row whose key equals no domain value (outside the domain, or not a
 * value of the key's type) is dropped. So the released key set does not depend on the data, and two
 * backend groups are never added into one released group. A domain holding two values equal in the
 * key's type is refused here too (the analyzer refuses it first).
 */
final class DomainGroups implements GroupCollector {
  private final List<GroupKey> keys;
  private final Map<List<Object>, RawResult.Group> groups = new LinkedHashMap<>();

  /**
   * @throws SQLException (0A000) when two combinations are equal in the keys' types, or a domain
   *     value is not a value of its key's type
   */
  DomainGroups(List<GroupKey> keys, int coordinates) throws SQLException {
    this.keys = List.copyOf(keys);
    for (GroupKey key : keys) {
      KeyEquality.requireDistinct(key);
    }
    List<Object[]> combos = new ArrayList<>();
    combos.add(new Object[0]);
    for (GroupKey key : keys) {
      List<Object[]> next = new ArrayList<>();
      for (Object[] prefix : combos) {
        for (Object value : key.domain()) {
          Object[] combo = Arrays.copyOf(prefix, prefix.length + 1);
          combo[prefix.length] = value;
          next.add(combo);
        }
      }
      combos = next;
    }
    for (Object[] combo : combos) {
      List<Object> c = canonical(combo);
      if (c == null
          || groups.putIfAbsent(c, new RawResult.Group(combo, new double[coordinates])) != null) {
        throw new SQLException(
            "the plan's public group domains hold two equal combinations "
                + Arrays.toString(combo)
                + "; dpjdbc releases each group once: report this plan",
            AnalyzerSqlState.FEATURE_NOT_SUPPORTED.code());
      }
    }
  }

  /**
   * Adds a backend row's coordinates to the group equal to its key values; false (the row is
   * dropped) when no group is.
   */
  @Override
  public boolean add(Object[] keyValues, double[] values) {
    List<Object> c = canonical(keyValues);
    RawResult.Group g = c == null ? null : groups.get(c);
    if (g == null) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      g.values()[i] += values[i];
    }
    return true;
  }

  @Override
  public RawResult result() {
    return new RawResult(new ArrayList<>(groups.values()));
  }

  /** The canonical forms of one row's key values, or null when one is not a value of its type. */
  private List<Object> canonical(Object[] keyValues) {
    if (keyValues.length != keys.size()) {
      return null;
    }
    List<Object> out = new ArrayList<>(keyValues.length);
    for (int i = 0; i < keyValues.length; i++) {
      Optional<Object> c = KeyEquality.canonical(keys.get(i), keyValues[i]);
      if (c.isEmpty()) {
        return null;
      }
      out.add(c.get());
    }
    return out;
  }
}
