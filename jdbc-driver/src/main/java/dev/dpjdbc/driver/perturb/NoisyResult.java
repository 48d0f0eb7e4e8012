package dev.dpjdbc.driver.perturb;

import java.util.List;

/** Noisy per-group coordinates: safe to post-process and release. */
public record NoisyResult(List<Group> groups) {
  public NoisyResult {
    groups = List.copyOf(groups);
  }

  /** One released group: its public key values and its noisy coordinates. */
  public record Group(Object[] keys, double[] noisy) {}
}
