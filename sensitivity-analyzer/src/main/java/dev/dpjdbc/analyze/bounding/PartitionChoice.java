package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.boundary.Boundary;
import dev.dpjdbc.analyze.boundary.GroupKey;
import dev.dpjdbc.analyze.plan.Selection;
import dev.dpjdbc.policy.Policy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a grouped query's released groups come from partition selection rather than from the
 * keys' public domains. Selection is chosen, for the whole key tuple, when
 *
 * <ul>
 *   <li>some key has no public domain (a private key; with public keys beside it, the tuple is
 *       selected as a whole, so empty combinations of the public keys are not released), or
 *   <li>the product of the public keys' domain sizes (NULL counted for a nullable key) is above the
 *       policy's {@code groups.max_public_groups}: releasing every combination would be mostly
 *       empty groups.
 * </ul>
 *
 * Data-independent: it reads the plan and the policy only.
 */
public final class PartitionChoice {
  private PartitionChoice() {}

  /** The selection for {@code boundary}, or empty when its groups are the domains' product. */
  public static Optional<Selection> of(Boundary boundary, Policy policy) {
    if (boundary.keys().isEmpty()) {
      return Optional.empty();
    }
    String counted = "COUNT(DISTINCT " + boundary.boundaryInput().unit().identity() + ")";
    List<String> privateKeys = new ArrayList<>();
    long product = 1;
    for (GroupKey k : boundary.keys()) {
      if (!k.hasPublicDomain()) {
        privateKeys.add(k.name());
      } else {
        product = times(product, combinations(boundary, k));
      }
    }
    if (!privateKeys.isEmpty()) {
      return Optional.of(
          new Selection(
              "GROUP BY "
                  + String.join(", ", privateKeys)
                  + (privateKeys.size() == 1 ? " has" : " have")
                  + " no public domain",
              counted));
    }
    int max = policy.groups().maxPublicGroups();
    if (product > max) {
      return Optional.of(
          new Selection(
              "the public keys' domains multiply into "
                  + (product == Long.MAX_VALUE ? "more than 2^63" : String.valueOf(product))
                  + " groups, above groups.max_public_groups = "
                  + max,
              counted));
    }
    return Optional.empty();
  }

  /** The number of values key {@code k} releases: its domain, and NULL when it is nullable. */
  static long combinations(Boundary boundary, GroupKey k) {
    long size = k.domain().map(d -> d.values().size()).orElse(0);
    boolean nullable =
        boundary.below().getRowType().getFieldList().get(k.input()).getType().isNullable();
    return Math.max(size + (nullable ? 1 : 0), 1);
  }

  static long times(long a, long b) {
    long r = a * b;
    return (a != 0 && r / a != b) || r < 0 ? Long.MAX_VALUE : r;
  }
}
