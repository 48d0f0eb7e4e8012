package dev.dpjdbc.analyze.bounds;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the backend's catalog guarantees about one table: its columns, primary key, foreign keys and
 * the per-column intervals and value sets implied by enforced constraints (validated CHECKs,
 * domains, enum types, NUMERIC precision, SMALLINT/BOOLEAN ranges). Immutable; cached per table.
 *
 * @param columns by the backend's spelling, in ordinal order
 * @param uniqueKeys column sets no two rows share (a NULL in any of them aside): the primary key,
 *     UNIQUE constraints and unique indexes the backend enforces on every row ({@code UniqueKeys})
 * @param constraintIntervals by column (backend spelling); only enforced constraints
 * @param constraintValues public value sets by column (CHECK IN list, enum, BOOLEAN)
 * @param valueSources where each value set came from
 * @param warrant how a statement re-checks that these facts still hold ({@link
 *     CatalogFingerprint}), or null when the backend or the table offers no such check
 */
public record TableMeta(
    String schema,
    String name,
    Map<String, ColumnMeta> columns,
    List<String> primaryKey,
    List<List<String>> uniqueKeys,
    List<ForeignKey> foreignKeys,
    Map<String, Interval> constraintIntervals,
    Map<String, List<Object>> constraintValues,
    Map<String, String> valueSources,
    CatalogWarrant warrant) {

  /** {@code columns} of this table reference {@code refTable(refColumns)}. */
  public record ForeignKey(
      List<String> columns, String refSchema, String refTable, List<String> refColumns) {}

  public TableMeta {
    columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    primaryKey = List.copyOf(primaryKey);
    uniqueKeys = uniqueKeys.stream().map(List::copyOf).toList();
    foreignKeys = List.copyOf(foreignKeys);
    constraintIntervals = Map.copyOf(constraintIntervals);
    constraintValues = Map.copyOf(constraintValues);
    valueSources = Map.copyOf(valueSources);
  }

  /** The column whose name equals {@code name} ignoring case (PostgreSQL's folding). */
  public Optional<ColumnMeta> column(String name) {
    ColumnMeta exact = columns.get(name);
    if (exact != null) {
      return Optional.of(exact);
    }
    String lower = name.toLowerCase(Locale.ROOT);
    return columns.values().stream()
        .filter(c -> c.name().toLowerCase(Locale.ROOT).equals(lower))
        .findFirst();
  }

  /**
   * True when {@code names} (any case) contain the primary key or a unique key: at most one row has
   * given non-NULL values in them. With {@code nullFree}, only keys whose columns are all NOT NULL
   * count, so that also NULLs occur at most once (a comparison that matches NULL with NULL, or a
   * unit that must name one row).
   */
  public boolean containsKey(Collection<String> names, boolean nullFree) {
    Set<String> have = new HashSet<>();
    names.forEach(n -> have.add(n.toLowerCase(Locale.ROOT)));
    List<List<String>> keys = new ArrayList<>(uniqueKeys);
    if (!primaryKey.isEmpty()) {
      keys.add(primaryKey);
    }
    for (List<String> key : keys) {
      boolean in = true;
      boolean notNull = true;
      for (String k : key) {
        in &= have.contains(k.toLowerCase(Locale.ROOT));
        notNull &= column(k).map(c -> !c.nullable()).orElse(false) || primaryKey.contains(k);
      }
      if (in && (notNull || !nullFree)) {
        return true;
      }
    }
    return false;
  }

  public Interval interval(String column) {
    return constraintIntervals.getOrDefault(column, Interval.UNBOUNDED);
  }
}
