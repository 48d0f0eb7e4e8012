package dev.dpjdbc.analyze.bounds;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the backend's catalog guarantees about one table: its columns, primary key, foreign keys and
 * the per-column intervals and value sets implied by enforced constraints (validated CHECKs,
 * domains, enum types, NUMERIC precision, SMALLINT/BOOLEAN ranges). Immutable; cached per table.
 *
 * @param columns by the backend's spelling, in ordinal order
 * @param constraintIntervals by column (backend spelling); only enforced constraints
 * @param constraintValues public value sets by column (CHECK IN list, enum, BOOLEAN)
 * @param valueSources where each value set came from
 */
public record TableMeta(
    String schema,
    String name,
    Map<String, ColumnMeta> columns,
    List<String> primaryKey,
    List<ForeignKey> foreignKeys,
    Map<String, Interval> constraintIntervals,
    Map<String, List<Object>> constraintValues,
    Map<String, String> valueSources) {

  /** {@code columns} of this table reference {@code refTable(refColumns)}; kept for later. */
  public record ForeignKey(
      List<String> columns, String refSchema, String refTable, List<String> refColumns) {}

  public TableMeta {
    columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    primaryKey = List.copyOf(primaryKey);
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

  public Interval interval(String column) {
    return constraintIntervals.getOrDefault(column, Interval.UNBOUNDED);
  }
}
