package dev.dpjdbc.policy;

import dev.dpjdbc.mechanisms.Mechanism;
import dev.dpjdbc.mechanisms.Objective;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The YAML policy file (DESIGN.md § Policy file shape), parsed and validated once; immutable.
 * Unknown keys fail loudly with the key's path.
 */
public record Policy(
    Budget budget,
    QueryDefaults query,
    String ledgerUrl,
    Map<String, Analyst> analysts,
    Map<String, TablePolicy> tables) {

  /** Lifetime budget per analyst unless the analyst overrides it. */
  public record Budget(double epsilon, double delta) {}

  /** Per-query defaults (SET dp.* overrides them per session). */
  public record QueryDefaults(
      double epsilon, double delta, Mechanism mechanism, Objective objective) {}

  /** epsilon/delta null = the policy budget; password = SCRAM-SHA-256 verifier or null. */
  public record Analyst(Double epsilon, Double delta, String password) {}

  /**
   * @param isPublic no personal data: no privacy unit, may be joined/grouped freely later
   * @param privacyUnit column naming the person, null = primary key
   */
  public record TablePolicy(
      boolean isPublic,
      String privacyUnit,
      Integer maxRowsPerUnit,
      Integer maxGroupsPerUnit,
      Map<String, ColumnPolicy> columns) {}

  /** A numeric bound [min, max] and/or a public value set. */
  public record ColumnPolicy(Double min, Double max, List<Object> values) {}

  public static Policy load(Path file) {
    throw new UnsupportedOperationException("TODO(issue 3)");
  }

  /** The policy used when none is given: defaults only, no tables, no analysts. */
  public static Policy defaults() {
    throw new UnsupportedOperationException("TODO(issue 3)");
  }
}
