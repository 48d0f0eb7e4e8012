/**
 * The privacy analysis of the new analyzer (step 1 of issue 8): bottom-up over a Calcite {@link
 * org.apache.calcite.rel.RelNode} tree, the {@link dev.dpjdbc.analyze.privacy.RelPrivacy} of every
 * node — its privacy unit (or public), per column a value interval and a public domain with their
 * sources, and a bound on rows per unit — and where the DP boundary is (the lowest Aggregate over
 * private rows that does not group by the unit). The rules, operator by operator, are in
 * docs/sensitivity-analyzer.md ("The privacy analysis") and in the Javadoc of the class applying
 * each: {@link dev.dpjdbc.analyze.privacy.ScanPrivacy}, {@link
 * dev.dpjdbc.analyze.privacy.FilterNarrowing}, {@link dev.dpjdbc.analyze.privacy.ExprFacts} and
 * {@link dev.dpjdbc.analyze.privacy.RexIntervals} with {@link dev.dpjdbc.analyze.privacy.Guards}
 * (projections; CASE branches under their conditions), {@link
 * dev.dpjdbc.analyze.privacy.JoinPrivacy} with {@link dev.dpjdbc.analyze.privacy.ForeignKeyPath},
 * {@link dev.dpjdbc.analyze.privacy.AggregatePrivacy}, {@link
 * dev.dpjdbc.analyze.privacy.SetOpPrivacy}.
 *
 * <h2>Why Calcite metadata handlers, not a visitor</h2>
 *
 * The facts are a Calcite metadata kind ({@link dev.dpjdbc.analyze.privacy.PrivacyMetadata}) with a
 * reflective handler ({@link dev.dpjdbc.analyze.privacy.RelMdPrivacy}), asked through a {@link
 * org.apache.calcite.rel.metadata.RelMetadataQuery} subclass ({@link
 * dev.dpjdbc.analyze.privacy.PrivacyMetadataQuery}), as Calcite's own {@code RelMdColumnUniqueness}
 * is. This fits because:
 *
 * <ul>
 *   <li>the facts of a node are a function of the node and its inputs' facts — exactly what
 *       metadata is; Calcite dispatches on the node's class (so a {@code LogicalJoin}, an {@code
 *       EnumerableHashJoin} or a {@code Calc} after planning all find their rule) and memoises per
 *       node in the query's cache, with cycle detection;
 *   <li>the rules need Calcite's other metadata — column uniqueness to tell a key join, the maximum
 *       row count of a small public side — and get it from the same query and cache;
 *   <li>the boundary and the rewrite that come next ask for the facts of any node (the aggregate's
 *       input, a join side) without re-running a traversal, and a planner rule could ask too.
 * </ul>
 *
 * The cost is Calcite's handler plumbing: the handler is a stateless singleton so that Calcite's
 * Janino-compiled dispatcher is built once per JVM, and the per-query context (which tables the
 * plan reads, from {@link dev.dpjdbc.analyze.privacy.TableFactsSource}) travels in the query
 * object; the catalog is read before the analysis ({@link
 * dev.dpjdbc.analyze.privacy.PrivacyAnalysis#load}) because metadata handlers cannot throw checked
 * exceptions.
 *
 * <h2>What the facts promise</h2>
 *
 * Every fact is data-independent — derived from the schema, the policy and the query's own
 * literals, never from rows — and sound: a column's values lie in its interval, a relation's units
 * have at most the stated rows (or, for a cap, will after the rewrite enforces it). The analysis
 * never refuses by itself: a relation whose unit cannot be told is {@code AMBIGUOUS} with a reason
 * for the boundary to report.
 *
 * <h2>Public domains never depend on private data</h2>
 *
 * A group key's public domain is released whole, empty groups included, so it must not reveal
 * anything about a person. Every domain comes from one of: the schema (CHECK IN lists, integer and
 * date CHECK ranges, enum types, BOOLEAN), the policy ({@code values:}, {@code public: true}), a
 * function's own range ({@code EXTRACT(MONTH ...)} is 1..12, {@code width_bucket(x, lo, hi, n)}
 * 0..n+1), the grid of an expression over such an interval ({@link
 * dev.dpjdbc.analyze.privacy.DerivedDomains}: date_trunc, CAST(ts AS DATE), epoch buckets), the
 * query's own literals ({@link dev.dpjdbc.analyze.privacy.FilterNarrowing}), or the contents of a
 * table the policy declares public, which by that declaration holds no personal data ({@code
 * analyze.bounds.PublicDomains}: its columns' distinct values, and the keys a foreign key to it may
 * take). No private table's rows are ever read: a foreign key to a table that is not declared
 * public, or a private column, has no domain. The size limit ({@code groups.max_domain_values}) is
 * a policy constant compared with a data-independent count. A backend row whose key is outside the
 * domain is dropped by the driver, never added to another group, so a domain that misses values
 * costs accuracy, never privacy.
 */
package dev.dpjdbc.analyze.privacy;
