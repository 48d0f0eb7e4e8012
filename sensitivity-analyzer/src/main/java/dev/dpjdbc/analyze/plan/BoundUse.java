package dev.dpjdbc.analyze.plan;

/**
 * A bound the plan relies on, for EXPLAIN PRIVACY: {@code table.column} in [lower, upper] (or a
 * value set / privacy unit / row limit), and where it came from ("policy", "CHECK constraint
 * employees_salary_check", "NUMERIC(8,2)", "primary key", ...).
 */
public record BoundUse(String table, String column, String what, String source) {}
