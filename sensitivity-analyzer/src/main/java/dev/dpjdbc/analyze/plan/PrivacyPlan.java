package dev.dpjdbc.analyze.plan;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The analyzer's answer for one aggregate query: what to run on the backend and how sensitive every
 * noisy coordinate is. Contract with the driver:
 *
 * <ul>
 *   <li>{@link #rewrittenSql} runs on the backend (its dialect) and returns one row per non-empty
 *       group: first the group keys (in {@link #groupKeys} order), then one numeric column per
 *       {@link Coordinate} (in {@link #coordinates} order). Bounds (clamping, per-unit row and
 *       group limits) are enforced inside it.
 *   <li>It carries no text of the analyst's: each of its {@code ?} is bound from {@link
 *       #parameters}, in order — a {@link ParameterSource.Constant} (a literal the analyst wrote,
 *       or a group key's domain value) or a {@link ParameterSource.Analyst} (one of the analyst's
 *       {@link #parameterCount} own {@code ?} values), typed as {@link #typing} says.
 *   <li>{@link #preflight}, when not null, runs first on the same connection with its own
 *       parameters: it evaluates every constant sub-expression of the WHERE clause that could raise
 *       an error (arithmetic, casts, functions of constants), reading no table, so such an error is
 *       raised whatever the data holds, never only when some row reaches it.
 *   <li>{@link #parameterCount} is the number of {@code ?} in the analyst's SQL (what describe
 *       reports), not the number in {@link #rewrittenSql}.
 *   <li>With group keys, every combination of the keys' public domains is released, empty groups
 *       included (their true coordinates are 0) — unless {@link #selection} is not null: then the
 *       SQL returns one more column, the group's distinct-unit count, and only the groups that pass
 *       partition selection are released ({@link Selection}).
 *   <li>{@link #quantiles}, when not empty, are released by the exponential mechanism on the
 *       histograms their own statements compute ({@link QuantileRelease}); their values follow the
 *       noisy coordinates in a group's noisy values, and {@link #rewrittenSql} is empty when the
 *       plan has no coordinate.
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
    List<BoundUse> bounds,
    List<ParameterSource> parameters,
    BoundSql preflight,
    ParameterTyping typing,
    Post post,
    QuantileRelease quantiles,
    Selection selection) {
  /**
   * Post-processing by Calcite's evaluator (plans of the relational analyzer): {@link #outputs}
   * then describe the released row of the DP aggregate (group keys and aggregates), {@code
   * processor} computes the analyst's columns from those rows (expressions, HAVING, ORDER BY,
   * LIMIT, outer aggregates), and {@code columns} describes them; {@link #orderBy}, {@link #offset}
   * and {@link #limit} are then unused.
   *
   * @param processor the evaluator over released rows
   * @param columns the analyst's columns (their {@code expr} is null)
   * @param probe the query provably returns no row whatever the data holds (a {@code WHERE 1 = 0}
   *     or {@code LIMIT 0} probe): the driver returns the columns without running or charging
   */
  public record Post(
      dev.dpjdbc.analyze.post.PostProcessor processor, List<OutputColumn> columns, boolean probe) {
    public Post {
      columns = List.copyOf(columns);
    }
  }

  public PrivacyPlan {
    quantiles = quantiles == null ? QuantileRelease.NONE : quantiles;
    groupKeys = List.copyOf(groupKeys);
    coordinates = List.copyOf(coordinates);
    outputs = List.copyOf(outputs);
    orderBy = List.copyOf(orderBy);
    bounds = List.copyOf(bounds);
    parameters = List.copyOf(parameters);
    if (maxGroupsPerUnit < 1) {
      throw new IllegalArgumentException("maxGroupsPerUnit must be >= 1: " + maxGroupsPerUnit);
    }
    if (parameterCount < 0) {
      throw new IllegalArgumentException("parameterCount must be >= 0: " + parameterCount);
    }
    if (typing == null) {
      throw new IllegalArgumentException("typing must be given");
    }
    int referenced =
        Math.max(
            new BoundSql(rewrittenSql, parameters).analystParametersReferenced(),
            preflight == null ? 0 : preflight.analystParametersReferenced());
    for (QuantileRelease.Histogram h : quantiles.histograms()) {
      referenced = Math.max(referenced, h.sql().analystParametersReferenced());
    }
    if (referenced > parameterCount) {
      throw new IllegalArgumentException(
          "the generated SQL binds analyst parameter "
              + referenced
              + " but the query has only "
              + parameterCount);
    }
  }

  /** A plan without quantiles or partition selection. */
  public PrivacyPlan(
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
      List<BoundUse> bounds,
      List<ParameterSource> parameters,
      BoundSql preflight,
      ParameterTyping typing,
      Post post) {
    this(
        originalSql,
        rewrittenSql,
        parameterCount,
        groupKeys,
        coordinates,
        maxGroupsPerUnit,
        outputs,
        orderBy,
        offset,
        limit,
        bounds,
        parameters,
        preflight,
        typing,
        post,
        QuantileRelease.NONE,
        null);
  }

  /** A plan with quantiles, no partition selection. */
  public PrivacyPlan(
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
      List<BoundUse> bounds,
      List<ParameterSource> parameters,
      BoundSql preflight,
      ParameterTyping typing,
      Post post,
      QuantileRelease quantiles) {
    this(
        originalSql,
        rewrittenSql,
        parameterCount,
        groupKeys,
        coordinates,
        maxGroupsPerUnit,
        outputs,
        orderBy,
        offset,
        limit,
        bounds,
        parameters,
        preflight,
        typing,
        post,
        quantiles,
        null);
  }

  /** A plan with partition selection, no quantiles. */
  public PrivacyPlan(
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
      List<BoundUse> bounds,
      List<ParameterSource> parameters,
      BoundSql preflight,
      ParameterTyping typing,
      Post post,
      Selection selection) {
    this(
        originalSql,
        rewrittenSql,
        parameterCount,
        groupKeys,
        coordinates,
        maxGroupsPerUnit,
        outputs,
        orderBy,
        offset,
        limit,
        bounds,
        parameters,
        preflight,
        typing,
        post,
        QuantileRelease.NONE,
        selection);
  }

  /** Partition selection decides the released groups ({@link #selection} is not null). */
  public boolean selects() {
    return selection != null;
  }

  /**
   * A plan whose rewritten SQL binds exactly the analyst's {@code ?} values, in order, typed by the
   * backend, with no preflight (for plans built by hand).
   */
  public PrivacyPlan(
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
    this(
        originalSql,
        rewrittenSql,
        parameterCount,
        groupKeys,
        coordinates,
        maxGroupsPerUnit,
        outputs,
        orderBy,
        offset,
        limit,
        bounds,
        IntStream.range(0, parameterCount)
            .<ParameterSource>mapToObj(ParameterSource.Analyst::new)
            .toList(),
        null,
        ParameterTyping.INFERRED_BY_BACKEND,
        null);
  }

  /** A probe: no row whatever the data holds; nothing runs, nothing is spent ({@link Post}). */
  public boolean isProbe() {
    return post != null && post.probe();
  }

  /** {@link #rewrittenSql} with its {@link #parameters}. */
  public BoundSql rewritten() {
    return new BoundSql(rewrittenSql, parameters);
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
