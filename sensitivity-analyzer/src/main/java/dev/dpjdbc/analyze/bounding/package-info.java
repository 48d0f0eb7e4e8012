/**
 * The bounded rewrite below the DP boundary (new analyzer): the plan under the DP aggregate is
 * rebuilt with Calcite's {@link org.apache.calcite.tools.RelBuilder} so that the bounds the noise
 * is calibrated to hold whatever the data holds, and the aggregate becomes one column per noisy
 * coordinate.
 *
 * <ul>
 *   <li><b>Clamping.</b> Every value an aggregate sums is clamped to its interval [L, U] with a
 *       NULL-preserving {@code CASE}, unless every value it can hold already lies in [L, U] ({@link
 *       dev.dpjdbc.analyze.bounding.Unclamped}): the expression bounds itself ({@code CASE WHEN
 *       remote THEN 1 ELSE 0 END}), or, on PostgreSQL, validated CHECKs, domains, NUMERIC precision
 *       or the column type do, and the statement re-checks those catalog facts in its own snapshot
 *       ({@link dev.dpjdbc.analyze.bounding.CatalogGuard}). A policy bound or a {@code NOT VALID}
 *       constraint is never such a fact. λ is computed from [L, U] either way, so leaving a
 *       redundant clamp out changes neither λ nor any answer.
 *   <li><b>Contribution bounding.</b> When the privacy analysis guarantees a bound C on rows per
 *       unit (a unit that is the primary key: C = 1), nothing more is needed. Otherwise the rows
 *       are first aggregated per (unit, group) — ZetaSQL's per-unit pre-aggregation — and each
 *       unit's partial count is clamped to C and its partial sum to [min(0, C·L), max(0, C·U)]. The
 *       sensitivity is the same as that of keeping at most C rows per unit (λ = C for a count, C ·
 *       max(|L|, |U|) for a sum), but no row is dropped at random: a unit within its limits
 *       contributes exactly, and the backend does a hash aggregate instead of a sort for a window.
 *   <li><b>Groups per unit.</b> With group keys a unit may reach several groups: L0 is the number
 *       of key combinations when that is at most the policy's {@code max_groups_per_unit} (nothing
 *       to enforce), else the policy's value, enforced by keeping each unit's L0 groups chosen at
 *       random ({@code ROW_NUMBER() OVER (PARTITION BY unit ORDER BY random())}).
 *   <li><b>Coordinates.</b> COUNT → one count; SUM → one sum; AVG → a centred sum Σ(x − m) and a
 *       count, m = (L+U)/2, λ = C·(U−L)/2; VAR/STDDEV → also Σ (x − m)², λ = C·((U−L)/2)², with a
 *       fractional deviation floored at 1e-150 in magnitude (PostgreSQL's float multiplication
 *       raises an underflow when a nonzero product rounds to 0). The centred sum is computed per
 *       group (or per unit) from the plain sum and count as {@code s − m·n}, so the per-row work is
 *       one clamp.
 * </ul>
 */
package dev.dpjdbc.analyze.bounding;
