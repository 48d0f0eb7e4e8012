package dev.dpjdbc.driver.perturb;

import dev.dpjdbc.driver.charge.Ledger;
import dev.dpjdbc.mechanisms.allocate.Allocation;

/**
 * Proof that the ledger admitted and recorded a release: the allocation that was charged and the
 * analyst's budget after the charge. {@link Perturber} draws noise only against a grant, so noise
 * is never drawn before the charge.
 */
public record Grant(Allocation allocation, Ledger.BudgetStatus status) {
  public Grant {
    if (allocation == null || status == null) {
      throw new IllegalArgumentException("a grant needs the charged allocation and the status");
    }
  }
}
