package dev.dpjdbc.analyze.bounding;

import dev.dpjdbc.analyze.plan.BoundUse;
import dev.dpjdbc.analyze.plan.Coordinate;
import dev.dpjdbc.analyze.plan.OutputExpr;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * The rewrite's output.
 *
 * @param rel the bounded plan (keys, then coordinates)
 * @param coordinates the noisy coordinates, in column order after the keys
 * @param callOutputs per boundary call (in call order), how its released value is computed from the
 *     group's noisy coordinates
 * @param callDescriptions per call, its human form ("SUM(price * qty)")
 * @param limits C and L0
 * @param quantiles the order statistics and their histogram plans ({@link QuantileCalls})
 * @param unclamped the clamps left out because they change no value, and why (EXPLAIN PRIVACY)
 * @param selection partition selection of the groups, or null: then {@link #rel} has one more
 *     column after the coordinates, the group's number of distinct units
 */
public record Rewritten(
    RelNode rel,
    List<Coordinate> coordinates,
    List<OutputExpr> callOutputs,
    List<String> callDescriptions,
    ContributionLimits limits,
    List<BoundUse> unclamped,
    QuantileRewrite quantiles,
    dev.dpjdbc.analyze.plan.Selection selection) {
  public Rewritten {
    unclamped = List.copyOf(unclamped);
    quantiles = quantiles == null ? QuantileRewrite.NONE : quantiles;
  }
}
