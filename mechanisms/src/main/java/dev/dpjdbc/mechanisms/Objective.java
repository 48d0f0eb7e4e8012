package dev.dpjdbc.mechanisms;

/**
 * What the per-coordinate allocation minimises: Σ w_i Var_i for weights w.
 *
 * <ul>
 *   <li>{@link #ABSOLUTE}: w ≡ 1, total MSE (the papers' optimum).
 *   <li>{@link #RELATIVE}: w_i supplied by the caller from data-independent magnitudes (the
 *       analyzer derives them from bounds and from what is released).
 *   <li>{@link #EQUAL_SPLIT}: w_i = 1/λ_i², every coordinate gets an equal share of the budget
 *       (what other systems do).
 *   <li>{@link #IID}: one common scale for every coordinate (baseline).
 *   <li>{@link #EXPLICIT}: caller-given weights.
 * </ul>
 */
public enum Objective {
  ABSOLUTE,
  RELATIVE,
  EQUAL_SPLIT,
  IID,
  EXPLICIT;

  /** Parses {@code absolute|relative|equal-split|iid|explicit}, case-insensitively. */
  public static Objective parse(String s) {
    String n = s.trim().replace('-', '_');
    for (Objective o : values()) {
      if (o.name().equalsIgnoreCase(n)) {
        return o;
      }
    }
    throw new IllegalArgumentException(
        "objective must be one of absolute, relative, equal-split, iid. Provided value: " + s);
  }
}
