/**
 * The rule against data-dependent errors for the relational analyzer (issue 8): a backend error is
 * released without noise, so no expression evaluated on private rows may raise an error whose
 * occurrence depends on row values.
 *
 * <p>Two parts, applied to the DP boundary's input ({@code analyze.boundary.Boundary#below()}):
 *
 * <ol>
 *   <li>{@link dev.dpjdbc.analyze.safety.ErrorFreedom#check} walks every node under the boundary
 *       and every expression in it, bottom-up, with what the database guarantees about each column
 *       (CHECK constraints, NUMERIC precision, the types' ranges, and which of NaN and ±Infinity
 *       the column can hold on the backend — {@code Specials} — not the policy's clamp bounds, and
 *       not the narrowing of filters, whose conjuncts the backend may reorder). An allow-list:
 *       arithmetic is allowed when the result interval fits its type and divisors exclude 0, casts
 *       when every value converts, functions when their arguments lie in their domains (see {@code
 *       RexCheck}, {@code Arithmetic}, {@code CastRule}, {@code Functions}); CASE branches are
 *       checked under their guards ({@code Scope}); anything not named is refused with 0A000, the
 *       construct and a rewrite.
 *   <li>{@link dev.dpjdbc.analyze.safety.Preflight} builds the statement that evaluates every
 *       constant sub-expression that could fail (and divides by every constant divisor) before any
 *       row is read, so that such errors are raised whatever the data holds, and before the analyst
 *       is charged.
 * </ol>
 *
 * <p>Together: if the check passes and the preflight succeeds, the query raises no error that
 * depends on the rows it reads (connection and resource errors aside, which depend on no row
 * value). The rules follow PostgreSQL 14, the stricter backend (it raises on float overflow and
 * underflow, on {@code EXTRACT(HOUR FROM date)}, on dates beyond the timestamp range); the tests
 * show, on PostgreSQL, a row that makes each refused shape fail and that the allowed ones do not
 * fail at their intervals' extremes.
 */
package dev.dpjdbc.analyze.safety;
