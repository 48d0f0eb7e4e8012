package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.plan.PrivacyPlan;
import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import dev.dpjdbc.mechanisms.PrivacyParams;
import dev.dpjdbc.mechanisms.account.PrivacyCost;
import dev.dpjdbc.mechanisms.allocate.Allocation;
import dev.dpjdbc.mechanisms.select.PartitionRule;
import dev.dpjdbc.mechanisms.select.PartitionRuleChoice;
import java.sql.SQLException;

/**
 * One query's (ε, δ) split over its parts, and what the whole query costs. The parts: the K noisy
 * coordinates count K, partition selection ({@link PrivacyPlan#selects}) counts 1; each part gets
 * ε·count/parts. When selection is present it takes δ/2 and the noise vector the other δ/2 (with no
 * coordinate, selection takes all of ε and δ). The noise vector is allocated with its share exactly
 * as {@link NoiseAllocation} does for a plan without selection; the costs add ({@link
 * PrivacyCost#plus}) and the ledger is charged the sum once, before execution.
 *
 * <p>Guarantee: {@link #allocation}'s {@link Allocation#cost} is the whole query's cost (noise plus
 * selection), so everything that charges, warns or explains from it shows the whole cost; {@link
 * #noiseCost} is the noise vector's own. A plan with selection and δ = 0 is refused here (22023),
 * before any charge. Without selection the split is the identity: the allocation is {@link
 * NoiseAllocation#allocate}'s.
 *
 * <p>The selection's rule is chosen from its (ε_s, δ_s) and L0 alone ({@link PartitionRuleChoice}):
 * the optimal rule or the Gaussian threshold, whichever releases smaller groups (smaller n½); both
 * cost exactly (ε_s, δ_s), and the chosen rule's {@link PartitionRule#cost} is the one added.
 *
 * @param allocation the noise of the coordinates, carrying the whole query's cost
 * @param noiseCost what the noise vector alone costs
 * @param selectionChoice the rule chosen at the selection's share (and both rules' n½), or null
 *     without selection
 * @param selectionParams the selection's (ε, δ), or null
 */
public record QueryBudget(
    Allocation allocation,
    PrivacyCost noiseCost,
    PartitionRuleChoice selectionChoice,
    PrivacyParams selectionParams) {

  /** Splits {@code params} over {@code plan}'s parts and allocates the noise. */
  public static QueryBudget allocate(
      PrivacyPlan plan, PrivacyParams params, Mechanism mechanism, Objective objective)
      throws SQLException {
    if (!plan.selects()) {
      Allocation a = NoiseAllocation.allocate(plan, params, mechanism, objective);
      return new QueryBudget(a, a.cost(), null, null);
    }
    if (!plan.quantiles().isEmpty()) {
      // the analyzer refuses quantiles under partition selection; the split below has no share
      // for them
      throw new IllegalStateException("a plan with partition selection and quantiles");
    }
    if (!(params.delta() > 0)) {
      throw new SQLException(
          "this query's groups are chosen by partition selection ("
              + plan.selection().reason()
              + "), which needs delta > 0: a group of one person is released with a probability"
              + " of at most delta. Set a delta, e.g. SET dp.delta = 1e-7, or group by a column"
              + " with a public domain",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    int k = plan.coordinates().size();
    PrivacyParams selectionParams =
        k == 0 ? params : new PrivacyParams(params.epsilon() / (k + 1), params.delta() / 2);
    PartitionRuleChoice choice;
    try {
      choice = PartitionRuleChoice.choose(selectionParams, plan.maxGroupsPerUnit());
    } catch (IllegalArgumentException e) {
      throw new SQLException(
          "cannot calibrate partition selection for epsilon="
              + params.epsilon()
              + ", delta="
              + params.delta()
              + ": "
              + e.getMessage()
              + " (change it with SET dp.epsilon / dp.delta)",
          AnalyzerSqlState.INVALID_PARAMETER_VALUE.code());
    }
    Allocation noise;
    PrivacyCost noiseCost;
    if (k == 0) {
      // nothing to noise (SELECT city ... GROUP BY city): the keys are the whole answer
      noise =
          BudgetSplit.noCoordinates(
              mechanism == Mechanism.AUTO ? Mechanism.LAPLACE : mechanism, objective);
      noiseCost = PrivacyCost.ZERO;
    } else {
      PrivacyParams noiseParams =
          new PrivacyParams(
              params.epsilon() - selectionParams.epsilon(),
              params.delta() - selectionParams.delta());
      noise = NoiseAllocation.allocate(plan, noiseParams, mechanism, objective);
      noiseCost = noise.cost();
    }
    PrivacyCost total = noiseCost.plus(choice.rule().cost());
    Allocation whole = noise.withCost(total);
    return new QueryBudget(whole, noiseCost, choice, selectionParams);
  }

  /** The partition-selection rule the ledger was charged for, or null without selection. */
  public PartitionRule selection() {
    return selectionChoice == null ? null : selectionChoice.rule();
  }

  /** The whole query's cost: what the ledger is charged. */
  public PrivacyCost cost() {
    return allocation.cost();
  }
}
