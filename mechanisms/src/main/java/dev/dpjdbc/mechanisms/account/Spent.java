package dev.dpjdbc.mechanisms.account;

/**
 * The (ε, δ) a total {@link PrivacyCost} amounts to under the accounting that gave the smaller ε.
 * {@code epsilon} is +∞ when no accounting fits the δ budget (then nothing more may be admitted).
 *
 * @param accounting the rule that won
 * @param epsilon the ε that rule charges (≥ 0, possibly +∞)
 * @param delta the δ that rule charges (for ZCDP the whole δ budget it was converted at)
 */
public record Spent(Accounting accounting, double epsilon, double delta) {
  public Spent {
    if (accounting == null) {
      throw new IllegalArgumentException("accounting is required");
    }
    if (!(epsilon >= 0) || !(delta >= 0)) {
      throw new IllegalArgumentException(
          "spent epsilon and delta must be >= 0. Provided: " + epsilon + ", " + delta);
    }
  }

  /** True when this is a finite (ε, δ) guarantee. */
  public boolean feasible() {
    return Double.isFinite(epsilon);
  }
}
