package dev.dpjdbc.analyze.plan;

/**
 * One noisy number per group.
 *
 * @param name stable name of the column in the rewritten SQL (e.g. "c0")
 * @param kind COUNT or SUM (a SUM may be of a centred value or of a centred square)
 * @param description human form for EXPLAIN PRIVACY, e.g. "SUM(salary - 100000)"
 * @param sensitivity λ: the most one unit can change this coordinate in one group
 * @param integral true when the true value is an integer and λ is an integer (COUNT)
 * @param relativeWeight w for the RELATIVE objective (data-independent, documented in the
 *     analyzer); &gt; 0
 */
public record Coordinate(
    String name,
    Kind kind,
    String description,
    double sensitivity,
    boolean integral,
    double relativeWeight) {
  public enum Kind {
    COUNT,
    SUM
  }
}
