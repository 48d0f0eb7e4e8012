package dev.dpjdbc.mechanisms.account;

/** Which composition rule produced a {@link Spent}. */
public enum Accounting {
  /** Basic composition: Σε at Σδ. */
  BASIC,
  /** zCDP: Σρ converted to (ε, δ) with CKS20 (or Bun–Steinke when smaller) plus the extra δ. */
  ZCDP
}
