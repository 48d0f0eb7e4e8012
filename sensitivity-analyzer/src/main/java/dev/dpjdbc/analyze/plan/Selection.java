package dev.dpjdbc.analyze.plan;

/**
 * The released groups of a plan are chosen by partition selection instead of a public domain: the
 * rewritten SQL returns, after the coordinates, one more column holding n, the exact number of
 * distinct privacy units in the group (never released; it only decides whether the group is). The
 * driver keeps a group with probability π(n) of the optimal rule at the selection's share of the
 * budget, for L0 = {@link PrivacyPlan#maxGroupsPerUnit} (enforced in the SQL), and releases no
 * other group: empty groups, and groups the rule drops, are absent.
 *
 * @param reason why the keys have no public domain to release (a private key, or the public
 *     domains' product is above {@code groups.max_public_groups})
 * @param counted what n counts, for EXPLAIN PRIVACY (e.g. {@code COUNT(DISTINCT employees.id)})
 */
public record Selection(String reason, String counted) {
  public Selection {
    if (reason == null || counted == null) {
      throw new IllegalArgumentException("a selection needs its reason and what it counts");
    }
  }
}
