package dev.dpjdbc.driver.execute;

import java.util.List;

/**
 * The exact (un-noised) per-group coordinates of a plan, for every group that will be released:
 * every combination of the group keys' public domains (empty groups hold zeros), in domain order.
 * Never leaves the driver; only {@code perturb} reads it.
 */
public record RawResult(List<Group> groups) {
  public RawResult {
    groups = List.copyOf(groups);
  }

  /**
   * One group.
   *
   * @param keys key values, in group-key order (the domain's own objects)
   * @param values true coordinate values, in coordinate order
   */
  public record Group(Object[] keys, double[] values) {}
}
