package dev.dpjdbc.analyze.plan;

/** ORDER BY on an output column, applied after the noise. nullsFirst null = backend default. */
public record SortKey(int outputIndex, boolean descending, Boolean nullsFirst) {}
