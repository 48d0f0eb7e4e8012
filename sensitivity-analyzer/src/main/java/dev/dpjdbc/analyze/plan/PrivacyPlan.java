package dev.dpjdbc.analyze.plan;

import java.util.List;

/**
 * The analyzer's answer for one aggregate query: what to run on the backend and how sensitive every
 * noisy coordinate is. Contract with the driver:
 *
 * <ul>
 *   <li>{@link #rewrittenSql} runs on the backend (its dialect), binds {@link #parameterCount} JDBC
 *       {@code ?} parameters in the order they appear in the analyst's SQL, and returns one row per
 *       non-empty group: first the group keys (in {@link #groupKeys} order), then one numeric
 *       column per {@link Coordinate} (in {@link #coordinates} order). Bounds (clamping, per-unit
 *       row and group limits) are enforced inside it.
 *   <li>With group keys, every combination of the keys' public domains is released, empty groups
 *       included (their true coordinates are 0).
 *   <li>The driver allocates noise for the per-group profile λ = coordinates' sensitivities with L0
 *       = {@link #maxGroupsPerUnit}, perturbs each coordinate of each group, then computes {@link
 *       #outputs} from the noisy coordinates (post-processing), then applies {@link #orderBy},
 *       {@link #offset} and {@link #limit}.
 * </ul>
 */
public record PrivacyPlan(
    String originalSql,
    String rewrittenSql,
    int parameterCount,
    List<GroupKey> groupKeys,
    List<Coordinate> coordinates,
    int maxGroupsPerUnit,
    List<OutputColumn> outputs,
    List<SortKey> orderBy,
    Long offset,
    Long limit,
    List<BoundUse> bounds) {
  public PrivacyPlan {
    groupKeys = List.copyOf(groupKeys);
    coordinates = List.copyOf(coordinates);
    outputs = List.copyOf(outputs);
    orderBy = List.copyOf(orderBy);
    bounds = List.copyOf(bounds);
    if (maxGroupsPerUnit < 1) {
      throw new IllegalArgumentException("maxGroupsPerUnit must be >= 1: " + maxGroupsPerUnit);
    }
  }

  /** Per-group sensitivity profile λ, in coordinate order. */
  public double[] sensitivities() {
    return coordinates.stream().mapToDouble(Coordinate::sensitivity).toArray();
  }

  /** Weights for the RELATIVE objective, in coordinate order. */
  public double[] relativeWeights() {
    return coordinates.stream().mapToDouble(Coordinate::relativeWeight).toArray();
  }
}
