package dev.dpjdbc.analyze.boundary;

import dev.dpjdbc.analyze.bounds.TableBounds;
import dev.dpjdbc.analyze.privacy.ColumnFacts;
import java.util.Optional;

/**
 * One group key of the DP boundary: an input column, and whether its values have a public domain
 * (then the released groups can be the domain's values, no partition selection needed).
 *
 * @param output the key's column in the aggregate's output
 * @param input the key's column in the boundary's input ({@code below})
 * @param facts the input column's facts (interval, public domain, origin)
 */
public record GroupKey(int output, int input, ColumnFacts facts) {

  /** The key's name in the boundary's input. */
  public String name() {
    return facts.name();
  }

  /** The key has a public, finite domain. */
  public boolean hasPublicDomain() {
    return facts.hasDomain();
  }

  /**
   * The key is an unchanged column of a {@code public: true} table: its values are public (the
   * table's distinct values), though the facts list no domain.
   */
  public boolean fromPublicTable() {
    return facts.origin() != null && facts.origin().table().isPublic();
  }

  /** The public domain of the key's values, if there is one. */
  public Optional<TableBounds.Domain> domain() {
    return Optional.ofNullable(facts.domain());
  }

  @Override
  public String toString() {
    return name()
        + (hasPublicDomain() ? ":domain" : fromPublicTable() ? ":public-table" : ":private");
  }
}
