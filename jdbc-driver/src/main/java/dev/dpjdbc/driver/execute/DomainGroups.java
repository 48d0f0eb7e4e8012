package dev.dpjdbc.driver.execute;

import dev.dpjdbc.analyze.plan.GroupKey;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The data-independent set of groups to release: the cartesian product of the group keys' public
 * domains. Backend rows are matched to it by a normalised form of their key values (so {@code
 * Integer 3} matches {@code Long 3}, {@code "t"} matches {@code true}); a row whose key is outside
 * the domain (e.g. a NULL key) is dropped, which keeps the released key set independent of the
 * data.
 */
final class DomainGroups {
  private final Map<List<String>, RawResult.Group> groups = new LinkedHashMap<>();

  DomainGroups(List<GroupKey> keys, int coordinates) {
    List<Object[]> combos = new ArrayList<>();
    combos.add(new Object[0]);
    for (GroupKey key : keys) {
      List<Object[]> next = new ArrayList<>();
      for (Object[] prefix : combos) {
        for (Object value : key.domain()) {
          Object[] combo = java.util.Arrays.copyOf(prefix, prefix.length + 1);
          combo[prefix.length] = value;
          next.add(combo);
        }
      }
      combos = next;
    }
    for (Object[] combo : combos) {
      groups.put(normalise(combo), new RawResult.Group(combo, new double[coordinates]));
    }
  }

  /** Adds a backend row's coordinates to its group; false when the key is outside the domain. */
  boolean add(Object[] keys, double[] values) {
    RawResult.Group g = groups.get(normalise(keys));
    if (g == null) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      g.values()[i] += values[i];
    }
    return true;
  }

  RawResult result() {
    return new RawResult(new ArrayList<>(groups.values()));
  }

  static List<String> normalise(Object[] keys) {
    List<String> out = new ArrayList<>(keys.length);
    for (Object k : keys) {
      out.add(normalise(k));
    }
    return out;
  }

  static String normalise(Object k) {
    if (k == null) {
      return "\u0000null";
    }
    if (k instanceof Boolean b) {
      return b ? "true" : "false";
    }
    if (k instanceof Number n) {
      try {
        return new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
      } catch (NumberFormatException e) {
        return n.toString();
      }
    }
    String s = k.toString();
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.equals("t")) {
      return "true";
    }
    if (lower.equals("f")) {
      return "false";
    }
    return s;
  }
}
