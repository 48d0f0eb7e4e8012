/**
 * Post-processing of released rows (new analyzer, step 1): what an analyst's query computes above
 * the DP boundary (expressions over noisy aggregates, HAVING, ORDER BY, LIMIT/OFFSET, an outer
 * aggregate such as DBeaver's row count) is evaluated on the already noisy rows by Calcite's own
 * {@link org.apache.calcite.interpreter.Interpreter}, never by a hand-written evaluator.
 *
 * <p>Why the Interpreter rather than {@code RexExecutor} per row: it evaluates Project, Filter,
 * Sort (collation, null direction, offset, fetch) and Aggregate with the same code-generated
 * expression semantics Calcite uses everywhere, so there is no second implementation of SQL
 * semantics to keep correct. The placeholder leaf of the expression is replaced by a scan of an
 * in-memory {@link org.apache.calcite.schema.ScannableTable} holding the released rows.
 *
 * <p>Where Calcite's generated code differs from PostgreSQL (float division by zero, rounding of
 * floats, casts to integers, integer overflow) the expressions are rewritten before interpretation
 * ({@code PostRex}) to call small helpers ({@link dev.dpjdbc.analyze.post.PgFloats}, {@link
 * dev.dpjdbc.analyze.post.PgInts}) as user-defined functions; Calcite still evaluates everything.
 *
 * <p>Post-processing reads only released (public) values, so errors it raises (division by zero,
 * SQLState 22012) disclose nothing beyond the release.
 */
package dev.dpjdbc.analyze.post;
