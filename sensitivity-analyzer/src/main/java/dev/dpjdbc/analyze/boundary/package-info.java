/**
 * The DP boundary (new analyzer, step 1): where a plan leaves private rows.
 *
 * <p>{@link dev.dpjdbc.analyze.boundary.BoundarySplit#split} takes a plan from {@code
 * analyze.sql2rel.RelFrontEnd} and its {@code analyze.privacy.PrivacyAnalysis} and cuts it in
 * three: the private input of the one aggregate over private rows ({@code below}, with its facts),
 * that aggregate (its calls and group keys classified for the bounded rewrite), and the operators
 * above it up to the root, which see only the aggregate's released rows and public data
 * (post-processing). Any plan that cannot be cut so — row-level output, private rows meeting
 * released rows, a unit that cannot be told, two aggregates over private data — is refused with a
 * SQLException naming the construct and a rewrite. A plan without private data comes back as a
 * public {@link dev.dpjdbc.analyze.boundary.Boundary} (no noise needed).
 */
package dev.dpjdbc.analyze.boundary;
