package dev.dpjdbc.analyze.boundary;

import dev.dpjdbc.analyze.privacy.RelPrivacy;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Aggregate;

/**
 * A plan cut at its DP boundary by {@link BoundarySplit#split}.
 *
 * <p>Guarantees, when not {@link #isPublic}: {@link #aggregate} is the only node of the plan over
 * private rows whose output is not private (its {@code RelPrivacy} status is BOUNDARY); {@link
 * #below} is its input, PRIVATE with the unit and row bound of {@link #boundaryInput}; every node
 * of {@link #above} has exactly one input, the previous node (the first's is the aggregate), and is
 * a Project, Filter, Sort or Aggregate over released rows only: post-processing. The last node of
 * {@code above} (or the aggregate when {@code above} is empty) is {@code root.rel}.
 *
 * <p>When {@link #isPublic}, no node reads private data: the plan may run without noise, and the
 * other fields are null or empty.
 *
 * @param root the plan as the front end gave it
 * @param isPublic the plan reads no private data
 * @param aggregate the DP aggregate, or null when public
 * @param below the aggregate's input, or null when public
 * @param boundaryInput the privacy facts of {@code below}, or null when public
 * @param above the operators from just above the aggregate up to the root, in that order
 * @param keys the aggregate's group keys, in output order
 * @param calls the aggregate's calls, in output order
 */
public record Boundary(
    RelRoot root,
    boolean isPublic,
    Aggregate aggregate,
    RelNode below,
    RelPrivacy boundaryInput,
    List<RelNode> above,
    List<GroupKey> keys,
    List<BoundaryCall> calls) {

  public Boundary {
    above = List.copyOf(above);
    keys = List.copyOf(keys);
    calls = List.copyOf(calls);
    if (isPublic != (aggregate == null)) {
      throw new IllegalArgumentException("a boundary has an aggregate exactly when not public");
    }
  }

  /** A plan without private data. */
  static Boundary publicPlan(RelRoot root) {
    return new Boundary(root, true, null, null, null, List.of(), List.of(), List.of());
  }

  /** Every group key has a public domain (no partition selection needed). */
  public boolean keysHavePublicDomains() {
    return keys.stream().allMatch(GroupKey::hasPublicDomain);
  }

  @Override
  public String toString() {
    if (isPublic) {
      return "PUBLIC";
    }
    StringBuilder b = new StringBuilder("keys=").append(keys).append(" calls=").append(calls);
    b.append(" above=[");
    for (int i = 0; i < above.size(); i++) {
      b.append(i == 0 ? "" : ",").append(above.get(i).getRelTypeName().replace("Logical", ""));
    }
    return b.append(']').toString();
  }
}
