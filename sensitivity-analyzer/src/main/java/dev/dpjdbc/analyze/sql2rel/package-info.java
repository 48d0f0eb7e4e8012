/**
 * The relational front end of the analyzer (issue 8, step 1): analyst SQL → validated SQL tree →
 * Calcite {@link org.apache.calcite.rel.RelRoot}. Entry point {@link
 * dev.dpjdbc.analyze.sql2rel.RelFrontEnd}: {@code toRel(sql)} gives the plan, {@code
 * translate(sql)} also the validated tree, its validator, the parameter types and the positions of
 * the analyst's own casts ({@link dev.dpjdbc.analyze.sql2rel.Translation}), so tree-level checks
 * such as the WHERE rule against data-dependent errors still apply.
 *
 * <h2>Stages</h2>
 *
 * <ol>
 *   <li>{@code QueryText}: {@code $n} → {@code ?} (renumbered after parsing so that a
 *       RexDynamicParam's index is {@code n - 1}), {@code INTERVAL '5 years'} → {@code INTERVAL '5'
 *       YEAR} ({@code PostgresIntervals}), on the tokens of dpjdbc's PostgreSQL lexer;
 *   <li>Babel parser with PostgreSQL's lexical rules ({@code SqlParsing.POSTGRES}); one statement;
 *       {@code TimeZoneLiterals}; {@code Refusals} (not a query → 42501; WITH RECURSIVE,
 *       TABLESAMPLE, table functions, UNNEST, MATCH_RECOGNIZE, PIVOT → 0A000; {@code
 *       analyze.parse.QualifiedNames}: a three-part name naming another database → 0A000, the
 *       connection's own database part dropped); {@code OutputNames} (PostgreSQL's column names);
 *   <li>validation by {@code analyze.parse.PostgresValidator} (shared with the old analyzer) over
 *       {@code CatalogSchema} (tables looked up in the live catalog when the query names them),
 *       {@code PostgresOperators}, {@code PostgresCoercion}, {@code PostgresTypeSystem}, BABEL
 *       conformance;
 *   <li>{@code SqlToRelConverter} with {@code expand = false} (subqueries stay RexSubQuery for the
 *       rules below, Calcite's recommended path), no field trimming, IN lists of any length kept as
 *       predicates (Calcite's default turns 20 or more values into a join with VALUES);
 *   <li>{@code RelNormalizer}: subquery removal (FILTER/PROJECT/JOIN_SUB_QUERY_TO_CORRELATE),
 *       {@code RelDecorrelator}, then one Hep collection to a fixpoint: FILTER_INTO_JOIN,
 *       JOIN_CONDITION_PUSH, FILTER_PROJECT_TRANSPOSE, FILTER_MERGE, PROJECT_MERGE, PROJECT_REMOVE,
 *       AGGREGATE_PROJECT_MERGE. Why each, and why not RelFieldTrimmer, filter push-down through
 *       Aggregate or expression reduction, is on {@code RelNormalizer}.
 * </ol>
 *
 * <h2>What converts</h2>
 *
 * Joins (inner, outer, comma joins with the condition in WHERE, USING, NATURAL), subqueries in
 * FROM, CTEs (also with column lists), IN/EXISTS/NOT IN/scalar subqueries (decorrelated into
 * joins), expressions inside aggregates ({@code SUM(price * qty)}, {@code SUM(CASE ...)}, {@code
 * COUNT(*) FILTER (WHERE ...)}, {@code COUNT(DISTINCT x)}, {@code PERCENTILE_CONT(0.5) WITHIN GROUP
 * (ORDER BY x)}), expressions over aggregates, HAVING, ORDER BY alias/position/derived name, GROUP
 * BY alias/position/expression, ROLLUP, DISTINCT, LIMIT/OFFSET/FETCH with literals or parameters,
 * date arithmetic ({@code CURRENT_DATE - 30}, {@code date - date}, {@code now() - INTERVAL '5
 * years'}, {@code to_timestamp}, {@code date_trunc}, {@code EXTRACT}, {@code date_part}),
 * PostgreSQL casts ({@code ::int4}, {@code ::text}, {@code ::float8}), and the wrappers of
 * Metabase, Tableau, Superset, DBeaver and Grafana. Set operations, window functions and row-level
 * queries convert too: refusing them is the privacy analysis' job, not this one's.
 *
 * <h2>Where Calcite differs from PostgreSQL, and what this package does about it</h2>
 *
 * <ul>
 *   <li>GROUP BY a name that is both an input column and an output alias: Calcite takes the alias,
 *       PostgreSQL the input column ({@code SELECT sex AS gender, educ AS sex ... GROUP BY sex,
 *       educ}). {@code PostgresValidator} qualifies such names first. HAVING likewise, and names
 *       inside an ORDER BY expression ({@code ORDER BY educ + 0}); a bare ORDER BY name prefers the
 *       output column in both systems, and one that several output columns have with the same
 *       expression orders by it (Calcite alone calls it ambiguous).
 *   <li>Unnamed output columns: Calcite {@code EXPR$0}, PostgreSQL {@code count}, {@code
 *       date_trunc}, {@code ?column?}. {@code OutputNames} names them (checked against PostgreSQL's
 *       own labels for every test query). Two equal derived names in one subquery are left to
 *       Calcite ({@code EXPR$1}): Calcite cannot expand {@code *} over duplicate names.
 *   <li>{@code INTERVAL '5 years'}: Calcite's grammar wants {@code INTERVAL '5' YEAR}; respelled.
 *       An interval mixing months and days has no single SQL type: 0A000, write two intervals.
 *       {@code '5 years'::interval} and {@code CAST('..' AS INTERVAL)} do not parse (42601): write
 *       {@code INTERVAL '5 years'}. Calcite also limits an interval's leading field to 2 digits
 *       ({@code INTERVAL '365' DAY} fails); the type system allows 9.
 *   <li>{@code $1}: Babel reads it as an identifier, and not at all after LIMIT; respelled. {@code
 *       LIMIT ?} and {@code OFFSET ?} work in Calcite as they are. A parameter whose type nothing
 *       determines ({@code SELECT ?}, {@code ? = ?}) is 42601: write {@code CAST(? AS integer)}.
 *   <li>{@code date ± integer}, {@code date - date}: not Calcite operators; {@code
 *       PostgresCoercion} rewrites the operands ({@code n * INTERVAL '1' DAY}; {@code EXTRACT(EPOCH
 *       FROM CAST(d AS TIMESTAMP)) / 86400}, because Calcite has no EPOCH of a DATE).
 *   <li>{@code date_trunc(text, timestamp)}, {@code now()}, {@code to_timestamp(double)}: not in
 *       Calcite's PostgreSQL library (its DATE_TRUNC is BigQuery's, arguments reversed; its
 *       TO_TIMESTAMP returns a type that cannot be compared with TIMESTAMP); defined in {@code
 *       PostgresOperators}. Function names match ignoring case (Calcite's libraries are upper case,
 *       PostgreSQL folds to lower case).
 *   <li>PostgreSQL type names ({@code int2/int4/int8/float4/float8/text/bool/bpchar/timestamptz})
 *       are named types of the root schema.
 *   <li>{@code TIMESTAMP WITH TIME ZONE '...'} literals (Metabase's date filters): Calcite 1.38
 *       parses but cannot convert them (ClassCastException); {@code TimeZoneLiterals} makes them
 *       casts to {@code timestamptz}.
 *   <li>Types: AVG of an integer is NUMERIC, SUM of an integer BIGINT (Calcite: the argument's
 *       type); NUMERIC up to 1000 digits; timestamps keep microseconds; CASE over strings of
 *       different lengths is VARCHAR ({@code PostgresTypeSystem}).
 *   <li>Not parsed by Babel (42601): {@code DISTINCT ON} (use GROUP BY), {@code FOR UPDATE/SHARE},
 *       {@code WITH x AS [NOT] MATERIALIZED} (drop the keyword), {@code COLLATE "C"}, {@code
 *       LATERAL} function calls, {@code mode() WITHIN GROUP}, and LIMIT/OFFSET with an expression
 *       ({@code LIMIT ? + 1}; a number or one parameter works).
 *   <li>Calcite is more permissive in two places, which only accepts more queries: HAVING may name
 *       an output alias, and so may an ORDER BY expression when no input column has that name
 *       ({@code ORDER BY n + 1}); PostgreSQL refuses both.
 *   <li>Calcite rewrites COALESCE, NULLIF, GREATEST and LEAST into CASE (validator call rewrite,
 *       convertlets), and IS DISTINCT FROM into its expansion.
 * </ul>
 *
 * <h2>What later stages should know</h2>
 *
 * <ul>
 *   <li>A scan's qualified name is as the query wrote it ({@code [employees]}, {@code [public,
 *       employees]}, {@code [db, public, employees]}); the backend's spelling of schema, table and
 *       columns, the primary and foreign keys and the constraint facts are on {@code
 *       scan.getTable().unwrap(CatalogTable.class).meta()}. The primary key is also a unique key of
 *       the table's {@code Statistic}, so {@code RelMetadataQuery.areColumnsUnique} knows it.
 *   <li>Tableau's {@code WHERE (1 = 0)} probe stays a {@code Filter(=(1, 0))} over the wrapped
 *       query (no expression reduction), so the wrapped query is still there to be judged.
 *   <li>{@code RelRoot.fields} carry PostgreSQL's labels, duplicates included.
 *   <li>Calcite's {@code RelToSqlConverter} unparses a negative interval literal as {@code INTERVAL
 *       -'3' MONTH}, which PostgreSQL rejects: the emitter needs a fix before Metabase's
 *       relative-date filters ({@code INTERVAL '-30 day'}) can run.
 *   <li>Calcite needs {@code org.locationtech.jts:jts-core} at run time ({@code BuiltInMethod}
 *       resolves spatial methods when {@code RelOptCluster} is first created).
 * </ul>
 */
package dev.dpjdbc.analyze.sql2rel;
