package dev.dpjdbc.it.corpus;

import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.select.PartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRuleChoice;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a query answered by partition selection is judged (queries.yaml header): with the rule
 * EXPLAIN PRIVACY reports (the selection's ε and δ share and L0, from which the driver chose the
 * optimal rule or the Gaussian threshold: {@link PartitionRuleChoice}, the same choice here) and
 * each group's true number of distinct units n (the entry's {@code units:} SQL),
 *
 * <ul>
 *   <li>a group with π(n) &lt; {@value #NEVER} is below the threshold: it must never be released
 *       (false failure ≤ 1e-9 per such group);
 *   <li>a group with n ≥ 3·n½ (n½: the size released half the time, the rule's τ) must be released:
 *       it is kept with probability π(3·n½), which the runner requires to be ≥ 0.99 and reports (at
 *       the corpus ε it is 1);
 *   <li>groups in between may or may not be released; a released group is compared as today.
 * </ul>
 */
record SelectionCheck(PartitionRule rule, Map<String, Long> units) {
  static final double NEVER = 1e-9;
  private static final Pattern SHARE =
      Pattern.compile("selection's share: epsilon=([-0-9.eE+]+), delta=([-0-9.eE+]+)");

  /** The rule of an EXPLAIN PRIVACY selection row ({@code bounds} text and {@code groups} L0). */
  static SelectionCheck of(String bounds, int l0, Map<String, Long> units) {
    Matcher m = SHARE.matcher(bounds);
    if (!m.find()) {
      throw new IllegalArgumentException("no selection share in EXPLAIN PRIVACY: " + bounds);
    }
    PrivacyParams p =
        new PrivacyParams(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)));
    return new SelectionCheck(PartitionRuleChoice.choose(p, l0).rule(), Map.copyOf(units));
  }

  long unitsOf(String key) {
    return units.getOrDefault(key, 0L);
  }

  /** π(n) below {@value #NEVER}: the group must not be released. */
  boolean belowThreshold(long n) {
    return rule.keepProbability(n) < NEVER;
  }

  /** n ≥ 3·n½: the group must be released. */
  boolean mustRelease(long n) {
    return n >= 3L * rule.nHalf();
  }

  /** π(3·n½), the smallest keep probability of a group that must be released. */
  double mustReleaseProbability() {
    return rule.keepProbability(3L * rule.nHalf());
  }

  String describe() {
    return "selection ("
        + rule.name()
        + ") n½="
        + rule.nHalf()
        + ", π(3n½)="
        + mustReleaseProbability()
        + ", π(1)="
        + rule.keepProbability(1);
  }
}
